/**
 * Reads the service's OpenAPI 3.1 document and judges its schemas against models.json types.
 *
 * The document is read with JSON Schema 2020-12 semantics, not by pattern-matching what one
 * generator happens to emit: `$ref` (with siblings), `allOf` (intersection), `anyOf`, `oneOf`
 * (exactly one branch), `type` lists, `enum`/`const`. Each schema is reduced to a "shape" (which
 * JSON types it admits, which enum values, which properties/items), and the shape is compared with
 * the contract type: JSON type, nullability, enum members, property names, required-ness, and
 * recursively nested models, list items and map values.
 */
import { z } from 'zod';
import { isValueType, jsonKindOf, type Contract, type TypeExpr } from './contract';
import type { Nullability } from './modelCheck';

export interface JsonSchema {
  $ref?: string | undefined;
  type?: string | string[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  items?: JsonSchema | undefined;
  additionalProperties?: boolean | JsonSchema | undefined;
  allOf?: JsonSchema[] | undefined;
  anyOf?: JsonSchema[] | undefined;
  oneOf?: JsonSchema[] | undefined;
}

export const JsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z
    .object({
      $ref: z.string().optional(),
      type: z.union([z.string(), z.array(z.string())]).optional(),
      enum: z.array(z.unknown()).optional(),
      const: z.unknown().optional(),
      properties: z.record(z.string(), JsonSchema).optional(),
      required: z.array(z.string()).optional(),
      items: JsonSchema.optional(),
      additionalProperties: z.union([z.boolean(), JsonSchema]).optional(),
      allOf: z.array(JsonSchema).optional(),
      anyOf: z.array(JsonSchema).optional(),
      oneOf: z.array(JsonSchema).optional(),
    })
    .loose(),
);

const RefObject = z.object({ $ref: z.string() });
const Parameter = z.object({ name: z.string(), in: z.string() }).loose();
const MediaTypes = z.record(z.string(), z.object({ schema: JsonSchema.optional() }).loose());
const RequestBody = z.object({ content: MediaTypes.optional() }).loose();
const Response = z.object({ content: MediaTypes.optional() }).loose();
const Operation = z
  .object({
    operationId: z.string().optional(),
    parameters: z.array(z.union([RefObject, Parameter])).optional(),
    requestBody: z.union([RefObject, RequestBody]).optional(),
    responses: z.record(z.string(), z.union([RefObject, Response])),
  })
  .loose();
export const OpenApiDocument = z
  .object({
    openapi: z.string(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z
      .object({
        schemas: z.record(z.string(), JsonSchema).optional(),
        parameters: z.record(z.string(), Parameter).optional(),
        requestBodies: z.record(z.string(), RequestBody).optional(),
        responses: z.record(z.string(), Response).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface DocOperation {
  operationId: string;
  method: string;
  path: string;
  queryNames: string[];
  /** The application/json request body schema, if any. */
  requestSchema: JsonSchema | undefined;
  /** The application/json schema of the 200 response, if any. */
  responseSchema: JsonSchema | undefined;
}

function componentName(ref: string, section: string): string {
  const prefix = `#/components/${section}/`;
  if (!ref.startsWith(prefix)) throw new Error(`unsupported $ref ${ref} (expected ${prefix}...)`);
  return decodeURIComponent(ref.slice(prefix.length).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function lookup<T>(doc: OpenApiDocument, section: 'schemas' | 'parameters' | 'requestBodies' | 'responses', ref: string): T {
  const name = componentName(ref, section);
  const table = doc.components?.[section] as Record<string, T> | undefined;
  const found = table?.[name];
  if (found === undefined) throw new Error(`dangling $ref ${ref}`);
  return found;
}

function refOf(value: object): string | undefined {
  const ref = (value as { $ref?: unknown }).$ref;
  return typeof ref === 'string' ? ref : undefined;
}

/** Every operation of the document, path-level parameters merged in. */
export function documentOperations(doc: OpenApiDocument): DocOperation[] {
  const found: DocOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = z.array(z.union([RefObject, Parameter])).optional().parse(item.parameters) ?? [];
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const operation = Operation.parse(item[method]);
      const parameters = [...shared, ...(operation.parameters ?? [])].map((p) => {
        const ref = refOf(p);
        return ref === undefined ? Parameter.parse(p) : lookup<z.infer<typeof Parameter>>(doc, 'parameters', ref);
      });
      const bodyRef = operation.requestBody && refOf(operation.requestBody);
      const body = bodyRef === undefined ? RequestBody.optional().parse(operation.requestBody) : lookup<z.infer<typeof RequestBody>>(doc, 'requestBodies', bodyRef);
      const ok = operation.responses['200'];
      const okRef = ok && refOf(ok);
      const response = okRef === undefined ? Response.optional().parse(ok) : lookup<z.infer<typeof Response>>(doc, 'responses', okRef);
      found.push({
        operationId: operation.operationId ?? '',
        method: method.toUpperCase(),
        path,
        queryNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        requestSchema: body?.content?.['application/json']?.schema,
        responseSchema: response?.content?.['application/json']?.schema,
      });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Shapes: what a schema admits, under JSON Schema 2020-12 semantics.

type JsonType = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'integer' | 'string';
const ALL_TYPES: readonly JsonType[] = ['null', 'boolean', 'object', 'array', 'number', 'string'];
const JSON_TYPES: ReadonlySet<string> = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);

export interface Shape {
  /** Admitted JSON types; `number` implies integers, so never both `number` and `integer`. */
  types: Set<JsonType>;
  /** Admitted values when restricted by enum/const. */
  enumValues: unknown[] | undefined;
  properties: Map<string, JsonSchema>;
  required: Set<string>;
  items: JsonSchema | undefined;
  additionalProperties: boolean | JsonSchema | undefined;
  /** Set when the schema is a union of several non-null alternatives this reader does not split. */
  opaque: string | undefined;
}

function anyShape(): Shape {
  return { types: new Set(ALL_TYPES), enumValues: undefined, properties: new Map(), required: new Set(), items: undefined, additionalProperties: undefined, opaque: undefined };
}

function admits(types: ReadonlySet<JsonType>, type: JsonType): boolean {
  return types.has(type) || (type === 'integer' && types.has('number'));
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'object') return typeof value as JsonType;
  throw new Error(`not a JSON value (${typeof value})`);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function canonical(shape: Shape): Shape {
  if (shape.types.has('number')) shape.types.delete('integer');
  if (shape.enumValues) {
    shape.enumValues = shape.enumValues.filter((value) => admits(shape.types, typeOfValue(value)));
    shape.types = new Set(shape.enumValues.map(typeOfValue));
    if (shape.types.has('number')) shape.types.delete('integer');
  }
  return shape;
}

function intersect(a: Shape, b: Shape): Shape {
  const types = new Set<JsonType>();
  for (const t of [...a.types, ...b.types]) if (admits(a.types, t) && admits(b.types, t)) types.add(t);
  const enumValues = a.enumValues && b.enumValues ? a.enumValues.filter((v) => b.enumValues?.some((w) => same(v, w))) : (a.enumValues ?? b.enumValues);
  const properties = new Map(a.properties);
  for (const [key, schema] of b.properties) {
    const existing = properties.get(key);
    properties.set(key, existing ? { allOf: [existing, schema] } : schema);
  }
  const items = a.items && b.items ? { allOf: [a.items, b.items] } : (a.items ?? b.items);
  let additionalProperties: boolean | JsonSchema | undefined;
  if (a.additionalProperties === false || b.additionalProperties === false) additionalProperties = false;
  else if (typeof a.additionalProperties === 'object' && typeof b.additionalProperties === 'object') additionalProperties = { allOf: [a.additionalProperties, b.additionalProperties] };
  else additionalProperties = typeof a.additionalProperties === 'object' ? a.additionalProperties : b.additionalProperties;
  return canonical({
    types,
    enumValues,
    properties,
    required: new Set([...a.required, ...b.required]),
    items,
    additionalProperties,
    opaque: a.opaque ?? b.opaque,
  });
}

function withNull(shape: Shape, admitted: boolean): Shape {
  const types = new Set(shape.types);
  let enumValues = shape.enumValues;
  if (admitted) {
    types.add('null');
    if (enumValues && !enumValues.includes(null)) enumValues = [...enumValues, null];
  } else {
    types.delete('null');
    if (enumValues) enumValues = enumValues.filter((v) => v !== null);
  }
  return { ...shape, types, enumValues };
}

/** anyOf (oneOf: `exactlyOne`): split off null, keep the single non-null alternative's structure. */
function union(shapes: Shape[], exactlyOne: boolean): Shape {
  const nullCount = shapes.filter((s) => s.types.has('null')).length;
  const nullAdmitted = exactlyOne ? nullCount === 1 : nullCount > 0;
  const nonNull = shapes.filter((s) => [...s.types].some((t) => t !== 'null'));
  if (nonNull.length === 1 && nonNull[0]) return withNull(nonNull[0], nullAdmitted);
  if (nonNull.length === 0) return withNull({ ...anyShape(), types: new Set() }, nullAdmitted);
  const merged: Shape = {
    ...anyShape(),
    types: new Set(nonNull.flatMap((s) => [...s.types])),
    enumValues: nonNull.every((s) => s.enumValues) ? nonNull.flatMap((s) => s.enumValues ?? []) : undefined,
    opaque: `a union of ${nonNull.length} non-null alternatives`,
  };
  return withNull(canonical(merged), nullAdmitted);
}

export function shapeOf(doc: OpenApiDocument, schema: JsonSchema, depth = 0): Shape {
  if (depth > 64) throw new Error('schema nesting too deep (a $ref cycle?)');
  let shape = anyShape();
  const { $ref, type, allOf, anyOf, oneOf, properties, required, items, additionalProperties } = schema;
  if ($ref !== undefined) shape = intersect(shape, shapeOf(doc, lookup<JsonSchema>(doc, 'schemas', $ref), depth + 1));
  if (type !== undefined) {
    const listed = Array.isArray(type) ? type : [type];
    const unknown = listed.filter((t) => !JSON_TYPES.has(t));
    if (unknown.length > 0) throw new Error(`unknown JSON type(s) ${unknown.join(', ')}`);
    shape = intersect(shape, canonical({ ...anyShape(), types: new Set(listed as JsonType[]) }));
  }
  if (schema.enum !== undefined) shape = intersect(shape, canonical({ ...anyShape(), enumValues: schema.enum }));
  if (schema.const !== undefined) shape = intersect(shape, canonical({ ...anyShape(), enumValues: [schema.const] }));
  if (properties !== undefined || required !== undefined || items !== undefined || additionalProperties !== undefined) {
    shape = intersect(shape, {
      ...anyShape(),
      properties: new Map(Object.entries(properties ?? {})),
      required: new Set(required ?? []),
      items,
      additionalProperties,
    });
  }
  for (const part of allOf ?? []) shape = intersect(shape, shapeOf(doc, part, depth + 1));
  if (anyOf) shape = intersect(shape, union(anyOf.map((part) => shapeOf(doc, part, depth + 1)), false));
  if (oneOf) shape = intersect(shape, union(oneOf.map((part) => shapeOf(doc, part, depth + 1)), true));
  return shape;
}

export function admitsNull(shape: Shape): boolean {
  return shape.types.has('null');
}

// ---------------------------------------------------------------------------------------------
// Contract type vs schema.

function describeTypes(shape: Shape): string {
  return shape.types.size === 0 ? 'nothing' : [...shape.types].sort().join('|');
}

/**
 * Problems of `schema` as the document's description of a `type` value with the given
 * nullability. Nested models are checked field by field: names equal, all required, each typed.
 */
export function checkSchema(
  contract: Contract,
  doc: OpenApiDocument,
  type: TypeExpr,
  nullable: Nullability,
  schema: JsonSchema,
  path: string,
  depth = 0,
): string[] {
  if (depth > 32) return [`${path}: nesting deeper than 32 levels`];
  const shape = shapeOf(doc, schema);
  const problems: string[] = [];
  const expected = jsonKindOf(type);
  const nonNull = [...shape.types].filter((t) => t !== 'null');
  if (expected !== 'any' && !(nonNull.length === 1 && nonNull[0] === expected)) {
    problems.push(`${path}: ${contract.describe(type)} should be JSON ${expected}, the schema admits ${describeTypes(shape)}`);
  }
  if (nullable === true && !admitsNull(shape)) problems.push(`${path}: nullable in models.json, the schema does not admit null`);
  if (nullable === false && admitsNull(shape)) problems.push(`${path}: not nullable in models.json, the schema admits null`);

  switch (type.kind) {
    case 'enum': {
      if (!shape.enumValues) {
        problems.push(`${path}: ${type.name} should be restricted to its members, the schema has no enum`);
        break;
      }
      const listed = shape.enumValues.filter((v) => v !== null);
      const missing = type.members.filter((m) => !listed.includes(m));
      const extra = listed.filter((v) => typeof v !== 'string' || !type.members.includes(v));
      if (missing.length > 0) problems.push(`${path}: enum lacks ${type.name} member(s) ${missing.join(', ')}`);
      if (extra.length > 0) problems.push(`${path}: enum has non-member(s) of ${type.name}: ${extra.map((v) => JSON.stringify(v)).join(', ')}`);
      break;
    }
    case 'flags':
      // A flags set travels as "A, B": an enum of single members would refuse combinations.
      if (shape.enumValues) problems.push(`${path}: ${type.name} is a flags set (comma-separated names), the schema restricts it to single members`);
      break;
    case 'list': {
      if (!shape.items) {
        problems.push(`${path}: ${contract.describe(type)} has no items schema`);
        break;
      }
      problems.push(...checkSchema(contract, doc, type.of, isValueType(type.of) ? false : 'either', shape.items, `${path}[]`, depth + 1));
      break;
    }
    case 'map': {
      const values = shape.additionalProperties;
      if (typeof values !== 'object') {
        problems.push(`${path}: ${contract.describe(type)} needs an additionalProperties schema, found ${JSON.stringify(values)}`);
        break;
      }
      problems.push(...checkSchema(contract, doc, type.of, isValueType(type.of) ? false : 'either', values, `${path}{}`, depth + 1));
      break;
    }
    case 'model': {
      if (shape.opaque) {
        problems.push(`${path}: ${type.name} is described as ${shape.opaque}`);
        break;
      }
      const fields = contract.models[type.name] ?? {};
      const names = Object.keys(fields);
      const missing = names.filter((n) => !shape.properties.has(n));
      const extra = [...shape.properties.keys()].filter((n) => !Object.hasOwn(fields, n));
      const optional = names.filter((n) => shape.properties.has(n) && !shape.required.has(n));
      if (missing.length > 0) problems.push(`${path}: ${type.name} properties missing: ${missing.join(', ')}`);
      if (extra.length > 0) problems.push(`${path}: properties not in ${type.name}: ${extra.join(', ')}`);
      if (optional.length > 0) problems.push(`${path}: ${type.name} properties not required: ${optional.join(', ')}`);
      for (const [name, spec] of Object.entries(fields)) {
        const property = shape.properties.get(name);
        if (property) problems.push(...checkSchema(contract, doc, contract.parseType(spec.type), spec.nullable, property, `${path}.${name}`, depth + 1));
      }
      break;
    }
    default:
      break;
  }
  return problems;
}

/** Property names of a request body schema (after resolving refs and compositions). */
export function propertyNames(doc: OpenApiDocument, schema: JsonSchema): string[] {
  return [...shapeOf(doc, schema).properties.keys()];
}
