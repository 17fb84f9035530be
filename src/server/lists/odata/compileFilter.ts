/**
 * Turns a parsed `$filter` into a Drizzle `sql` condition over a route's field map. Literals are
 * checked against the field's type (a 400 names the field when they cannot be compared) and always
 * sent as parameters with an explicit cast.
 *
 * Semantics are two-valued, as the vendor's (and this service's former in-memory filter) are: a
 * comparison with a null field is false, and `not` of it is true. `not` is pushed down to the
 * comparisons (De Morgan), so `ne` becomes `IS DISTINCT FROM` and a negated `gt` keeps null rows;
 * the positive forms stay plain comparisons that indexes serve.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FieldSpec, SupportedField } from './fields';
import type { Comparison, FilterNode, Literal } from './parseFilter';
import { isoLiteral } from './parseFilter';
import { unsupportedQuery } from './unsupportedQuery';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const DAY_MS = 86_400_000;

const NEGATED: Record<Comparison, Comparison> = { eq: 'ne', ne: 'eq', gt: 'le', ge: 'lt', lt: 'ge', le: 'gt' };
const OPERATOR: Record<Exclude<Comparison, 'eq' | 'ne'>, string> = { gt: '>', ge: '>=', lt: '<', le: '<=' };

export type ResolveField = (name: string, parameter: string) => { name: string; spec: SupportedField };

/** Resolves field names case-insensitively against a field map; unknown and unsupported fields are a 400. */
export function fieldResolver(fields: Readonly<Record<string, FieldSpec>>): ResolveField {
  const byLower = new Map(Object.entries(fields).map(([name, spec]) => [name.toLowerCase(), { name, spec }]));
  return (name, parameter) => {
    const found = byLower.get(name.toLowerCase());
    if (!found) throw unsupportedQuery(parameter, `unknown field "${name}".`);
    const { spec } = found;
    if (spec.type === 'unsupported') throw unsupportedQuery(parameter, `the field "${found.name}" ${spec.reason} and cannot be filtered or ordered.`);
    return { name: found.name, spec };
  };
}

const mismatch = (field: string, expected: string) => unsupportedQuery('$filter', `the field "${field}" needs ${expected}.`);

/** The literal as a typed SQL parameter for a scalar field of this type. */
function scalarValue(field: string, type: Exclude<SupportedField['type'], 'localDateTime' | 'enum'>, value: Exclude<Literal, { kind: 'null' }>): SQL {
  switch (type) {
    case 'int':
    case 'intText': {
      if (type === 'intText' && value.kind === 'string') {
        const n = /^-?\d{1,10}$/.test(value.value) ? Number(value.value) : Number.NaN;
        return n >= INT32_MIN && n <= INT32_MAX ? sql`${String(n)}::integer` : sql`${value.value}::text`;
      }
      if (value.kind !== 'number') throw mismatch(field, type === 'int' ? 'a number' : "a number or an id in quotes ('12')");
      const n = Number(value.text);
      return value.isInteger && n >= INT32_MIN && n <= INT32_MAX ? sql`${value.text}::integer` : sql`${value.text}::numeric`;
    }
    case 'decimal':
      if (value.kind !== 'number') throw mismatch(field, 'a number (e.g. 9.5M)');
      return sql`${value.text}::numeric`;
    case 'text':
      if (value.kind !== 'string') throw mismatch(field, "text in quotes ('…')");
      return sql`${value.value}::text`;
    case 'bool':
      if (value.kind !== 'boolean') throw mismatch(field, 'true or false');
      return value.value ? sql`TRUE` : sql`FALSE`;
    case 'instant': {
      const at = dateTimeOf(field, value);
      return sql`${at.hasOffset ? at.text : `${at.text}Z`}::timestamptz`;
    }
  }
}

/** An enum literal as its canonical member name: a name in any case, or the member's number. */
function enumValue(field: string, members: readonly string[], value: Exclude<Literal, { kind: 'null' }>): SQL {
  const found =
    value.kind === 'string'
      ? (members.find((member) => member.toLowerCase() === value.value.toLowerCase()) ?? (/^\d+$/.test(value.value) ? members[Number(value.value)] : undefined))
      : value.kind === 'number' && value.isInteger
        ? members[Number(value.text)]
        : undefined;
  if (found === undefined) throw mismatch(field, `one of ${members.join(', ')} (in any case, in quotes) or its number 0 to ${members.length - 1}`);
  return sql`${found}::text`;
}

function dateTimeOf(field: string, value: Exclude<Literal, { kind: 'null' }>): Extract<Literal, { kind: 'datetime' }> {
  const at = value.kind === 'datetime' ? value : value.kind === 'string' ? isoLiteral(value.value) : null;
  if (!at) throw mismatch(field, "a date and time (datetime'2016-04-01T00:00:00')");
  return at;
}

/** An instant as ISO text PostgreSQL reads, or null outside the years 1 to 9999. */
function instantText(ms: number): string | null {
  const at = new Date(ms);
  const year = at.getUTCFullYear();
  return year >= 1 && year <= 9999 ? at.toISOString() : null;
}

/** `a op b` with two-valued semantics for an effective (already negated) comparison. */
function comparison(left: SQLWrapper, op: Comparison, right: SQL, nullable: boolean, keepNulls: boolean): SQL {
  if (op === 'eq') return sql`${left} = ${right}`;
  if (op === 'ne') return nullable ? sql`${left} IS DISTINCT FROM ${right}` : sql`${left} <> ${right}`;
  const plain = sql`${left} ${sql.raw(OPERATOR[op])} ${right}`;
  return keepNulls && nullable ? sql`(${plain} OR ${left} IS NULL)` : plain;
}

function leaf(resolve: ResolveField, node: Extract<FilterNode, { kind: 'compare' }>, negated: boolean): SQL {
  const { name, spec } = resolve(node.field, '$filter');
  const op = negated ? NEGATED[node.op] : node.op;
  // A negated ordering comparison is true for nulls (not (x gt 5) holds when x is null).
  const keepNulls = negated && node.op !== 'eq' && node.op !== 'ne';
  const value = node.value;
  const column = spec.type === 'localDateTime' ? spec.utc : spec.sql;
  if (value.kind === 'null') {
    if (op === 'eq') return sql`${column} IS NULL`;
    if (op === 'ne') return sql`${column} IS NOT NULL`;
    throw unsupportedQuery('$filter', `"${name}" can only be compared with null using eq or ne.`);
  }
  if (spec.type === 'enum') return comparison(spec.sql, op, enumValue(name, spec.members, value), spec.nullable, keepNulls);
  if (spec.type !== 'localDateTime') return comparison(spec.sql, op, scalarValue(name, spec.type, value), spec.nullable, keepNulls);

  const at = dateTimeOf(name, value);
  // An offset names an instant: compare the instant itself.
  if (at.hasOffset) return comparison(spec.utc, op, sql`${at.text}::timestamptz`, spec.nullable, keepNulls);
  // A wall-clock time: compare in each row's zone, narrowed first to instants within a day of it
  // (no zone is a day away from UTC), so an index on the instant still serves the query.
  const wallClock = sql`timezone(${spec.zone}, ${spec.utc})`;
  const exact = comparison(wallClock, op, sql`${at.text}::timestamp`, spec.nullable, false);
  const bounds: SQL[] = [];
  const after = instantText(at.wallClockMs - DAY_MS);
  const before = instantText(at.wallClockMs + DAY_MS);
  if (after && (op === 'eq' || op === 'gt' || op === 'ge')) bounds.push(sql`${spec.utc} > ${after}::timestamptz`);
  if (before && (op === 'eq' || op === 'lt' || op === 'le')) bounds.push(sql`${spec.utc} < ${before}::timestamptz`);
  const narrowed = bounds.length === 0 ? exact : sql`(${sql.join([...bounds, exact], sql` AND `)})`;
  return keepNulls && spec.nullable ? sql`(${narrowed} OR ${spec.utc} IS NULL)` : narrowed;
}

/** The SQL condition for a parsed filter (not iterative beyond the parser's depth limit). */
export function compileFilter(node: FilterNode, resolve: ResolveField, negated = false): SQL {
  switch (node.kind) {
    case 'compare':
      return leaf(resolve, node, negated);
    case 'not':
      return compileFilter(node.item, resolve, !negated);
    case 'and':
    case 'or': {
      const joinsWithAnd = (node.kind === 'and') !== negated;
      const parts = node.items.map((item) => compileFilter(item, resolve, negated));
      return sql`(${sql.join(parts, joinsWithAnd ? sql` AND ` : sql` OR `)})`;
    }
  }
}
