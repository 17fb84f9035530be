/**
 * What the request normaliser must know about the route table, derived from it at start-up (so a
 * new route needs nothing here): every JSON property name, the fields that are maps, the query
 * names, and the path segments followed by a string id. One walk over zod schemas serves them all.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import * as models from '../../contract/generated/models';
import type { AppEnv } from '../context';

type SchemaLike = { shape?: Record<string, unknown>; def?: Record<string, unknown> };

/**
 * Calls `visit(key, schema)` for every property of every object schema reachable from `schema`
 * (through wrappers, arrays, unions, records...), each object once.
 */
function visitObjectFields(schema: unknown, visit: (key: string, inner: unknown) => void, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const candidate = schema as SchemaLike;
  if (candidate.shape && typeof candidate.shape === 'object') {
    for (const [key, inner] of Object.entries(candidate.shape)) {
      visit(key, inner);
      visitObjectFields(inner, visit, seen);
    }
  }
  for (const inner of Object.values(candidate.def ?? {})) {
    if (Array.isArray(inner)) inner.forEach((item) => visitObjectFields(item, visit, seen));
    else visitObjectFields(inner, visit, seen);
  }
}

/** Every request model: the contract's models and each route's JSON (or form) body schema. */
function requestSchemas(app: OpenAPIHono<AppEnv>): unknown[] {
  const schemas: unknown[] = Object.values(models);
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    for (const media of Object.values(definition.route.request?.body?.content ?? {})) schemas.push(media && 'schema' in media ? media.schema : null);
  }
  return schemas;
}

/** The schema inside optional/nullable/default wrappers. */
function unwrapped(schema: unknown): SchemaLike | null {
  let current = schema as SchemaLike | null;
  for (let i = 0; i < 10 && current?.def && ['optional', 'nullable', 'default', 'prefault'].includes(String(current.def.type)); i += 1) {
    current = current.def.innerType as SchemaLike | null;
  }
  return current;
}

/** Every property name of every request model (for key normalisation). */
export function declaredFieldNames(app: OpenAPIHono<AppEnv>): Set<string> {
  const names = new Set<string>();
  for (const schema of requestSchemas(app)) visitObjectFields(schema, (key) => names.add(key));
  return names;
}

/**
 * Request fields that are maps (`Map<string, X>`): their keys are data (a web hook's header names
 * and property keys, employee ids), so the normaliser keeps them as sent. `true` when the values
 * are models whose own property names are normalised (bulk timesheets), `false` when the values
 * are kept as sent too (strings, free JSON). A name that is a map in one model and something else,
 * or a map of both kinds, in another is refused at start-up.
 */
export function declaredMapFields(app: OpenAPIHono<AppEnv>): Map<string, boolean> {
  const found = new Map<string, unknown[]>();
  for (const schema of requestSchemas(app)) {
    visitObjectFields(schema, (key, inner) => {
      const bare = unwrapped(inner);
      if (bare?.def?.type === 'record') found.set(key, [...(found.get(key) ?? []), bare.def.valueType]);
    });
  }
  const result = new Map<string, boolean>();
  for (const [name, valueTypes] of found) {
    const kinds = new Set(valueTypes.map((valueType) => !['string', 'unknown', 'any'].includes(String(unwrapped(valueType)?.def?.type))));
    if (kinds.size !== 1) throw new Error(`Request field "${name}" is a map of models in one place and of plain values in another; rename one.`);
    result.set(name, [...kinds][0] === true);
  }
  return result;
}

/**
 * Literal path segments followed by a string path parameter (`webhookregistrations/{id}`): the
 * normaliser lower-cases paths, but not such a parameter, since its case is part of the value.
 */
export function caseKeptPathSegments(app: OpenAPIHono<AppEnv>): Set<string> {
  const segments = new Set<string>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const params = (definition.route.request?.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
    const parts = definition.route.path.split('/');
    parts.forEach((part, index) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name || index === 0) return;
      if (unwrapped(params[name])?.def?.type === 'string') segments.add((parts[index - 1] ?? '').toLowerCase());
    });
  }
  return segments;
}
