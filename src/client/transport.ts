/**
 * The client's transport: openapi-fetch typed by the generated `paths`, with
 * - a fetch wrapper that applies the timeout to the whole exchange (headers and body) and turns
 *   a fetch that throws into a network failure (a caller's own abort is passed through as is);
 * - middleware that adds the Authorization header (read from `credentials()` on every request,
 *   never on the OAuth token endpoints) and reports each response's Date header;
 * - `receiveJson`/`receiveNothing`, which turn a result into a zod-parsed value or an
 *   ApiClientError. Bodies are read as text and parsed here, so nothing reaches the caller
 *   unchecked.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { z } from 'zod';
import { authorizationHeader, type Credentials } from './credentials';
import { ApiClientError, httpErrorFrom, type ResponseIssue } from './errors';
import type { paths } from './generated/api';

/** Configuration of an API client. */
export interface ApiClientConfig {
  /**
   * The service origin, e.g. `https://kiosk.example.com` or the vendor's API host; the API lives
   * under `/api/v2` and OAuth under `/oauth` beneath it. A path prefix (reverse proxy) is kept.
   */
  baseUrl: string;
  /** The credentials to send, read on every request; null sends none. */
  credentials: () => Credentials | null;
  /** The fetch to use (defaults to the global fetch): inject for tests or the service worker. */
  fetch?: typeof fetch;
  /**
   * Called with every response's `Date` header and the request's round trip in milliseconds, so
   * the kiosk can estimate its clock offset. An exception it throws is logged, never rethrown.
   */
  onServerDate?: (serverDate: Date, roundTripMs: number) => void;
  /** Abandon a request (headers and body) after this many milliseconds; none by default. */
  timeoutMs?: number;
}

/** Per-call options every method accepts. */
export interface CallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason (not an ApiClientError). */
  signal?: AbortSignal;
}

/** Per-call options of a mutation that the service makes idempotent. */
export interface MutationOptions extends CallOptions {
  /**
   * Sent as `Idempotency-Key`: a retry with the same key and body gets the first response again
   * instead of applying the change twice. Use one key per intended change (e.g. a UUID).
   */
  idempotencyKey?: string;
}

/** The typed openapi-fetch client over the generated paths. */
export type Http = Client<paths>;

/** A fetch failure inside the transport, turned into an ApiClientError by `exchange`. */
class NetworkFailure extends Error {
  constructor(
    readonly timedOut: boolean,
    cause: unknown,
  ) {
    super(timedOut ? 'timed out' : 'network failure', { cause });
  }
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const OAUTH_PATH = /^(\/api\/v2)?\/oauth\//;

/** Wraps fetch: timeout over the whole exchange, body buffered, failures marked. */
function transportFetch(fetchImpl: typeof fetch, timeoutMs: number | undefined) {
  return async (request: Request): Promise<Response> => {
    const callerSignal = request.signal;
    if (callerSignal.aborted) throw callerSignal.reason;
    const controller = new AbortController();
    let timedOut = false;
    const forwardAbort = () => controller.abort(callerSignal.reason);
    callerSignal.addEventListener('abort', forwardAbort, { once: true });
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs);
    // Rejects on abort even when the fetch in use ignores its signal.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
    try {
      const response = await Promise.race([fetchImpl(request, { signal: controller.signal }), aborted]);
      const body = await Promise.race([response.arrayBuffer(), aborted]);
      return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (callerSignal.aborted) throw callerSignal.reason;
      throw new NetworkFailure(timedOut, error);
    } finally {
      clearTimeout(timer);
      callerSignal.removeEventListener('abort', forwardAbort);
    }
  };
}

function authMiddleware(credentials: () => Credentials | null): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (OAUTH_PATH.test(schemaPath)) return undefined;
      const current = credentials();
      if (current) request.headers.set('authorization', authorizationHeader(current));
      return undefined;
    },
  };
}

function serverDateMiddleware(onServerDate: NonNullable<ApiClientConfig['onServerDate']>): Middleware {
  const startedAt = new Map<string, number>();
  return {
    onRequest({ id }) {
      startedAt.set(id, performance.now());
      return undefined;
    },
    onResponse({ id, response }) {
      const started = startedAt.get(id);
      startedAt.delete(id);
      const header = response.headers.get('date');
      const serverDate = header === null ? null : new Date(header);
      if (started === undefined || serverDate === null || Number.isNaN(serverDate.getTime())) return undefined;
      try {
        onServerDate(serverDate, performance.now() - started);
      } catch (error) {
        console.error('onServerDate threw', error);
      }
      return undefined;
    },
    onError({ id }) {
      startedAt.delete(id);
      return undefined;
    },
  };
}

/** The service origin without a trailing slash; refuses a base URL that already names /api/v2. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (/\/api\/v2$/i.test(trimmed)) {
    throw new TypeError(`baseUrl is the service origin, without /api/v2 (got ${baseUrl})`);
  }
  return trimmed;
}

/** Creates the typed openapi-fetch client with the transport fetch and middleware. */
export function createHttp(config: ApiClientConfig): Http {
  const fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const http = createClient<paths>({ baseUrl: normaliseBaseUrl(config.baseUrl), fetch: transportFetch(fetchImpl, config.timeoutMs) });
  http.use(authMiddleware(config.credentials));
  // Last, so its onRequest runs just before the fetch and its onResponse first after it.
  if (config.onServerDate) http.use(serverDateMiddleware(config.onServerDate));
  return http;
}

/** The options every call passes to openapi-fetch: bodies are read as text and parsed here. */
export function baseInit(options: CallOptions | undefined) {
  return { parseAs: 'text' as const, ...(options?.signal ? { signal: options.signal } : {}) };
}

/** The Idempotency-Key header parameter of a mutation (none when no key is given). */
export function idempotencyHeader(options: MutationOptions | undefined): { 'idempotency-key'?: string } {
  return options?.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey };
}

/** What openapi-fetch resolves with when bodies are read as text. */
interface RawResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** Awaits a call; network failures and non-2xx answers become ApiClientErrors. */
async function exchange(operation: string, pending: Promise<RawResult>): Promise<{ data: unknown; response: Response }> {
  let result: RawResult;
  try {
    result = await pending;
  } catch (error) {
    if (error instanceof NetworkFailure) {
      throw new ApiClientError({ kind: 'network', timedOut: error.timedOut }, { operation, cause: error.cause });
    }
    throw error;
  }
  if (!result.response.ok) throw httpErrorFrom(result.response, result.error, operation);
  return { data: result.data, response: result.response };
}

function invalidResponse(operation: string, status: number, issues: ResponseIssue[]) {
  return new ApiClientError({ kind: 'invalid-response', status, issues }, { operation });
}

/**
 * Awaits a call whose success body is JSON matching `schema`, and returns the parsed value.
 * Throws ApiClientError: 'network', 'http', or 'invalid-response' (not JSON, or not the schema).
 */
export async function receiveJson<S extends z.ZodType>(operation: string, schema: S, pending: Promise<RawResult>): Promise<z.output<S>> {
  const { data, response } = await exchange(operation, pending);
  const text = typeof data === 'string' ? data : '';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidResponse(operation, response.status, [{ path: '', message: text ? 'body is not JSON' : 'body is empty' }]);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    throw invalidResponse(operation, response.status, issues);
  }
  return parsed.data;
}

/** Awaits a call whose success carries no body the contract defines (any body is ignored). */
export async function receiveNothing(operation: string, pending: Promise<RawResult>): Promise<void> {
  await exchange(operation, pending);
}
