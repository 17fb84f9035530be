/**
 * Malformed requests for every route of the OpenAPI document, as fast-check arbitraries, so a new
 * route is fuzzed as soon as it is declared. Each case is right in everything but one place:
 * - `path`: one path parameter the schema refuses (beyond int32, negative, not a number, huge,
 *   unicode, an encoded slash); `path-garble`: a literal segment mangled;
 * - `query`: one declared query parameter the schema refuses, or repeated, or (where the schema
 *   sets no limit) a hostile value the service must survive;
 * - `body`: one field the schema refuses (any depth), a required field missing, the wrong type;
 * - `body-raw`: not JSON, nested too deeply, the wrong content type, an empty body, a huge array,
 *   over the size limit.
 * On top: the caller (the business owner, nobody, or a garbage credential), an Idempotency-Key
 * (none, a fresh one, or a malformed one) and `__proto__`/`constructor` keys in object bodies.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { SchemaNode, SchemaSet, type ValueHint } from './schemaSet';
import { SchemaViolations, describeText, type Violation } from './schemaViolations';

const Parameter = z.object({ name: z.string(), in: z.string(), required: z.boolean().optional(), schema: SchemaNode });
const Operation = z.looseObject({
  operationId: z.string(),
  parameters: z.array(Parameter).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: SchemaNode })) }).optional(),
});
export const OpenApiDocument = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), Operation)),
  components: z.looseObject({ schemas: z.record(z.string(), SchemaNode) }),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;
type Parameter = z.infer<typeof Parameter>;

export interface FuzzRoute {
  method: string;
  template: string;
  operationId: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: { schema: SchemaNode; contentTypes: string[] } | null;
  takesIdempotencyKey: boolean;
}

export type FuzzKind = 'path' | 'path-garble' | 'query' | 'body' | 'body-raw';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzCase {
  route: FuzzRoute;
  kind: FuzzKind;
  why: string;
  /** True when the input is refused by the schema (a 4xx is due); else the service must only survive it. */
  mustReject: boolean;
  caller: 'owner' | 'nobody' | 'garbage';
  idempotencyKey: 'none' | 'fresh' | 'malformed';
  request: FuzzRequest;
}

export interface FuzzContext {
  /** A valid value for a path parameter of a route (the test tenant's real ids). */
  pathValue(name: string, template: string): string;
  /** Valid values for body fields and query parameters the schema cannot supply (real ids, e-mail). */
  hint: ValueHint;
  ownerAuth: string;
  maxBodyBytes: number;
}

export function routesOf(document: OpenApiDocument): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json'];
      routes.push({
        method: method.toUpperCase(),
        template,
        operationId: operation.operationId,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: json ? { schema: json.schema, contentTypes: Object.keys(content) } : null,
        takesIdempotencyKey: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      });
    }
  }
  return routes;
}

const GARBLED_SEGMENTS = ['%2F', '..%2F..', 'ñandú', '%00', '%E2%80%AE', 'x'.repeat(5_000), '%zz', ''];
/** Credentials that are not: bad base64, an enormous token, an unknown scheme, an empty key. */
const GARBAGE_CREDENTIALS = [
  `Basic ${'!'.repeat(300)}`,
  `Basic ${Buffer.from(`${'k'.repeat(10_000)}:`).toString('base64')}`,
  `Basic ${Buffer.from(':').toString('base64')}`,
  `Bearer ${'t'.repeat(10_000)}`,
  'Bearer kcd_not-a-device-token',
  'Digest username="owner"',
  'Bearer',
];
const HOSTILE_TEXT = ['('.repeat(5_000), 'x'.repeat(100_000), "' or 1=1 --", '\u0000', 'é中ж'.repeat(1_000), '$filter=1'];
const NOT_JSON = ['{', '{"a":', 'nope', '\u0000', '{"a":1}}', "{'single': 'quotes'}", '[1,]', 'NaN'];
const WRONG_CONTENT_TYPES = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream'];
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const POLLUTION = '"__proto__":{"isAdminInitiated":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},';

export class FuzzCases {
  private readonly schemas: SchemaSet;
  private readonly violations: SchemaViolations;

  constructor(
    document: OpenApiDocument,
    private readonly context: FuzzContext,
  ) {
    this.schemas = new SchemaSet(document.components.schemas);
    this.violations = new SchemaViolations(this.schemas);
  }

  /** The arbitraries of the kinds that apply to a route. */
  forRoute(route: FuzzRoute): Partial<Record<FuzzKind, fc.Arbitrary<FuzzCase>>> {
    const out: Partial<Record<FuzzKind, fc.Arbitrary<FuzzCase>>> = {};
    const path = this.pathViolations(route);
    if (path) out.path = this.dressed(route, 'path', path);
    out['path-garble'] = this.dressed(route, 'path-garble', this.garbledPaths(route));
    const query = this.queryViolations(route);
    if (query) out.query = this.dressed(route, 'query', query);
    if (route.body) {
      const body = this.bodyViolations(route, route.body.schema);
      if (body) out.body = this.dressed(route, 'body', body);
      out['body-raw'] = this.dressed(route, 'body-raw', this.rawBodies(route));
    }
    return out;
  }

  private validPath(route: FuzzRoute, replace?: { name: string; text: string }): string {
    return route.template.replace(/\{(\w+)\}/g, (_, name: string) =>
      replace?.name === name ? replace.text : this.context.pathValue(name, route.template),
    );
  }

  /** Required query parameters with valid values (kept in every case but a query one). */
  private validQuery(route: FuzzRoute): URLSearchParams {
    const query = new URLSearchParams();
    for (const param of route.queryParams) {
      if (param.required) query.set(param.name, String(this.schemas.validValue(param.schema, param.name, this.context.hint)));
    }
    return query;
  }

  private validBody(route: FuzzRoute): string | undefined {
    return route.body ? JSON.stringify(this.schemas.baseObject(route.body.schema, this.context.hint)) : undefined;
  }

  private pathViolations(route: FuzzRoute): fc.Arbitrary<Partial<FuzzRequest> & Violation> | null {
    const options = route.pathParams
      .map((param) => ({ param, bad: this.violations.forParameter(param.schema, param.name) }))
      .filter((option): option is { param: Parameter; bad: fc.Arbitrary<Violation> } => option.bad !== null);
    if (options.length === 0) return null;
    return fc.constantFrom(...options).chain(({ param, bad }) =>
      bad.map((v) => ({ ...v, path: this.withQuery(this.validPath(route, { name: param.name, text: String(v.value) }), this.validQuery(route)) })),
    );
  }

  private garbledPaths(route: FuzzRoute): fc.Arbitrary<Partial<FuzzRequest> & Violation> {
    const literals = route.template.split('/').map((segment, index) => ({ segment, index })).filter(({ segment }) => segment && !segment.startsWith('{'));
    return fc.record({ at: fc.constantFrom(...literals), garble: fc.constantFrom(...GARBLED_SEGMENTS), append: fc.boolean() }).map(({ at, garble, append }) => {
      const segments = this.validPath(route).split('/');
      // An empty segment only garbles in place (a doubled slash); appended it would change nothing.
      segments[at.index] = append && garble !== '' ? `${segments[at.index] ?? ''}${garble}` : garble;
      return { value: garble, why: `segment ${at.segment} -> ${describeText(segments[at.index])}`, path: this.withQuery(segments.join('/'), this.validQuery(route)) };
    });
  }

  private queryViolations(route: FuzzRoute): fc.Arbitrary<Partial<FuzzRequest> & Violation & { mustReject: boolean }> | null {
    if (route.queryParams.length === 0) return null;
    const basePath = this.validPath(route);
    const arbitraries = route.queryParams.map((param) => {
      const bad = this.violations.forParameter(param.schema, param.name);
      const valid = String(this.schemas.validValue(param.schema, param.name, this.context.hint));
      // A list parameter is repeated by design (`name=a&name=b`, contract 1.5); any other must be given once.
      const isList = param.schema.type === 'array';
      const repeated = fc.constant({ value: valid, why: `${param.name} repeated`, repeat: true, mustReject: !isList });
      const hostile = fc.constantFrom(...HOSTILE_TEXT).map((text) => ({
        value: text,
        why: `${param.name}=${describeText(text)}`,
        repeat: false,
        mustReject: !this.schemas.acceptsParameter(param.schema, text),
      }));
      const refused = bad ? [bad.map((v) => ({ ...v, repeat: false, mustReject: true }))] : [];
      return fc.oneof(...refused, repeated, hostile).map((v) => {
        const query = this.validQuery(route);
        query.set(param.name, String(v.value));
        if (v.repeat) query.append(param.name, String(v.value));
        return { value: v.value, why: v.why, mustReject: v.mustReject, path: this.withQuery(basePath, query) };
      });
    });
    return fc.oneof(...arbitraries);
  }

  private bodyViolations(route: FuzzRoute, schema: SchemaNode): fc.Arbitrary<Partial<FuzzRequest> & Violation> | null {
    const bad = this.violations.forValue(schema, '', this.context.hint);
    if (!bad) return null;
    const path = this.withQuery(this.validPath(route), this.validQuery(route));
    return fc.record({ v: bad, pollute: fc.boolean() }).map(({ v, pollute }) => {
      let body = JSON.stringify(v.value);
      if (pollute && body.startsWith('{')) body = `{${POLLUTION}${body.slice(1)}`.replace(/,}$/, '}');
      return { ...v, why: `${v.why || 'body'}${pollute ? ' (+__proto__ keys)' : ''}`, path, body, headers: { 'content-type': 'application/json' } };
    });
  }

  private rawBodies(route: FuzzRoute): fc.Arbitrary<Partial<FuzzRequest> & Violation> {
    const path = this.withQuery(this.validPath(route), this.validQuery(route));
    const valid = this.validBody(route) ?? '{}';
    const declared = new Set(route.body?.contentTypes ?? []);
    const json = { 'content-type': 'application/json' };
    const raw = (why: string, body: string, headers: Record<string, string> = json) => ({ value: body, why, path, body, headers });
    const form = this.formViolations(route);
    return fc.oneof(
      ...(form ? [form.map((f) => raw(f.why, f.body, { 'content-type': FORM_CONTENT_TYPE }))] : []),
      fc.constantFrom(...NOT_JSON).map((text) => raw(`not JSON: ${describeText(text)}`, text)),
      fc.constantFrom(33, 1_000, 50_000).map((depth) => raw(`nested ${depth} deep`, '['.repeat(depth) + ']'.repeat(depth))),
      fc.constantFrom(...WRONG_CONTENT_TYPES.filter((type) => !declared.has(type.split(';')[0] ?? type))).map((type) => raw(`sent as ${type}`, valid, { 'content-type': type })),
      fc.constant(raw('empty JSON body', '')),
      // Built per case, not held by the arbitrary: these are hundreds of kilobytes to megabytes.
      fc.constant(null).map(() => raw('a huge array', `[${'1,'.repeat(200_000)}1]`)),
      fc.constant(null).map(() => raw('over the size limit', `"${'x'.repeat(this.context.maxBodyBytes)}"`)),
    );
  }

  /**
   * Form-encoded bodies (where a route takes them) with one parameter the schema refuses: text
   * too long or with a NUL, or a parameter given twice.
   */
  private formViolations(route: FuzzRoute): fc.Arbitrary<{ why: string; body: string }> | null {
    if (!route.body?.contentTypes.includes(FORM_CONTENT_TYPE)) return null;
    const properties = Object.entries(this.schemas.resolve(route.body.schema).properties ?? {});
    if (properties.length === 0) return null;
    return fc.record({ member: fc.constantFrom(...properties), how: fc.constantFrom('long', 'nul', 'twice') }).map(({ member, how }) => {
      const [name, schema] = member;
      const form = new URLSearchParams();
      const max = this.schemas.resolve(schema).maxLength ?? 1_000;
      if (how === 'long') form.set(name, 'x'.repeat(max + 1));
      if (how === 'nul') form.set(name, 'a\u0000b');
      if (how === 'twice') {
        form.append(name, 'a');
        form.append(name, 'b');
      }
      return { why: `form ${name} ${how === 'twice' ? 'given twice' : how === 'nul' ? 'with a NUL' : `of ${max + 1} characters`}`, body: form.toString() };
    });
  }

  /** Adds the caller and Idempotency-Key dimensions to a request. */
  private dressed(route: FuzzRoute, kind: FuzzKind, requests: fc.Arbitrary<Partial<FuzzRequest> & Violation & { mustReject?: boolean }>) {
    const callers = fc.constantFrom('owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'nobody', 'garbage');
    const keys = route.takesIdempotencyKey ? fc.constantFrom('none', 'fresh', 'fresh', 'malformed') : fc.constant('none');
    const garbage = fc.constantFrom(...GARBAGE_CREDENTIALS);
    return fc.record({ r: requests, caller: callers, key: keys, garbage }).map(({ r, caller, key, garbage }): FuzzCase => {
      const headers: Record<string, string> = { ...(r.headers ?? {}) };
      if (caller === 'owner') headers.authorization = this.context.ownerAuth;
      if (caller === 'garbage') headers.authorization = garbage;
      if (key === 'fresh') headers['idempotency-key'] = randomUUID();
      if (key === 'malformed') headers['idempotency-key'] = 'not a valid key \u00e9';
      const body = r.body ?? (kind === 'body' || kind === 'body-raw' ? undefined : this.validBody(route));
      if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
      return {
        route,
        kind,
        why: r.why,
        mustReject: r.mustReject ?? true,
        caller,
        idempotencyKey: key,
        request: { method: route.method, path: r.path ?? this.validPath(route), headers, ...(body !== undefined ? { body } : {}) },
      };
    });
  }

  private withQuery(path: string, query: URLSearchParams): string {
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  }
}
