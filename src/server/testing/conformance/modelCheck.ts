/**
 * Checks an actual JSON value from the service against a models.json type, recursively: every
 * contract field present, no extra keys, the JSON type each contract type travels as, null only
 * where nullable, enum values that are members, ISO-8601 date-times (UTC instants of `*Utc` fields
 * ending in `Z`). Returns the problems found (empty = conforms), each prefixed with the JSON path,
 * so a failing test says exactly which field broke which rule.
 */
import { isValueType, type Contract, type TypeExpr } from './contract';

/** `true`/`false` as in models.json; `'either'` where the contract leaves it open (list elements, map values of reference types). */
export type Nullability = boolean | 'either';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** ISO-8601 date-time as contract §1.4 allows it: with `Z`, with an offset, or without a zone. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,7})?(Z|[+-]\d{2}:\d{2})?$/;
/** .NET TimeSpan text `[-][d.]hh:mm:ss[.fffffff]` (models.json `meta.conventions.types`). */
const TIME_SPAN = /^-?(?:\d+\.)?\d{2}:[0-5]\d:[0-5]\d(?:\.\d{1,7})?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function dateTimeProblem(value: string, fieldName: string): string | null {
  const match = DATE_TIME.exec(value);
  if (!match) return `${show(value)} is not an ISO-8601 date-time`;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    probe.getUTCHours() === hour &&
    probe.getUTCMinutes() === minute &&
    probe.getUTCSeconds() === second;
  if (!real) return `${show(value)} is not a real date-time`;
  if (fieldName.endsWith('Utc') && match[7] !== 'Z') return `${show(value)} is a UTC instant (*Utc field) but does not end in 'Z'`;
  return null;
}

function primitiveProblem(name: string, value: unknown, fieldName: string): string | null {
  switch (name) {
    case 'int32':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `expected int32 (integer), got ${jsonTypeName(value)} ${show(value)}`;
      return value < INT32_MIN || value > INT32_MAX ? `${value} is outside the int32 range` : null;
    case 'int64':
      return typeof value === 'number' && Number.isInteger(value) ? null : `expected int64 (integer), got ${jsonTypeName(value)} ${show(value)}`;
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? null : `expected decimal (number), got ${jsonTypeName(value)} ${show(value)}`;
    case 'bool':
      return typeof value === 'boolean' ? null : `expected bool (boolean), got ${jsonTypeName(value)} ${show(value)}`;
    case 'any':
      return null;
  }
  if (typeof value !== 'string') return `expected ${name} (string), got ${jsonTypeName(value)} ${show(value)}`;
  switch (name) {
    case 'date-time':
      return dateTimeProblem(value, fieldName);
    case 'time-span':
      return TIME_SPAN.test(value) ? null : `${show(value)} is not a .NET TimeSpan ([-][d.]hh:mm:ss[.fffffff])`;
    case 'byte-array':
      return BASE64.test(value) && value.length % 4 === 0 ? null : `${show(value)} is not base64`;
    case 'uri':
      return URL.canParse(value) ? null : `${show(value)} is not an absolute URL`;
    default:
      return null;
  }
}

/**
 * Problems of `value` as a `type` value. `path` names the value in messages; `fieldName` is the
 * contract field it sits in (drives the `*Utc` rule).
 */
export function checkValue(
  contract: Contract,
  type: TypeExpr,
  nullable: Nullability,
  value: unknown,
  path = '$',
  fieldName = '',
): string[] {
  if (value === undefined) return [`${path}: missing (undefined)`];
  if (value === null) {
    return nullable === false ? [`${path}: null, but ${contract.describe(type)} is not nullable here`] : [];
  }
  switch (type.kind) {
    case 'primitive': {
      const problem = primitiveProblem(type.name, value, fieldName);
      return problem ? [`${path}: ${problem}`] : [];
    }
    case 'enum':
      if (typeof value !== 'string') return [`${path}: expected ${type.name} (member name string), got ${jsonTypeName(value)} ${show(value)}`];
      return type.members.includes(value) ? [] : [`${path}: ${show(value)} is not a member of ${type.name}`];
    case 'flags': {
      if (typeof value !== 'string') return [`${path}: expected ${type.name} (flags string), got ${jsonTypeName(value)} ${show(value)}`];
      const unknown = value.split(',').map((part) => part.trim()).filter((part) => !type.members.includes(part));
      return unknown.length === 0 ? [] : [`${path}: ${show(value)} holds non-members of ${type.name}: ${unknown.map(show).join(', ')}`];
    }
    case 'list': {
      if (!Array.isArray(value)) return [`${path}: expected ${contract.describe(type)} (array), got ${jsonTypeName(value)}`];
      const elementNullable: Nullability = isValueType(type.of) ? false : 'either';
      return value.flatMap((element, index) => checkValue(contract, type.of, elementNullable, element, `${path}[${index}]`, fieldName));
    }
    case 'map': {
      if (!isPlainObject(value)) return [`${path}: expected ${contract.describe(type)} (object), got ${jsonTypeName(value)}`];
      const valueNullable: Nullability = isValueType(type.of) ? false : 'either';
      return Object.entries(value).flatMap(([key, entry]) => checkValue(contract, type.of, valueNullable, entry, `${path}[${JSON.stringify(key)}]`, fieldName));
    }
    case 'model':
      return checkModel(contract, type.name, value, path);
  }
}

function checkModel(contract: Contract, modelName: string, value: unknown, path: string): string[] {
  if (!isPlainObject(value)) return [`${path}: expected ${modelName} (object), got ${jsonTypeName(value)}`];
  const fields = contract.models[modelName];
  if (!fields) return [`${path}: models.json has no model ${modelName}`];
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (!Object.hasOwn(value, name)) {
      problems.push(`${path}.${name}: missing (${modelName}.${name} ${spec.type}${spec.nullable ? '?' : ''})`);
      continue;
    }
    problems.push(...checkValue(contract, contract.parseType(spec.type), spec.nullable, value[name], `${path}.${name}`, name));
  }
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(fields, key)) problems.push(`${path}.${key}: extra key, not a field of ${modelName}`);
  }
  return problems;
}

/** Problems of `value` as a response of the given models.json type (a response is never null). */
export function checkResponse(contract: Contract, responseType: string, value: unknown): string[] {
  return checkValue(contract, contract.parseType(responseType), false, value);
}
