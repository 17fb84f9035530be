/**
 * One generic call for every route definition (src/contract/routes): the route's method and path
 * template, its path, query and body schemas and its 200 response schema are all the client needs,
 * so a route declared once is callable, typed and response-parsed with no per-operation code.
 *
 * Types: path values and query values are what the service's schemas produce (numbers, booleans;
 * a query value the schema reads as text also takes a number, as on the wire), the body is what
 * its schema accepts, and the result is the 200 schema's output, or nothing when the 200 has no
 * JSON body. The body goes in the route's first media type (form-encoded for OAuth, JSON
 * elsewhere); the Idempotency-Key goes only to routes that declare it.
 */
import type { z } from 'zod';
import type { BodyOf, ContractRoute } from '../contract/routes/define';

export type { BodyOf } from '../contract/routes/define';
import { ApiClientError, httpErrorFrom, type ResponseIssue } from './errors';
import type { CallOptions, MutationOptions, Transport } from './transport';

type RequestOf<R> = R extends { request: infer Q } ? Q : object;
type Present<T> = [T] extends [never] ? false : true;

/** Path values of a route (ids as numbers). */
export type PathOf<R> = RequestOf<R> extends { params: infer P extends z.ZodType } ? z.output<P> : never;

/** A query value as sent: text fields also take numbers (`$top`), as the wire does. */
type WireValue<T> = T extends string ? string | number : T;
/** Query values of a route, every one optional. */
export type QueryOf<R> = RequestOf<R> extends { query: infer Q extends z.ZodType }
  ? { [K in keyof z.output<Q>]?: WireValue<z.output<Q>[K]> }
  : never;


/** What a route answers with on success: the parsed 200 body, the text of a CSV answer, or nothing. */
export type ResultOf<R> = R extends { responses: { 200: { content: { 'application/json': { schema: infer S extends z.ZodType } } } } }
  ? z.output<S>
  : R extends { responses: { 200: { content: { 'text/csv': unknown } } } }
    ? string
    : void;

/** The options of a route's call: an Idempotency-Key only where the route declares one. */
export type OptionsOf<R> = RequestOf<R> extends { headers: z.ZodType } ? MutationOptions : CallOptions;

/** The input of a route's call: `path`, `query` and `body` exactly where the route has them. */
export type CallInput<R> = (Present<PathOf<R>> extends true ? { path: PathOf<R> } : { path?: never }) &
  (Present<QueryOf<R>> extends true ? { query?: QueryOf<R> } : { query?: never }) &
  (Present<BodyOf<R>> extends true ? { body: BodyOf<R> } : { body?: never });

/** Calls one route: `call(routes.listKiosks, { path: { businessId } })`. */
export type Call = <R extends ContractRoute>(route: R, input: CallInput<R>, options?: OptionsOf<R>) => Promise<ResultOf<R>>;

interface LooseInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const FORM = 'application/x-www-form-urlencoded';

function wireText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** The route's path template with its values filled in (each one URL-encoded). */
export function fillPath(template: string, values: Record<string, unknown> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new TypeError(`missing path value ${name} for ${template}`);
    return encodeURIComponent(wireText(values[name]));
  });
}

function encodeBody(route: ContractRoute, body: unknown): { type: string; text: string } | null {
  const content = route.request?.body?.content;
  if (!content || body === undefined) return null;
  const type = Object.keys(content)[0] ?? 'application/json';
  if (type !== FORM) return { type, text: JSON.stringify(body) };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) if (value !== undefined) params.append(name, wireText(value));
  return { type, text: params.toString() };
}

/** The Request a call sends (without credentials: the transport adds those). */
export function buildRequest(baseUrl: string, route: ContractRoute, input: LooseInput, options: MutationOptions = {}): Request {
  const url = new URL(`${baseUrl}${fillPath(route.path, input.path)}`);
  // A list is a repeated parameter (`name=a&name=b`, contract 1.5).
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) url.searchParams.append(name, wireText(item));
  }
  const headers = new Headers();
  const declaresKey = route.request?.headers?.shape['idempotency-key'] !== undefined;
  if (declaresKey && options.idempotencyKey !== undefined) headers.set('idempotency-key', options.idempotencyKey);
  const body = encodeBody(route, input.body);
  if (body) headers.set('content-type', body.type);
  return new Request(url, { method: route.method.toUpperCase(), headers, body: body?.text ?? null, signal: options.signal ?? null });
}

function invalidResponse(operation: string, status: number, issues: ResponseIssue[]) {
  return new ApiClientError({ kind: 'invalid-response', status, issues }, { operation });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Reads a response: a non-2xx is an 'http' error; a 200 JSON body is parsed with the route's schema. */
export async function readResponse(route: ContractRoute, response: Response): Promise<unknown> {
  const operation = route.operationId;
  const text = await response.text();
  if (!response.ok) {
    const parsed = parseJson(text);
    throw httpErrorFrom(response, parsed.ok ? parsed.value : text, operation);
  }
  const content = route.responses[200]?.content;
  if (content?.['text/csv']) return text;
  const schema = content?.['application/json']?.schema;
  if (!schema) return undefined;
  const json = parseJson(text);
  if (!json.ok) throw invalidResponse(operation, response.status, [{ path: '', message: text ? 'body is not JSON' : 'body is empty' }]);
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    throw invalidResponse(operation, response.status, issues);
  }
  return parsed.data;
}

/** The generic call over a transport. */
export function createCall(transport: Transport): Call {
  return async <R extends ContractRoute>(route: R, input: CallInput<R>, options?: OptionsOf<R>): Promise<ResultOf<R>> => {
    const request = buildRequest(transport.baseUrl, route, input as LooseInput, options);
    const response = await transport.send(request, { operation: route.operationId, credentials: route['x-access'] !== 'public' });
    return (await readResponse(route, response)) as ResultOf<R>;
  };
}
