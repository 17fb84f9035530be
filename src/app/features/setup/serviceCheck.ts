/**
 * Step 1's rules, without React: turning what the installer typed into a service base URL, and
 * checking that a compatible Kiosk Clock service answers there (its OpenAPI document lists device
 * enrolment). A browser cannot tell a refused connection, an unknown host and a CORS refusal
 * apart (fetch throws the same TypeError), so they are one outcome, 'unreachable'.
 */

export const SERVICE_CHECK_TIMEOUT_MS = 8_000;

/** The route that makes a service usable for kiosks: device enrolment. */
const ENROL_PATH = '/api/v2/business/{businessid}/kiosk/{kioskid}/devices';

export type ServiceUrlProblem = 'empty' | 'invalid' | 'insecure';

export type ServiceUrl = { ok: true; url: string } | { ok: false; reason: ServiceUrlProblem };

export type ServiceCheck =
  | { ok: true; url: string }
  | { ok: false; reason: ServiceUrlProblem }
  | { ok: false; reason: 'unreachable' | 'timeout' | 'not-kiosk-clock'; url: string }
  | { ok: false; reason: 'http-error'; url: string; status: number };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The service's base URL from what was typed: `https://` assumed when no scheme is given, query
 * and fragment dropped, trailing slashes and a trailing `/api/v2` removed (a path prefix for a
 * reverse proxy is kept). From an https page an http service is refused (mixed content), except
 * on the device itself.
 */
export function normaliseServiceUrl(input: string, pageProtocol: string): ServiceUrl {
  const typed = input.trim();
  if (!typed) return { ok: false, reason: 'empty' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname || parsed.username || parsed.password) {
    return { ok: false, reason: 'invalid' };
  }
  if (pageProtocol === 'https:' && parsed.protocol === 'http:' && !LOOPBACK.has(parsed.hostname)) return { ok: false, reason: 'insecure' };
  const path = parsed.pathname.replace(/\/+$/, '').replace(/\/api\/v2$/i, '');
  return { ok: true, url: `${parsed.origin}${path}` };
}

function isCompatibleDocument(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { openapi, paths } = body as { openapi?: unknown; paths?: unknown };
  if (typeof openapi !== 'string' || typeof paths !== 'object' || paths === null) return false;
  return Object.keys(paths).some((path) => path.toLowerCase() === ENROL_PATH);
}

export interface ServiceCheckOptions {
  pageProtocol: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Normalises the URL, then asks the service for its OpenAPI document (with a timeout). */
export async function checkService(input: string, options: ServiceCheckOptions): Promise<ServiceCheck> {
  const normalised = normaliseServiceUrl(input, options.pageProtocol);
  if (!normalised.ok) return normalised;
  const url = normalised.url;
  const fetchImpl = options.fetch ?? ((resource: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(resource, init));
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? SERVICE_CHECK_TIMEOUT_MS);
  try {
    const response = await fetchImpl(`${url}/api/v2/openapi.json`, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    if (response.status >= 500) return { ok: false, reason: 'http-error', url, status: response.status };
    if (!response.ok) return { ok: false, reason: 'not-kiosk-clock', url };
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, reason: timedOut ? 'timeout' : 'not-kiosk-clock', url };
    }
    return isCompatibleDocument(body) ? { ok: true, url } : { ok: false, reason: 'not-kiosk-clock', url };
  } catch {
    return { ok: false, reason: timedOut ? 'timeout' : 'unreachable', url };
  } finally {
    clearTimeout(timer);
  }
}
