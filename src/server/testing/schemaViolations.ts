/**
 * Values that break a JSON Schema as the service's OpenAPI document states it, for the fuzz test.
 * Candidates come from the schema itself: wrong JSON types, numbers past their range, text past
 * its length or pattern, implausible or impossible dates, strings outside an enum, arrays too long
 * or holding a bad item, objects missing a required member or holding a bad one (recursively).
 * Each candidate is kept only if the schema refuses it (SchemaSet.accepts), so the test never
 * expects a 400 for a value the schema allows.
 */
import fc from 'fast-check';
import { jsonTypeOf, type SchemaNode, type SchemaSet, type ValueHint } from './schemaSet';

/** A value the schema refuses, and why (for failure messages). */
export interface Violation {
  value: unknown;
  why: string;
}

/** Characters that are one UTF-16 unit each, so `.length` and JSON Schema's length agree. */
const WIDE_TEXT = 'é中ж';
const BAD_DATE_TIMES = [
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1899-12-31T23:59:59Z',
  '2101-01-01T00:00:00',
  '2024-02-30T10:00:00Z',
  '2026-13-01T00:00:00',
  '2026-01-01T25:00:00',
  'yesterday',
  '',
];
const WRONG_TYPES: readonly unknown[] = ['text', 12345, 1.5, -1, true, {}, [], null];
/** Past the body limit for arrays: enough items to hurt a naive IN (...) list. */
const HUGE_ARRAY_ITEMS = 50_000;

export class SchemaViolations {
  constructor(private readonly schemas: SchemaSet) {}

  /**
   * Values the schema refuses, or null when it accepts everything (e.g. an unconstrained `any`).
   * `depth` bounds how far into nested objects and arrays the search goes.
   */
  forValue(input: SchemaNode, field: string, hint: ValueHint, depth = 3): fc.Arbitrary<Violation> | null {
    const node = this.schemas.resolve(input);
    const refused = (values: readonly unknown[], why: (value: unknown) => string) =>
      values.filter((value) => !this.schemas.accepts(node, value)).map((value) => ({ value, why: why(value) }));
    const flat: Violation[] = [...refused(WRONG_TYPES, (value) => `${field} of type ${jsonTypeOf(value)}`)];
    const nested: fc.Arbitrary<Violation>[] = [];

    const members = node['x-enum-members'];
    if (members) flat.push(...refused(['NotAMember', members.length, String(members.length), -1], () => `${field} names no member`));
    const branches = node.anyOf ? node.anyOf.map((b) => this.schemas.resolve(b)) : [node];
    for (const branch of branches) {
      if (branch.enum) {
        flat.push(...refused(['NotAMember', String(branch.enum[0]).toLowerCase(), 'ñ'], () => `${field} outside the enum`));
      }

      const types = branch.type === undefined ? [] : Array.isArray(branch.type) ? branch.type : [branch.type];
      if (types.includes('string')) flat.push(...refused(this.badStrings(branch), (value) => `${field}: ${describeText(value)}`));
      if (types.includes('integer') || types.includes('number')) {
        flat.push(...refused(badNumbers(branch), (value) => `${field} = ${String(value)}`));
      }
      if (types.includes('array') && branch.items) {
        const items = branch.items;
        const valid = this.schemas.validValue(items, field, hint);
        const lengths = [...(branch.maxItems !== undefined ? [branch.maxItems + 1] : []), HUGE_ARRAY_ITEMS, 0];
        const arrays = lengths.map((length) => Array.from({ length }, () => valid));
        flat.push(...refused(arrays, (value) => `${field} with ${(value as unknown[]).length} items`));
        const bad = depth > 0 ? this.forValue(items, `${field}[1]`, hint, depth - 1) : null;
        if (bad) nested.push(bad.map((v) => ({ value: [valid, v.value], why: v.why })));
      }
      if (types.includes('object') && depth > 0) nested.push(...this.objectViolations(branch, field, hint, depth));
    }
    // A nested violation is refused by its member's schema; check the whole, in case of a union.
    const checked = nested.map((arbitrary) => arbitrary.filter((v) => !this.schemas.accepts(node, v.value)));
    // Reaching into members finds more than another wrong type for the whole: weigh it higher.
    const arbitraries = [
      ...(flat.length > 0 ? [{ arbitrary: fc.constantFrom(...flat), weight: 1 }] : []),
      ...checked.map((arbitrary) => ({ arbitrary, weight: 3 })),
    ];
    if (arbitraries.length === 0) return null;
    return fc.oneof(...arbitraries);
  }

  private objectViolations(node: SchemaNode, field: string, hint: ValueHint, depth: number): fc.Arbitrary<Violation>[] {
    const base = this.schemas.baseObject(node, hint);
    const out: fc.Arbitrary<Violation>[] = [];
    const missing = (node.required ?? []).map((name) => {
      const value = { ...base };
      delete value[name];
      return { value, why: `${field} without required ${name}` };
    });
    if (missing.length > 0) out.push(fc.constantFrom(...missing));
    const members = Object.entries(node.properties ?? {})
      .map(([name, inner]) => ({ name, bad: this.forValue(inner, field ? `${field}.${name}` : name, hint, depth - 1) }))
      .filter((member): member is { name: string; bad: fc.Arbitrary<Violation> } => member.bad !== null);
    if (members.length > 0) {
      out.push(
        fc.constantFrom(...members).chain(({ name, bad }) => bad.map((v) => ({ value: { ...base, [name]: v.value }, why: v.why }))),
      );
    }
    return out;
  }

  private badStrings(node: SchemaNode): unknown[] {
    const out: unknown[] = [];
    if (node.maxLength !== undefined) {
      out.push('x'.repeat(node.maxLength + 1), WIDE_TEXT.repeat(Math.ceil((node.maxLength + 1) / WIDE_TEXT.length)), 'x'.repeat(100_000));
    }
    if (node.minLength !== undefined && node.minLength > 0) out.push('');
    if (node.pattern !== undefined) out.push('not / a match!', '１２:３４', '\u0000');
    if (node.format === 'date-time') out.push(...BAD_DATE_TIMES);
    return out;
  }

  /**
   * Text for a path or query parameter the schema refuses (parameters always arrive as text; the
   * service reads integers and booleans out of it). Null when any text is acceptable.
   */
  forParameter(input: SchemaNode, name: string): fc.Arbitrary<Violation> | null {
    const node = this.schemas.resolve(input);
    // The node itself too: an enum taken in any case or by number lists its members beside anyOf.
    const branches = [node, ...(node.anyOf ?? []).map((branch) => this.schemas.resolve(branch))];
    const candidates = [...new Set(branches.flatMap((branch) => this.parameterCandidates(branch)))];
    const refused = candidates
      .filter((text) => !this.schemas.acceptsParameter(node, text))
      .map((text) => ({ value: text, why: `${name}=${describeText(text)}` }));
    return refused.length > 0 ? fc.constantFrom(...refused) : null;
  }

  /** Texts that may break one branch of a parameter's schema (each is checked against the whole). */
  private parameterCandidates(node: SchemaNode): string[] {
    const members = node['x-enum-members'];
    return [
      ...(members ? ['NotAMember', String(members.length), '-1'] : []),
      ...(node.enum ? ['NotAMember', String(node.enum[0]).toLowerCase()] : []),
      ...(node.type === 'integer'
        ? ['0', '-1', '1.5', 'abc', '2147483648', '-2147483649', '9999999999', '99999999999999999999999', '١٢', '1%2F2', '%F0%9F%98%80', 'x'.repeat(10_000)]
        : []),
      ...(node.type === 'boolean' ? ['yes', '1', 'truthy', 'ja'] : []),
      ...(node.type === 'string' ? this.badStrings(node).filter((value): value is string => typeof value === 'string' && value !== '') : []),
    ];
  }
}

function badNumbers(node: SchemaNode): unknown[] {
  const out: unknown[] = [1.5, '1', 2 ** 31, -(2 ** 31) - 1, 1e15, Number.MAX_SAFE_INTEGER + 2];
  if (node.maximum !== undefined) out.push(node.maximum + 1);
  if (node.minimum !== undefined) out.push(node.minimum - 1);
  return out;
}

/** A short description of a long or odd text, for failure messages. */
export function describeText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? String(value);
  return value.length > 40 ? `${JSON.stringify(value.slice(0, 20))}… (${value.length} characters)` : JSON.stringify(value);
}
