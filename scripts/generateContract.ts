/**
 * Generates src/contract/generated/models.ts from the vendored contract (models.json), so the
 * zod schemas carry the contract's field names, types and nullability mechanically.
 *
 * Per base (UK) model it emits an output schema `X` (what the service emits: every field present,
 * nullable ones may be null) and an input schema `XInput` (what it accepts: nullable fields may be
 * missing or null, non-nullable value types default to the .NET default, except date-times, which
 * are required because a default of 0001-01-01 would silently record nonsense). Input schemas also
 * carry the limits of src/contract/inputLimits.ts: the longest text per field, the range of
 * latitude/longitude, the most items per array (baked in as numbers, so a change to the table
 * shows up here on regeneration).
 *
 * Run: npm run contract:generate
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NUMBER_RANGES, maxArrayItems, maxTextLength } from '../src/contract/inputLimits';

const root = fileURLToPath(new URL('..', import.meta.url));
const referencePath = `${root}src/contract/reference/models.json`;
const outputPath = `${root}src/contract/generated/models.ts`;

const FieldSchema = z.object({ type: z.string(), nullable: z.boolean() });
const ReferenceSchema = z.object({
  meta: z.object({ conventions: z.object({ enumEncoding: z.string() }) }),
  operations: z.array(
    z.object({ request: z.string().nullable(), response: z.string().nullable() }),
  ),
  models: z.record(z.string(), z.object({ fields: z.record(z.string(), FieldSchema) })),
  enums: z.record(z.string(), z.array(z.string())),
});

const reference = ReferenceSchema.parse(JSON.parse(readFileSync(referencePath, 'utf8')));
const isBase = (name: string) => !name.includes('.');
const baseModels = Object.keys(reference.models).filter(isBase);
const baseEnums = Object.keys(reference.enums).filter(isBase);

/** Fields the SDK writes as enum indices (see conventions.enumEncoding). */
const indexedEnumFields = new Set(
  [...reference.meta.conventions.enumEncoding.matchAll(/([A-Za-z.]+\.[a-zA-Z]+)(?=[,\s]|$)/g)]
    .map((m) => m[1] ?? '')
    .filter((name) => isBase(name.slice(0, name.lastIndexOf('.')))),
);

const PRIMITIVE_OUT: Record<string, string> = {
  int32: 't.int32',
  int64: 't.int64',
  decimal: 't.decimal',
  bool: 't.bool',
  string: 't.string',
  'date-time': 't.dateTime',
  'time-span': 't.timeSpan',
  'byte-array': 't.byteArray',
  uri: 't.uri',
  any: 't.any',
};
const PRIMITIVE_IN: Record<string, string> = {
  ...PRIMITIVE_OUT,
  'date-time': 't.dateTimeInput',
  'time-span': 't.timeSpanInput',
  'byte-array': 't.byteArrayInput',
  uri: 't.uriInput',
};
/**
 * Enums held in a single property but combinable as .NET flags (contract section 6: written as
 * comma-separated member names).
 */
const FLAGS_ENUMS = new Set(['UserPermission']);

const DEFAULTS: Record<string, string> = { int32: '0', int64: '0', decimal: '0', bool: 'false' };

function innerTypes(type: string): string[] {
  const list = /^List<(.+)>$/.exec(type);
  if (list?.[1]) return innerTypes(list[1]);
  const map = /^Map<string,(.+)>$/.exec(type);
  if (map?.[1]) return innerTypes(map[1]);
  return [type];
}

/** Where a field sits: its model's contract name and its own name (for the limits table). */
interface FieldAt {
  model: string;
  field: string;
}

function schemaFor(type: string, direction: 'out' | 'in', indexed: boolean, at: FieldAt): string {
  const list = /^List<(.+)>$/.exec(type);
  if (list?.[1]) {
    const item = schemaFor(list[1], direction, indexed, at);
    return direction === 'in' ? `t.list(${item}, ${maxArrayItems(at.field)})` : `z.array(${item})`;
  }
  const map = /^Map<string,(.+)>$/.exec(type);
  if (map?.[1]) return `z.record(z.string(), ${schemaFor(map[1], direction, indexed, at)})`;
  if (direction === 'in' && type === 'string') return `t.text(${maxTextLength(at.field, at.model)})`;
  if (direction === 'in' && type === 'uri') return `t.uriIn(${maxTextLength(at.field, at.model)})`;
  const range = NUMBER_RANGES[at.field];
  if (direction === 'in' && type === 'decimal' && range) return `t.decimalIn(${range[0]}, ${range[1]})`;
  const primitive = (direction === 'out' ? PRIMITIVE_OUT : PRIMITIVE_IN)[type];
  if (primitive) return primitive;
  if (reference.enums[type]) {
    if (FLAGS_ENUMS.has(type)) return `t.flagsEnum(${type}.options, '${type}')`;
    if (direction === 'in' && indexed) return `t.indexedEnumInput(${type}.options)`;
    return type;
  }
  if (reference.models[type]) return direction === 'out' ? type : `${type}Input`;
  throw new Error(`Unknown contract type ${type}`);
}

/**
 * A nullable field. A named schema (model or enum) must not be made nullable itself: zod-to-openapi
 * would then mark the shared component nullable, or emit an unsatisfiable allOf. A union with null
 * becomes `anyOf: [{$ref}, {type: 'null'}]` and leaves the component alone.
 */
function nullable(schema: string, type: string): string {
  const named = reference.models[type] !== undefined || (reference.enums[type] !== undefined && !FLAGS_ENUMS.has(type));
  return named ? `z.union([${schema}, z.null()])` : `${schema}.nullable()`;
}

function dependenciesOf(model: string): string[] {
  const fields = reference.models[model]?.fields ?? {};
  return Object.values(fields)
    .flatMap((f) => innerTypes(f.type))
    .filter((t) => reference.models[t] !== undefined);
}

function topologicalOrder(models: string[]): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (model: string) => {
    if (seen.has(model)) return;
    seen.add(model);
    dependenciesOf(model).forEach(visit);
    ordered.push(model);
  };
  models.forEach(visit);
  return ordered;
}

function closure(roots: string[]): Set<string> {
  const result = new Set<string>();
  const visit = (model: string) => {
    if (result.has(model) || !reference.models[model]) return;
    result.add(model);
    dependenciesOf(model).forEach(visit);
  };
  roots.flatMap(innerTypes).forEach(visit);
  return result;
}

const responseModels = closure(reference.operations.flatMap((o) => (o.response ? [o.response] : [])));

const lines: string[] = [
  '// Generated by scripts/generateContract.ts from src/contract/reference/models.json. Do not edit.',
  '// Each schema is marked pure so a bundle keeps only the ones it uses.',
  '/* eslint-disable */',
  "import { z } from 'zod';",
  "import * as t from '../wireTypes';",
  '',
  '// Enums: members travel as their names.',
];
for (const name of baseEnums) {
  const members = (reference.enums[name] ?? []).map((m) => `'${m}'`).join(', ');
  lines.push(`export const ${name} = /*#__PURE__*/ z.enum([${members}]).meta({ id: '${name}' });`);
  lines.push(`export type ${name} = z.infer<typeof ${name}>;`);
}

for (const model of topologicalOrder(baseModels)) {
  const fields = Object.entries(reference.models[model]?.fields ?? {});
  const out = fields.map(([field, f]) => {
    const schema = schemaFor(f.type, 'out', false, { model, field });
    return `  ${field}: ${f.nullable ? nullable(schema, f.type) : schema},`;
  });
  const inputName = responseModels.has(model) ? `${model}Input` : model;
  const input = fields.map(([field, f]) => {
    const schema = schemaFor(f.type, 'in', indexedEnumFields.has(`${model}.${field}`), { model, field });
    if (f.nullable) return `  ${field}: ${nullable(schema, f.type)}.optional(),`;
    // An unset flags set means "no flags": accept it missing rather than invent a member.
    if (FLAGS_ENUMS.has(f.type)) return `  ${field}: ${schema}.optional(),`;
    const enumMembers = reference.enums[f.type];
    const fallback = enumMembers ? `'${enumMembers[0]}'` : DEFAULTS[f.type];
    return fallback ? `  ${field}: ${schema}.default(${fallback}),` : `  ${field}: ${schema},`;
  });
  lines.push('');
  lines.push(`export const ${model} = /*#__PURE__*/ z.object({\n${out.join('\n')}\n}).meta({ id: '${model}' });`);
  lines.push(`export type ${model} = z.infer<typeof ${model}>;`);
  lines.push(`export const ${model}Input = /*#__PURE__*/ z.object({\n${input.join('\n')}\n}).meta({ id: '${inputName}' });`);
  lines.push(`export type ${model}Input = z.infer<typeof ${model}Input>;`);
}

writeFileSync(outputPath, `${lines.join('\n')}\n`);
console.log(`wrote ${baseModels.length} models and ${baseEnums.length} enums to ${outputPath}`);
