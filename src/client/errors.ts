/**
 * Building the API client's errors from responses (problem details parsed with the contract's
 * schema, Retry-After read) and, re-exported, the error class itself (`clientError.ts`).
 */
import { ERROR_CODES, Problem, type ErrorCode } from '../contract/problem';
import { ApiClientError, type HttpApiClientError } from './clientError';

export * from './clientError';

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

function isErrorCode(code: string): code is ErrorCode {
  return KNOWN_CODES.has(code);
}

/**
 * Seconds to wait from a Retry-After value: delta-seconds, or an HTTP-date measured against the
 * response's own Date header when present (so a skewed local clock does not matter).
 */
export function parseRetryAfter(value: string | null, serverDate: string | null, now: () => number = Date.now): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const until = Date.parse(trimmed);
  if (Number.isNaN(until)) return null;
  const reference = serverDate === null ? Number.NaN : Date.parse(serverDate);
  const from = Number.isNaN(reference) ? now() : reference;
  return Math.max(0, Math.ceil((until - from) / 1000));
}

/** Builds the 'http' error for a non-2xx response whose body (JSON or text) has been read. */
export function httpErrorFrom(response: Response, body: unknown, operation: string): HttpApiClientError {
  const parsed = Problem.safeParse(body);
  const problem = parsed.success ? parsed.data : null;
  const headerSeconds = parseRetryAfter(response.headers.get('retry-after'), response.headers.get('date'));
  return new ApiClientError(
    {
      kind: 'http',
      status: response.status,
      code: problem && isErrorCode(problem.code) ? problem.code : 'unknown',
      problem,
      retryAfterSeconds: headerSeconds ?? problem?.retryAfterSeconds ?? null,
      fieldErrors: problem?.errors ?? [],
    },
    { operation },
  );
}
