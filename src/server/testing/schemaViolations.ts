/**
 * Values that break a JSON Schema as the service's OpenAPI document states it, for the fuzz test.
 * Candidates come from the schema itself: wrong JSON types, numbers past their range, text past
 * its length or pattern, implausible or impossible dates, strings outside an enum, arrays too long
 * or holding a bad item, objects missing a required member or holding a bad one (recursively).
 * Each candidate is kept only if `accepts` (a validator for the keywords the document uses)
 * refuses it, so the test never expects a 400 for a value the schema allows. `validValue` gives
 * the other half: a value the schema accepts, so a request can be right in all but one place.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { dateTimeProblem } from '../../contract/wireTypes';

export interface SchemaNode {
  $ref?: string | undefined;
  type?: string | string[] | undefined;
  format?: string | undefined;
  enum?: unknown[] | undefined;
  pattern?: string | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  properties?: Record<string, SchemaNode> | undefined;
  required?: string[] | undefined;
  items?: SchemaNode | undefined;
  anyOf?: SchemaNode[] | undefined;
  example?: unknown;
}

export const SchemaNode: z.ZodType<SchemaNode> = z.lazy(() =>
  z.looseObject({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    pattern: z.string().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    properties: z.record(z.string(), SchemaNode).optional(),
    required: z.array(z.string()).optional(),
    items: SchemaNode.optional(),
    anyOf: z.array(SchemaNode).optional(),
    example: z.unknown().optional(),
  }),
);

/** A value the schema refuses, and why (for failure messages). */
export interface Violation {
  value: unknown;
  why: string;
}

/** Supplies valid values for fields whose right value is context (real ids of the test tenant). */
export type ValueHint = (field: string) => unknown;

const INT32_MAX = 2 ** 31 - 1;
const VALID_DATE_TIME = '2026-01-05T09:00:00Z';
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

const jsonTypeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

export class SchemaSet {
  constructor(private readonly components: Record<string, SchemaNode>) {}

  resolve(node: SchemaNode): SchemaNode {
    let current = node;
    for (let hops = 0; current.$ref && hops < 10; hops += 1) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = this.components[name];
      if (!target) throw new Error(`Unresolvable $ref ${current.$ref}`);
      current = target;
    }
    return current;
  }

  /** Whether the schema accepts the value (the keywords the service's document uses). */
  accepts(input: SchemaNode, value: unknown): boolean {
    const node = this.resolve(input);
    if (node.anyOf) return node.anyOf.some((branch) => this.accepts(branch, value));
    if (node.enum && !node.enum.includes(value)) return false;
    const types = node.type === undefined ? null : Array.isArray(node.type) ? node.type : [node.type];
    const actual = jsonTypeOf(value);
    if (types && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return false;
    if (typeof value === 'string') {
      if (node.maxLength !== undefined && value.length > node.maxLength) return false;
      if (node.minLength !== undefined && value.length < node.minLength) return false;
      if (node.pattern !== undefined && !new RegExp(node.pattern).test(value)) return false;
      if (node.format === 'date-time' && dateTimeProblem(value) !== null) return false;
    }
    if (typeof value === 'number') {
      if (node.maximum !== undefined && value > node.maximum) return false;
      if (node.minimum !== undefined && value < node.minimum) return false;
    }
    if (Array.isArray(value)) {
      if (node.maxItems !== undefined && value.length > node.maxItems) return false;
      if (node.minItems !== undefined && value.length < node.minItems) return false;
      const items = node.items;
      if (items && !value.every((item) => this.accepts(items, item))) return false;
    }
    if (actual === 'object') {
      const record = value as Record<string, unknown>;
      if ((node.required ?? []).some((name) => record[name] === undefined)) return false;
      for (const [name, inner] of Object.entries(node.properties ?? {})) {
        if (record[name] !== undefined && !this.accepts(inner, record[name])) return false;
      }
    }
    return true;
  }

  /**
   * A value the schema accepts: hinted where the field names context, else the simplest one;
   * objects get their required members (and hinted ones) only.
   */
  validValue(input: SchemaNode, field: string, hint: ValueHint): unknown {
    const node = this.resolve(input);
    const hinted = hint(field);
    if (hinted !== undefined && this.accepts(node, hinted)) return hinted;
    const value = this.simplestValue(node, field, hint);
    if (!this.accepts(node, value)) throw new Error(`No valid value found for ${field}: ${JSON.stringify(node)}`);
    return value;
  }

  private simplestValue(node: SchemaNode, field: string, hint: ValueHint): unknown {
    if (node.anyOf) {
      const branch = node.anyOf.find((b) => this.resolve(b).type !== 'null') ?? node.anyOf[0];
      return branch ? this.validValue(branch, field, hint) : null;
    }
    if (node.enum) return node.enum[0];
    if (node.example !== undefined && this.accepts({ ...node, example: undefined }, node.example)) return node.example;
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    const type = types.find((t) => t !== 'null') ?? 'null';
    switch (type) {
      case 'string':
        return node.format === 'date-time' ? VALID_DATE_TIME : 'x'.repeat(Math.max(1, node.minLength ?? 1));
      case 'integer':
      case 'number':
        return Math.min(Math.max(1, node.minimum ?? 1), node.maximum ?? INT32_MAX);
      case 'boolean':
        return false;
      case 'array':
        return Array.from({ length: node.minItems ?? 0 }, () => (node.items ? this.validValue(node.items, field, hint) : null));
      case 'object':
        return this.baseObject(node, hint);
      default:
        return null;
    }
  }

  /** The required members of an object schema, plus those the hint knows, all valid. */
  baseObject(input: SchemaNode, hint: ValueHint): Record<string, unknown> {
    const node = this.resolve(input);
    const required = new Set(node.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(node.properties ?? {})) {
      if (required.has(name) || hint(name) !== undefined) out[name] = this.validValue(inner, name, hint);
    }
    return out;
  }

  /**
   * Values the schema refuses, or null when it accepts everything (e.g. an unconstrained `any`).
   * `depth` bounds how far into nested objects and arrays the search goes.
   */
  violations(input: SchemaNode, field: string, hint: ValueHint, depth = 3): fc.Arbitrary<Violation> | null {
    const node = this.resolve(input);
    const refused = (values: readonly unknown[], why: (value: unknown) => string) =>
      values.filter((value) => !this.accepts(node, value)).map((value) => ({ value, why: why(value) }));
    const flat: Violation[] = [...refused(WRONG_TYPES, (value) => `${field} of type ${jsonTypeOf(value)}`)];
    const nested: fc.Arbitrary<Violation>[] = [];

    const branches = node.anyOf ? node.anyOf.map((b) => this.resolve(b)) : [node];
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
        const valid = this.validValue(items, field, hint);
        const lengths = [...(branch.maxItems !== undefined ? [branch.maxItems + 1] : []), HUGE_ARRAY_ITEMS, 0];
        const arrays = lengths.map((length) => Array.from({ length }, () => valid));
        flat.push(...refused(arrays, (value) => `${field} with ${(value as unknown[]).length} items`));
        const bad = depth > 0 ? this.violations(items, `${field}[1]`, hint, depth - 1) : null;
        if (bad) nested.push(bad.map((v) => ({ value: [valid, v.value], why: v.why })));
      }
      if (types.includes('object') && depth > 0) nested.push(...this.objectViolations(branch, field, hint, depth));
    }
    // A nested violation is refused by its member's schema; check the whole, in case of a union.
    const checked = nested.map((arbitrary) => arbitrary.filter((v) => !this.accepts(node, v.value)));
    // Reaching into members finds more than another wrong type for the whole: weigh it higher.
    const arbitraries = [
      ...(flat.length > 0 ? [{ arbitrary: fc.constantFrom(...flat), weight: 1 }] : []),
      ...checked.map((arbitrary) => ({ arbitrary, weight: 3 })),
    ];
    if (arbitraries.length === 0) return null;
    return fc.oneof(...arbitraries);
  }

  private objectViolations(node: SchemaNode, field: string, hint: ValueHint, depth: number): fc.Arbitrary<Violation>[] {
    const base = this.baseObject(node, hint);
    const out: fc.Arbitrary<Violation>[] = [];
    const missing = (node.required ?? []).map((name) => {
      const value = { ...base };
      delete value[name];
      return { value, why: `${field} without required ${name}` };
    });
    if (missing.length > 0) out.push(fc.constantFrom(...missing));
    const members = Object.entries(node.properties ?? {})
      .map(([name, inner]) => ({ name, bad: this.violations(inner, field ? `${field}.${name}` : name, hint, depth - 1) }))
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
  parameterViolations(input: SchemaNode, name: string): fc.Arbitrary<Violation> | null {
    const node = this.resolve(input);
    const candidates = [
      ...(node.enum ? ['NotAMember', String(node.enum[0]).toLowerCase()] : []),
      ...(node.type === 'integer'
        ? ['0', '-1', '1.5', 'abc', '2147483648', '-2147483649', '9999999999', '99999999999999999999999', '١٢', '1%2F2', '%F0%9F%98%80', 'x'.repeat(10_000)]
        : []),
      ...(node.type === 'boolean' ? ['yes', '1', 'truthy', 'ja'] : []),
      ...(node.type === 'string' ? this.badStrings(node).filter((value): value is string => typeof value === 'string' && value !== '') : []),
    ];
    const refused = candidates
      .filter((text) => !this.acceptsParameter(node, text))
      .map((text) => ({ value: text, why: `${name}=${describeText(text)}` }));
    return refused.length > 0 ? fc.constantFrom(...refused) : null;
  }

  /** How the service reads a parameter's text against its schema (see routes/common.ts). */
  acceptsParameter(node: SchemaNode, text: string): boolean {
    const decoded = safeDecode(text);
    if (node.type === 'integer') {
      if (!/^\s*[+-]?\d+(\.\d+)?\s*$/.test(decoded)) return false;
      return this.accepts(node, Number(decoded));
    }
    if (node.type === 'boolean') return /^(true|false)$/i.test(decoded);
    return this.accepts(node, decoded);
  }
}

function badNumbers(node: SchemaNode): unknown[] {
  const out: unknown[] = [1.5, '1', 2 ** 31, -(2 ** 31) - 1, 1e15, Number.MAX_SAFE_INTEGER + 2];
  if (node.maximum !== undefined) out.push(node.maximum + 1);
  if (node.minimum !== undefined) out.push(node.minimum - 1);
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A short description of a long or odd text, for failure messages. */
export function describeText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? String(value);
  return value.length > 40 ? `${JSON.stringify(value.slice(0, 20))}… (${value.length} characters)` : JSON.stringify(value);
}
