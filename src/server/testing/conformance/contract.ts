/**
 * models.json, read as data for the conformance test: operations, models and enums parsed with zod,
 * plus a parser for the contract's type expressions (`int32`, `List<X>`, `Map<string,X>`, model and
 * enum names). Kept apart from the service's generated zod models on purpose: the conformance test
 * must judge the service against the reference file, not against the service's own reading of it.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const FieldSpec = z.object({ type: z.string().min(1), nullable: z.boolean() });
const QuerySpec = z.object({ name: z.string().min(1), type: z.string().min(1), nullable: z.boolean() });
const OperationSpec = z.object({
  id: z.string().min(1),
  group: z.string().min(1),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']),
  path: z.string().startsWith('/'),
  pathParams: z.array(z.object({ name: z.string(), type: z.string() })),
  request: z.string().nullable(),
  query: z.array(QuerySpec),
  response: z.string().nullable(),
  /** Per region (`Au`, `Nz`, `Sg`, `My`), the body and answer types that differ from the UK ones. */
  variantDiffs: z.record(z.string(), z.object({ request: z.string().optional(), response: z.string().optional() })).optional(),
});
const ModelsJson = z.object({
  operations: z.array(OperationSpec),
  models: z.record(z.string(), z.object({ fields: z.record(z.string(), FieldSpec) })),
  enums: z.record(z.string(), z.array(z.string().min(1)).min(1)),
});

export type FieldSpec = z.infer<typeof FieldSpec>;
export type OperationSpec = z.infer<typeof OperationSpec>;

export type Primitive = 'int32' | 'int64' | 'decimal' | 'bool' | 'string' | 'date-time' | 'time-span' | 'byte-array' | 'uri' | 'any';
const PRIMITIVES: ReadonlySet<string> = new Set<Primitive>(['int32', 'int64', 'decimal', 'bool', 'string', 'date-time', 'time-span', 'byte-array', 'uri', 'any']);

/**
 * Enums that .NET treats as flags sets (comma-separated member names in one string). Contract §6
 * marks UserPermission so; models.json has no flag for it, hence the list.
 */
export const FLAGS_ENUMS: ReadonlySet<string> = new Set(['UserPermission']);

export type TypeExpr =
  | { kind: 'primitive'; name: Primitive }
  | { kind: 'enum'; name: string; members: readonly string[] }
  | { kind: 'flags'; name: string; members: readonly string[] }
  | { kind: 'model'; name: string }
  | { kind: 'list'; of: TypeExpr }
  | { kind: 'map'; of: TypeExpr };

/** JSON type a contract type travels as (contract §1.4); `any` for the untyped `any`. */
export type JsonKind = 'integer' | 'number' | 'boolean' | 'string' | 'array' | 'object' | 'any';

export interface Contract {
  operations: OperationSpec[];
  models: Record<string, Record<string, FieldSpec>>;
  enums: Record<string, readonly string[]>;
  parseType(text: string): TypeExpr;
  describe(type: TypeExpr): string;
}

export function jsonKindOf(type: TypeExpr): JsonKind {
  switch (type.kind) {
    case 'list':
      return 'array';
    case 'map':
    case 'model':
      return 'object';
    case 'enum':
    case 'flags':
      return 'string';
    case 'primitive':
      switch (type.name) {
        case 'int32':
        case 'int64':
          return 'integer';
        case 'decimal':
          return 'number';
        case 'bool':
          return 'boolean';
        case 'any':
          return 'any';
        default:
          return 'string';
      }
  }
}

/**
 * .NET value types (numbers, bool, date-time, time-span, enums) can never be null unless declared
 * `T?`; strings, arrays, maps, objects and `any` are references and may be. Used where models.json
 * says nothing about nullability itself: the elements of lists and the values of maps.
 */
export function isValueType(type: TypeExpr): boolean {
  if (type.kind === 'enum' || type.kind === 'flags') return true;
  if (type.kind !== 'primitive') return false;
  return !['string', 'byte-array', 'uri', 'any'].includes(type.name);
}

export function buildContract(raw: unknown): Contract {
  const parsed = ModelsJson.parse(raw);
  const models: Record<string, Record<string, FieldSpec>> = {};
  for (const [name, model] of Object.entries(parsed.models)) models[name] = model.fields;
  const enums = parsed.enums;

  function parseType(text: string): TypeExpr {
    const type = text.replace(/\s+/g, '');
    const list = /^List<(.+)>$/.exec(type);
    if (list?.[1]) return { kind: 'list', of: parseType(list[1]) };
    const map = /^Map<string,(.+)>$/.exec(type);
    if (map?.[1]) return { kind: 'map', of: parseType(map[1]) };
    if (PRIMITIVES.has(type)) return { kind: 'primitive', name: type as Primitive };
    const members = enums[type];
    if (members) return FLAGS_ENUMS.has(type) ? { kind: 'flags', name: type, members } : { kind: 'enum', name: type, members };
    if (models[type]) return { kind: 'model', name: type };
    throw new Error(`models.json: unknown type "${text}"`);
  }

  function describe(type: TypeExpr): string {
    switch (type.kind) {
      case 'list':
        return `List<${describe(type.of)}>`;
      case 'map':
        return `Map<string,${describe(type.of)}>`;
      default:
        return type.name;
    }
  }

  return { operations: parsed.operations, models, enums, parseType, describe };
}

export const MODELS_JSON_URL = new URL('../../../contract/reference/models.json', import.meta.url);

export function loadContract(): Contract {
  return buildContract(JSON.parse(readFileSync(MODELS_JSON_URL, 'utf8')));
}
