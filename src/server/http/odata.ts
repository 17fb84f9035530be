/**
 * The OData subset the list routes accept: `$filter` with comparisons (eq, ne, gt, ge, lt, le) on
 * simple fields joined by and/or/not and parentheses; `$orderby` on simple fields; `$top`/`$skip`.
 * Anything else is refused with a 400 naming what is unsupported, never silently ignored.
 * Field names match case-insensitively, like the rest of the wire format.
 */
import { ApiError } from './apiError';

export interface ODataQuery {
  $filter?: string | undefined;
  $orderby?: string | undefined;
  $top?: string | undefined;
  $skip?: string | undefined;
}

type Row = Record<string, unknown>;
type Literal = string | number | boolean | null;
type Predicate = (row: Row) => boolean;

const unsupported = (detail: string) =>
  new ApiError(400, 'unsupported-query', 'The query is not supported.', { detail });

type Token =
  | { kind: 'ident'; text: string }
  | { kind: 'literal'; value: Literal }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'comma' };

const TOKEN =
  /\s*(?:(\()|(\))|(,)|'((?:[^']|'')*)'|(\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?)|(-?\d+(?:\.\d+)?)(?![\w-])|([A-Za-z_][A-Za-z0-9_]*))/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw unsupported(`$filter: cannot read "${text.slice(start).trim()}".`);
    if (m[1]) tokens.push({ kind: 'open' });
    else if (m[2]) tokens.push({ kind: 'close' });
    else if (m[3]) tokens.push({ kind: 'comma' });
    else if (m[4] !== undefined) tokens.push({ kind: 'literal', value: m[4].replace(/''/g, "'") });
    else if (m[5]) tokens.push({ kind: 'literal', value: m[5] });
    else if (m[6]) tokens.push({ kind: 'literal', value: Number(m[6]) });
    else if (m[7]) {
      const word = m[7];
      const lower = word.toLowerCase();
      if (lower === 'true' || lower === 'false') tokens.push({ kind: 'literal', value: lower === 'true' });
      else if (lower === 'null') tokens.push({ kind: 'literal', value: null });
      else tokens.push({ kind: 'ident', text: word });
    }
  }
  return tokens;
}

const COMPARATORS: Record<string, (a: unknown, b: Literal) => boolean> = {
  eq: (a, b) => a === b || (a === undefined && b === null),
  ne: (a, b) => !(a === b || (a === undefined && b === null)),
  gt: (a, b) => compare(a, b) > 0,
  ge: (a, b) => compare(a, b) >= 0,
  lt: (a, b) => compare(a, b) < 0,
  le: (a, b) => compare(a, b) <= 0,
};

function compare(a: unknown, b: Literal): number {
  if (a === null || a === undefined || b === null) return Number.NaN;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    const da = Date.parse(a);
    const db = Date.parse(b);
    if (!Number.isNaN(da) && !Number.isNaN(db) && /^\d{4}-/.test(a) && /^\d{4}-/.test(b)) return da - db;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return Number.NaN;
}

class FilterParser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly resolveField: (name: string) => string,
  ) {}

  parse(): Predicate {
    const predicate = this.or();
    if (this.position < this.tokens.length) throw unsupported('$filter: unexpected text after the expression.');
    return predicate;
  }

  private peekWord(): string | null {
    const token = this.tokens[this.position];
    return token?.kind === 'ident' ? token.text.toLowerCase() : null;
  }

  private or(): Predicate {
    let left = this.and();
    while (this.peekWord() === 'or') {
      this.position += 1;
      const right = this.and();
      const l = left;
      left = (row) => l(row) || right(row);
    }
    return left;
  }

  private and(): Predicate {
    let left = this.unary();
    while (this.peekWord() === 'and') {
      this.position += 1;
      const right = this.unary();
      const l = left;
      left = (row) => l(row) && right(row);
    }
    return left;
  }

  private unary(): Predicate {
    if (this.peekWord() === 'not') {
      this.position += 1;
      const inner = this.unary();
      return (row) => !inner(row);
    }
    const token = this.tokens[this.position];
    if (token?.kind === 'open') {
      this.position += 1;
      const inner = this.or();
      if (this.tokens[this.position]?.kind !== 'close') throw unsupported('$filter: missing ")".');
      this.position += 1;
      return inner;
    }
    return this.comparison();
  }

  private comparison(): Predicate {
    const fieldToken = this.tokens[this.position];
    const opToken = this.tokens[this.position + 1];
    const valueToken = this.tokens[this.position + 2];
    if (fieldToken?.kind !== 'ident') throw unsupported('$filter: expected a field name.');
    if (this.tokens[this.position + 1]?.kind === 'open') {
      throw unsupported(`$filter: the function "${fieldToken.text}" is not supported.`);
    }
    const op = opToken?.kind === 'ident' ? opToken.text.toLowerCase() : '';
    const comparator = COMPARATORS[op];
    if (!comparator) throw unsupported(`$filter: expected eq, ne, gt, ge, lt or le after "${fieldToken.text}".`);
    if (valueToken?.kind !== 'literal') {
      throw unsupported(`$filter: "${fieldToken.text} ${op}" must be followed by a literal value.`);
    }
    this.position += 3;
    const field = this.resolveField(fieldToken.text);
    const value = valueToken.value;
    return (row) => comparator(row[field], value);
  }
}

function fieldResolver(fields: readonly string[], parameter: string) {
  const byLower = new Map(fields.map((f) => [f.toLowerCase(), f]));
  return (name: string) => {
    const field = byLower.get(name.toLowerCase());
    if (!field) throw unsupported(`${parameter}: unknown field "${name}".`);
    return field;
  };
}

function parseCount(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw unsupported(`${name} must be a whole number of zero or more.`);
  return Number(value);
}

function orderComparator(orderby: string, resolve: (name: string) => string) {
  const keys = orderby.split(',').map((part) => {
    const [name, direction, ...rest] = part.trim().split(/\s+/);
    const dir = (direction ?? 'asc').toLowerCase();
    if (!name || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) {
      throw unsupported(`$orderby: cannot read "${part.trim()}".`);
    }
    return { field: resolve(name), sign: dir === 'desc' ? -1 : 1 };
  });
  return (a: Row, b: Row) => {
    for (const { field, sign } of keys) {
      const x = a[field];
      const y = b[field];
      if (x === y) continue;
      if (x === null || x === undefined) return -sign;
      if (y === null || y === undefined) return sign;
      return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}

/**
 * Validates an OData query against the fields of the listed model (throws a 400 ApiError for
 * anything unsupported) and returns a function that applies it to a list.
 */
export function compileOData<T extends object>(query: ODataQuery, fields: readonly string[]) {
  const top = parseCount(query.$top, '$top');
  const skip = parseCount(query.$skip, '$skip') ?? 0;
  const filter = query.$filter
    ? new FilterParser(tokenize(query.$filter), fieldResolver(fields, '$filter')).parse()
    : null;
  const order = query.$orderby ? orderComparator(query.$orderby, fieldResolver(fields, '$orderby')) : null;
  return (items: readonly T[]): T[] => {
    let rows = items as readonly Row[];
    if (filter) rows = rows.filter(filter);
    if (order) rows = [...rows].sort(order);
    const end = top === undefined ? undefined : skip + top;
    return rows.slice(skip, end) as T[];
  };
}
