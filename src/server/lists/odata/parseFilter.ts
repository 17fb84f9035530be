/**
 * Reads an OData v3 `$filter` into a small syntax tree, within hard limits on its length, nesting
 * and number of comparisons, so no filter can make the parser (or the SQL built from it) recurse
 * without bound. Supported: comparisons (eq ne gt ge lt le) of a field with a literal, joined by
 * and/or/not and parentheses; a bare boolean field. Literals as the vendor's SDK writes them:
 * `'text'` ('' escapes a quote), numbers with the v3 suffixes (`9.5M`, `10L`, `1.5d`, `2f`),
 * true/false/null, `datetime'2016-04-01T00:00:00'`, `datetimeoffset'…'` and bare ISO dates.
 * Type checks against fields happen later (compileFilter.ts), where the field types are known.
 */
import { ODATA_LIMITS } from '../../../contract/paging';
import { unsupportedQuery } from './unsupportedQuery';

export type Literal =
  | { kind: 'null' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'string'; value: string }
  /** `text` is the number without its suffix, valid PostgreSQL numeric input. */
  | { kind: 'number'; text: string; isInteger: boolean }
  /**
   * `text` is ISO-8601 with a time (`T00:00:00` added to a bare date); `hasOffset` when it names an
   * instant (Z or ±hh:mm); `wallClockMs` is its date and time read as if in UTC.
   */
  | { kind: 'datetime'; text: string; hasOffset: boolean; wallClockMs: number };

export const COMPARISONS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'compare'; field: string; op: Comparison; value: Literal };

type Token =
  | { kind: 'ident'; text: string }
  | { kind: 'literal'; value: Literal }
  | { kind: 'open' }
  | { kind: 'close' }
  /** Only ever inside a function call, which is refused with its name. */
  | { kind: 'comma' };

const ISO_DATE = String.raw`\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:\d{2})?)?`;
const TOKEN = new RegExp(
  [
    String.raw`\s*(?:(\()`, // 1 (
    String.raw`(\)|,)`, // 2 ) or ,
    String.raw`'((?:[^']|'')*)'`, // 3 'string'
    String.raw`([A-Za-z]+)'((?:[^']|'')*)'`, // 4 type, 5 body: datetime'…'
    String.raw`(${ISO_DATE})(?![\w:.+-])`, // 6 bare ISO date
    String.raw`(-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?)([mMdDfFlL])?(?![\w.])`, // 7 number, 8 suffix
    String.raw`([A-Za-z_][A-Za-z0-9_]*))`, // 9 word
  ].join('|'),
  'y',
);

const ISO_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

/** The ISO-8601 text as a checked datetime literal, or null when it is not a real date-time. */
export function isoLiteral(text: string): Extract<Literal, { kind: 'datetime' }> | null {
  const m = ISO_PARTS.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [
    number, number, number, number, number, number,
  ];
  const at = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  at.setUTCFullYear(year);
  const real =
    year >= 1 &&
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second &&
    Number(m[8] ?? 0) <= 23 &&
    Number(m[9] ?? 0) <= 59;
  if (!real) return null;
  return { kind: 'datetime', text: m[4] === undefined ? `${text}T00:00:00` : text, hasOffset: m[7] !== undefined, wallClockMs: at.getTime() };
}

function numberLiteral(text: string, suffix: string | undefined): Literal {
  const isInteger = /^-?\d+$/.test(text);
  if (!Number.isFinite(Number(text))) throw unsupportedQuery('$filter', `the number ${text} is out of range.`);
  if (suffix?.toLowerCase() === 'l' && !isInteger) throw unsupportedQuery('$filter', `${text}L is not a whole number.`);
  return { kind: 'number', text, isInteger };
}

function typedLiteral(type: string, body: string): Literal {
  const lower = type.toLowerCase();
  if (lower === 'datetime' || lower === 'datetimeoffset') {
    const parsed = isoLiteral(body);
    if (!parsed) throw unsupportedQuery('$filter', `${type}'${body}' is not a real date and time.`);
    return parsed;
  }
  throw unsupportedQuery('$filter', `${type}'…' literals are not supported (use 'text', numbers, true/false/null or datetime'…').`);
}

/**
 * The text of a quoted literal ('' is a quote). NUL is refused: no stored text holds it (requests
 * refuse it in text, wireTypes.NO_NUL_PATTERN) and PostgreSQL cannot take it as a parameter.
 * Other control characters are text like any other: a filter may name a value that holds one.
 */
function textLiteral(quoted: string): string {
  if (quoted.includes('\u0000')) throw unsupportedQuery('$filter', 'a text literal must not contain the NUL character.');
  return quoted.replace(/''/g, "'");
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    if (/^\s*$/.test(text.slice(start))) break;
    const m = TOKEN.exec(text);
    if (!m) throw unsupportedQuery('$filter', `cannot read "${text.slice(start).trim().slice(0, 40)}".`);
    if (m[1]) tokens.push({ kind: 'open' });
    else if (m[2]) tokens.push(m[2] === ',' ? { kind: 'comma' } : { kind: 'close' });
    else if (m[3] !== undefined) tokens.push({ kind: 'literal', value: { kind: 'string', value: textLiteral(m[3]) } });
    else if (m[4] !== undefined) tokens.push({ kind: 'literal', value: typedLiteral(m[4], textLiteral(m[5] ?? '')) });
    else if (m[6]) {
      const parsed = isoLiteral(m[6]);
      if (!parsed) throw unsupportedQuery('$filter', `${m[6]} is not a real date and time.`);
      tokens.push({ kind: 'literal', value: parsed });
    } else if (m[7]) tokens.push({ kind: 'literal', value: numberLiteral(m[7], m[8]) });
    else if (m[9]) {
      const lower = m[9].toLowerCase();
      if (lower === 'true' || lower === 'false') tokens.push({ kind: 'literal', value: { kind: 'boolean', value: lower === 'true' } });
      else if (lower === 'null') tokens.push({ kind: 'literal', value: { kind: 'null' } });
      else tokens.push({ kind: 'ident', text: m[9] });
    }
  }
  return tokens;
}

const isComparison = (word: string | null): word is Comparison => COMPARISONS.some((op) => op === word);

class FilterParser {
  private position = 0;
  private terms = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): FilterNode {
    const node = this.or(0);
    if (this.position < this.tokens.length) throw unsupportedQuery('$filter', 'unexpected text after the expression.');
    return node;
  }

  private word(offset = 0): string | null {
    const token = this.tokens[this.position + offset];
    return token?.kind === 'ident' ? token.text.toLowerCase() : null;
  }

  private or(depth: number): FilterNode {
    const items = [this.and(depth)];
    while (this.word() === 'or') {
      this.position += 1;
      items.push(this.and(depth));
    }
    return items.length === 1 ? (items[0] as FilterNode) : { kind: 'or', items };
  }

  private and(depth: number): FilterNode {
    const items = [this.unary(depth)];
    while (this.word() === 'and') {
      this.position += 1;
      items.push(this.unary(depth));
    }
    return items.length === 1 ? (items[0] as FilterNode) : { kind: 'and', items };
  }

  private unary(depth: number): FilterNode {
    const token = this.tokens[this.position];
    const nests = this.word() === 'not' || token?.kind === 'open';
    if (nests && depth >= ODATA_LIMITS.maxFilterDepth) {
      throw unsupportedQuery('$filter', `nested more than ${ODATA_LIMITS.maxFilterDepth} levels deep.`);
    }
    if (this.word() === 'not') {
      this.position += 1;
      return { kind: 'not', item: this.unary(depth + 1) };
    }
    if (token?.kind === 'open') {
      this.position += 1;
      const inner = this.or(depth + 1);
      if (this.tokens[this.position]?.kind !== 'close') throw unsupportedQuery('$filter', 'missing ")".');
      this.position += 1;
      return inner;
    }
    return this.comparison();
  }

  private comparison(): FilterNode {
    const fieldToken = this.tokens[this.position];
    if (fieldToken?.kind !== 'ident') throw unsupportedQuery('$filter', 'expected a field name.');
    if (this.tokens[this.position + 1]?.kind === 'open') {
      throw unsupportedQuery('$filter', `the function "${fieldToken.text}" is not supported.`);
    }
    this.terms += 1;
    if (this.terms > ODATA_LIMITS.maxFilterTerms) {
      throw unsupportedQuery('$filter', `more than ${ODATA_LIMITS.maxFilterTerms} comparisons.`);
    }
    const op = this.word(1);
    const next = this.tokens[this.position + 1];
    // A bare boolean field (`isGlobal`) means `isGlobal eq true`.
    if (next === undefined || next.kind === 'close' || op === 'and' || op === 'or') {
      this.position += 1;
      return { kind: 'compare', field: fieldToken.text, op: 'eq', value: { kind: 'boolean', value: true } };
    }
    if (!isComparison(op)) throw unsupportedQuery('$filter', `expected eq, ne, gt, ge, lt or le after "${fieldToken.text}".`);
    const valueToken = this.tokens[this.position + 2];
    if (valueToken?.kind !== 'literal') {
      throw unsupportedQuery('$filter', `"${fieldToken.text} ${op}" must be followed by a literal value.`);
    }
    this.position += 3;
    return { kind: 'compare', field: fieldToken.text, op, value: valueToken.value };
  }
}

/** Parses a `$filter` (throws a 400 `unsupported-query` naming what cannot be read). */
export function parseFilter(text: string): FilterNode {
  if (text.length > ODATA_LIMITS.maxFilterLength) {
    throw unsupportedQuery('$filter', `longer than ${ODATA_LIMITS.maxFilterLength} characters.`);
  }
  return new FilterParser(tokenize(text)).parse();
}
