/**
 * The subset of JSON Schema the service's OpenAPI document uses, read for the fuzz test: `$ref`,
 * `anyOf`, `type` lists, `enum`, lengths, `pattern`, `format: date-time`, ranges, items, required
 * members. `accepts` judges a value as the service would (a parameter as the text it arrives
 * as), and `validValue` finds a value the schema accepts, so a generated request can be right in
 * all but one place. (testing/conformance/schemaCheck.ts reads the same document for another
 * question, whether its shapes match the vendor contract, and keeps no lengths or ranges.)
 */
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
  /** A contract enum taken in any case or by number (wireTypes.enumInput): its members, in order. */
  'x-enum-members'?: string[] | undefined;
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
    'x-enum-members': z.array(z.string()).optional(),
  }),
);

/** Supplies valid values for fields whose right value is context (real ids of the test tenant). */
export type ValueHint = (field: string) => unknown;

const INT32_MAX = 2 ** 31 - 1;
const VALID_DATE_TIME = '2026-01-05T09:00:00Z';

/** The JSON Schema type of a value (`integer` for whole numbers). */
export const jsonTypeOf = (value: unknown): string =>
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
    const member = node['x-enum-members']?.[0];
    if (member !== undefined) return member;
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

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
