/**
 * The one error the API client throws, `ApiClientError`, with a discriminated `kind`:
 * - 'network': no answer (fetch threw, the connection dropped while reading, or the timeout hit);
 * - 'http': the service answered with a non-2xx status (problem details parsed when present);
 * - 'invalid-response': a 2xx answer whose body does not match the contract's schema.
 *
 * `ApiClientError` is both a constructor and a union type, so `error instanceof ApiClientError`
 * followed by `error.kind === 'http'` narrows to the HTTP fields (`status`, `code`, ...).
 * `isRetryable()` is the classification the offline sync engine relies on.
 *
 * Kept free of zod and the contract's schemas (types only), so the kiosk's first screen, which
 * only asks "was that a network failure?", does not load them; `errors.ts` builds errors from
 * responses and re-exports all of this.
 */
import type { ErrorCode, Problem } from '../contract/problem';

/** The three kinds of failure. */
export type ApiClientErrorKind = 'network' | 'http' | 'invalid-response';

/** A per-field validation message from a problem's `errors` member. */
export interface FieldError {
  field: string;
  message: string;
}

/** One way a response body failed the contract's schema (no values: bodies may hold secrets). */
export interface ResponseIssue {
  /** Dotted path into the body, e.g. `0.status`; empty for the body itself. */
  path: string;
  message: string;
}

/** 'network': the request got no (complete) answer. Always worth retrying. */
export interface NetworkErrorDetail {
  kind: 'network';
  /** True when the client's `timeoutMs` ran out. */
  timedOut: boolean;
}

/** 'http': the service (or something in front of it) answered with a non-2xx status. */
export interface HttpErrorDetail {
  kind: 'http';
  status: number;
  /** The problem's stable `code`; 'unknown' when the body is not a problem or the code is new. */
  code: ErrorCode | 'unknown';
  /** The body parsed with the contract's Problem schema; null when it is not a problem. */
  problem: Problem | null;
  /** From the Retry-After header, else the problem's `retryAfterSeconds`; null when neither. */
  retryAfterSeconds: number | null;
  /** The problem's per-field messages (validation failures); empty otherwise. */
  fieldErrors: readonly FieldError[];
}

/** 'invalid-response': a success status with a body that is not what the contract promises. */
export interface InvalidResponseErrorDetail {
  kind: 'invalid-response';
  status: number;
  issues: readonly ResponseIssue[];
}

/** The kind-specific part of an ApiClientError. */
export type ApiClientErrorDetail = NetworkErrorDetail | HttpErrorDetail | InvalidResponseErrorDetail;

/** Where the failure happened, for messages and logs (never a credential). */
export interface ApiClientErrorContext {
  /** The contract's operation id, e.g. `kiosk.clockInEmployee`. */
  operation: string;
  /** Set for 'network' errors: what fetch threw. */
  cause?: unknown;
}

class ApiClientErrorImpl extends Error {
  override readonly name = 'ApiClientError';
  /** The contract's operation id of the failed call, e.g. `kiosk.verifyKioskPin`. */
  readonly operation: string;

  constructor(detail: ApiClientErrorDetail, context: ApiClientErrorContext) {
    super(describe(detail, context.operation), context.cause === undefined ? undefined : { cause: context.cause });
    this.operation = context.operation;
    Object.assign(this, detail);
  }
}

type WithDetail<D extends ApiClientErrorDetail> = ApiClientErrorImpl & Readonly<D>;

/** An ApiClientError of kind 'network'. */
export type NetworkApiClientError = WithDetail<NetworkErrorDetail>;
/** An ApiClientError of kind 'http'. */
export type HttpApiClientError = WithDetail<HttpErrorDetail>;
/** An ApiClientError of kind 'invalid-response'. */
export type InvalidResponseApiClientError = WithDetail<InvalidResponseErrorDetail>;

/** Any error thrown by the API client: narrow on `kind`. */
export type ApiClientError = NetworkApiClientError | HttpApiClientError | InvalidResponseApiClientError;

interface ApiClientErrorConstructor {
  new (detail: NetworkErrorDetail, context: ApiClientErrorContext): NetworkApiClientError;
  new (detail: HttpErrorDetail, context: ApiClientErrorContext): HttpApiClientError;
  new (detail: InvalidResponseErrorDetail, context: ApiClientErrorContext): InvalidResponseApiClientError;
  new (detail: ApiClientErrorDetail, context: ApiClientErrorContext): ApiClientError;
  readonly prototype: ApiClientError;
}

/**
 * The API client's error class. `instanceof ApiClientError` narrows to the union, and `kind` then
 * narrows to one member. (The instance carries the detail's fields; the cast only tells the type
 * checker so.)
 */
export const ApiClientError = ApiClientErrorImpl as unknown as ApiClientErrorConstructor;

function describe(detail: ApiClientErrorDetail, operation: string): string {
  switch (detail.kind) {
    case 'network':
      return `${operation}: ${detail.timedOut ? 'timed out' : 'network failure'}`;
    case 'http': {
      const title = detail.problem ? `: ${detail.problem.title}` : '';
      return `${operation}: HTTP ${detail.status} ${detail.code}${title}`;
    }
    case 'invalid-response': {
      const first = detail.issues[0];
      const where = first ? ` (${first.path || 'body'}: ${first.message})` : '';
      return `${operation}: response does not match the contract${where}`;
    }
  }
}

/** True for an error thrown by the API client. */
export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

/**
 * May the same request be sent again later? True for network failures, 5xx and 429 (after
 * `retryAfterSeconds`); false for every other 4xx (the request itself must change), for
 * invalid responses (a contract mismatch does not heal by retrying) and for anything that is not
 * an ApiClientError (including a caller's abort). Mutations should be retried with the same
 * `idempotencyKey`.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiClientError)) return false;
  switch (error.kind) {
    case 'network':
      return true;
    case 'http':
      return error.status >= 500 || error.status === 429;
    case 'invalid-response':
      return false;
  }
}

