/**
 * The client's transport: sends one built Request and answers its Response, with
 * - the timeout applied to the whole exchange (headers and body), and a fetch that throws turned
 *   into an ApiClientError 'network' (a caller's own abort is passed through as is);
 * - the Authorization header, read from `credentials()` on every request (never on public routes
 *   such as the OAuth token endpoints);
 * - each response's Date header reported with the round trip, for the kiosk's clock offset.
 */
import { authorizationHeader, type Credentials } from './credentials';
import { ApiClientError } from './errors';

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
  /**
   * Called after every exchange: true when the service answered (any status), false on a network
   * failure or timeout (not on the caller's own abort). The kiosk's reachability listens here.
   */
  onExchange?: (answered: boolean) => void;
  /** Called with every answered request and its response (e.g. to keep a header); an exception it throws is logged, never rethrown. */
  onResponse?: (request: Request, response: Response) => void;
  /**
   * Awaited before each request leaves, before its round trip and timeout start: the kiosk page
   * holds its requests while a new app version takes over (src/app/runtime/requestHold.ts).
   */
  holdUntil?: () => Promise<void>;
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

/** The service origin without a trailing slash; refuses a base URL that already names /api/v2. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (/\/api\/v2$/i.test(trimmed)) {
    throw new TypeError(`baseUrl is the service origin, without /api/v2 (got ${baseUrl})`);
  }
  return trimmed;
}

/** Sends built requests; `credentials` says whether the route takes them. */
export interface Transport {
  /** The service origin (normalised). */
  baseUrl: string;
  send(request: Request, call: { operation: string; credentials: boolean }): Promise<Response>;
}

function reportServerDate(onServerDate: ApiClientConfig['onServerDate'], response: Response, started: number) {
  const header = response.headers.get('date');
  const serverDate = header === null ? null : new Date(header);
  if (!onServerDate || serverDate === null || Number.isNaN(serverDate.getTime())) return;
  try {
    onServerDate(serverDate, performance.now() - started);
  } catch (error) {
    console.error('onServerDate threw', error);
  }
}

/** The transport of a client configuration. */
export function createTransport(config: ApiClientConfig): Transport {
  const fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const exchange = transportFetch(fetchImpl, config.timeoutMs);
  return {
    baseUrl: normaliseBaseUrl(config.baseUrl),
    async send(request, { operation, credentials }) {
      await config.holdUntil?.();
      const current = credentials ? config.credentials() : null;
      if (current) request.headers.set('authorization', authorizationHeader(current));
      const started = performance.now();
      let response: Response;
      try {
        response = await exchange(request);
      } catch (error) {
        if (error instanceof NetworkFailure) {
          config.onExchange?.(false);
          throw new ApiClientError({ kind: 'network', timedOut: error.timedOut }, { operation, cause: error.cause });
        }
        throw error;
      }
      reportServerDate(config.onServerDate, response, started);
      config.onExchange?.(true);
      try {
        config.onResponse?.(request, response);
      } catch (error) {
        console.error('onResponse threw', error);
      }
      return response;
    },
  };
}
