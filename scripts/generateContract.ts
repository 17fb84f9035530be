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
 * Regional models and enums (keys such as `Au.AuWorkTypeModel`, contract section 5.12) are emitted
 * too, under their name after the dot (`AuWorkTypeModel`) with the contract's key as their OpenAPI
 * id, plus a `...Fill` output schema per regional model: the service builds its answers in the UK
 * shape and a business's region reshapes them through it (fields the region adds default to null,
 * false or 0 unless the service supplies them; fields it lacks are dropped; nested models follow).
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
    z.object({
      request: z.string().nullable(),
      response: z.string().nullable(),
      variantDiffs: z.record(z.string(), z.object({ request: z.string().optional(), response: z.string().optional() })).optional(),
    }),
  ),
  models: z.record(z.string(), z.object({ fields: z.record(z.string(), FieldSchema) })),
  enums: z.record(z.string(), z.array(z.string())),
});

const reference = ReferenceSchema.parse(JSON.parse(readFileSync(referencePath, 'utf8')));
const isBase = (name: string) => !name.includes('.');
const baseModels = Object.keys(reference.models).filter(isBase);
const baseEnums = Object.keys(reference.enums).filter(isBase);
const regionalModels = Object.keys(reference.models).filter((name) => !isBase(name));
const regionalEnums = Object.keys(reference.enums).filter((name) => !isBase(name));

/** The TypeScript name of a contract type: a regional key `Au.AuWorkTypeModel` becomes `AuWorkTypeModel`. */
const tsName = (key: string) => key.slice(key.indexOf('.') + 1);

/**
 * The UK model a regional one is "like" (contract 5.12): `Au.AuWorkTypeModel` -> `UkWorkTypeModel`,
 * `Au.AuRosterShiftEditModel` -> `RosterShiftEditModel`; none for a model of its own
 * (`Au.ClassificationLookupModel`).
 */
function baseCounterpart(key: string): string | null {
  const rest = tsName(key).replace(/^(Au|Nz|Sg|My)/, '');
  return [`Uk${rest}`, rest].find((name) => reference.models[name] !== undefined) ?? null;
}


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

/** `fill`: a regional output schema that reshapes a UK-shaped answer (see the header). */
type Direction = 'out' | 'in' | 'fill';

function schemaFor(type: string, direction: Direction, at: FieldAt): string {
  const list = /^List<(.+)>$/.exec(type);
  if (list?.[1]) {
    const inner = list[1];
    // A UK answer may hold members the region's enum lacks (employment types): they are left out.
    if (direction === 'fill' && reference.enums[inner] && !FLAGS_ENUMS.has(inner)) {
      const name = tsName(inner);
      return `z.array(z.string()).transform((v) => v.filter((m): m is ${name} => (${name}.options as readonly string[]).includes(m)))`;
    }
    const item = schemaFor(inner, direction, at);
    return direction === 'in' ? `t.list(${item}, ${maxArrayItems(at.field)})` : `z.array(${item})`;
  }
  const map = /^Map<string,(.+)>$/.exec(type);
  if (map?.[1]) return `z.record(z.string(), ${schemaFor(map[1], direction, at)})`;
  if (direction === 'in' && type === 'string') return `t.text(${maxTextLength(at.field, at.model)})`;
  if (direction === 'in' && type === 'uri') return `t.uriIn(${maxTextLength(at.field, at.model)})`;
  const range = NUMBER_RANGES[at.field];
  if (direction === 'in' && type === 'decimal' && range) return `t.decimalIn(${range[0]}, ${range[1]})`;
  const primitive = (direction === 'in' ? PRIMITIVE_IN : PRIMITIVE_OUT)[type];
  if (primitive) return primitive;
  if (reference.enums[type]) {
    if (FLAGS_ENUMS.has(type)) return `t.${direction === 'in' ? 'flagsEnumInput' : 'flagsEnum'}(${tsName(type)}.options, '${type}')`;
    // Input enums take any case and the member's number (wireTypes.enumInput), which also covers
    // the fields the SDK itself writes as indices (conventions.enumEncoding).
    if (direction === 'in') return `${tsName(type)}Input`;
    return tsName(type);
  }
  if (reference.models[type]) {
    if (direction === 'fill') return isBase(type) ? type : `${tsName(type)}Fill`;
    return direction === 'out' ? tsName(type) : `${tsName(type)}Input`;
  }
  throw new Error(`Unknown contract type ${type}`);
}

/**
 * A nullable field. A named schema (model or enum) must not be made nullable itself: zod-to-openapi
 * would then mark the shared component nullable, or emit an unsatisfiable allOf. A union with null
 * becomes `anyOf: [{$ref}, {type: 'null'}]` and leaves the component alone.
 */
function nullable(schema: string, type: string): string {
  const named = reference.models[type] !== undefined || (reference.enums[type] !== undefined && !FLAGS_ENUMS.has(type));
  // t.orNull keeps the value's own message (which field, which members) when it is not null.
  return named ? `t.orNull(${schema})` : `${schema}.nullable()`;
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

const responseModels = closure(
  reference.operations.flatMap((o) => [
    ...(o.response ? [o.response] : []),
    ...Object.values(o.variantDiffs ?? {}).flatMap((v) => (v.response ? [v.response] : [])),
  ]),
);

const lines: string[] = [
  '// Generated by scripts/generateContract.ts from src/contract/reference/models.json. Do not edit.',
  '// Each schema is marked pure so a bundle keeps only the ones it uses.',
  '/* eslint-disable */',
  "import { z } from 'zod';",
  "import * as t from '../wireTypes';",
  '',
  '// Enums: members travel as their names; XInput also accepts any case and the member number.',
];
for (const key of [...baseEnums, ...regionalEnums]) {
  const name = tsName(key);
  const members = (reference.enums[key] ?? []).map((m) => `'${m}'`).join(', ');
  lines.push(`export const ${name} = /*#__PURE__*/ z.enum([${members}]).meta({ id: '${key}' });`);
  lines.push(`export type ${name} = z.infer<typeof ${name}>;`);
  if (!FLAGS_ENUMS.has(key)) lines.push(`export const ${name}Input = /*#__PURE__*/ t.enumInput(${name}.options, '${key}');`);
}

for (const model of topologicalOrder([...baseModels, ...regionalModels])) {
  const fields = Object.entries(reference.models[model]?.fields ?? {});
  const out = fields.map(([field, f]) => {
    const schema = schemaFor(f.type, 'out', { model, field });
    return `  ${field}: ${f.nullable ? nullable(schema, f.type) : schema},`;
  });
  const inputName = responseModels.has(model) ? `${model}Input` : model;
  const input = fields.map(([field, f]) => {
    const schema = schemaFor(f.type, 'in', { model, field });
    if (f.nullable) return `  ${field}: ${nullable(schema, f.type)}.optional(),`;
    // An unset flags set means "no flags": accept it missing rather than invent a member.
    if (FLAGS_ENUMS.has(f.type)) return `  ${field}: ${schema}.optional(),`;
    const enumMembers = reference.enums[f.type];
    const fallback = enumMembers ? `'${enumMembers[0]}'` : DEFAULTS[f.type];
    return fallback ? `  ${field}: ${schema}.default(${fallback}),` : `  ${field}: ${schema},`;
  });
  const name = tsName(model);
  lines.push('');
  lines.push(`export const ${name} = /*#__PURE__*/ z.object({\n${out.join('\n')}\n}).meta({ id: '${model}' });`);
  lines.push(`export type ${name} = z.infer<typeof ${name}>;`);
  lines.push(`export const ${name}Input = /*#__PURE__*/ z.object({\n${input.join('\n')}\n}).meta({ id: '${inputName}' });`);
  lines.push(`export type ${name}Input = z.infer<typeof ${name}Input>;`);
  if (!isBase(model)) lines.push(fillSchema(model));
}

/**
 * The `...Fill` schema of a regional model: its output shape, where each field the UK counterpart
 * lacks defaults (null when nullable, else the .NET default) so a UK-shaped answer can be reshaped.
 */
function fillSchema(model: string): string {
  const counterpart = baseCounterpart(model);
  const known = new Set(Object.keys(counterpart ? (reference.models[counterpart]?.fields ?? {}) : {}));
  const fields = Object.entries(reference.models[model]?.fields ?? {}).map(([field, f]) => {
    const raw = schemaFor(f.type, 'fill', { model, field });
    const schema = f.nullable ? nullable(raw, f.type) : raw;
    if (known.has(field)) return `  ${field}: ${schema},`;
    const enumMembers = reference.enums[f.type];
    const fallback = f.nullable ? 'null' : enumMembers ? `'${enumMembers[0]}'` : (DEFAULTS[f.type] ?? 'null');
    return `  ${field}: ${schema}.default(${fallback}),`;
  });
  const name = tsName(model);
  const like = counterpart ? ` (like ${counterpart})` : '';
  return `/** Reshapes a UK-shaped answer as ${model}${like}. */\nexport const ${name}Fill = /*#__PURE__*/ z.object({\n${fields.join('\n')}\n});`;
}

writeFileSync(outputPath, `${lines.join('\n')}\n`);
console.log(
  `wrote ${baseModels.length} base and ${regionalModels.length} regional models, ${baseEnums.length} base and ${regionalEnums.length} regional enums to ${outputPath}`,
);
