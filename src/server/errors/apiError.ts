/**
 * The service's one error type. Anything thrown as an ApiError is rendered as problem+json with
 * its status and stable code; anything else becomes a 500 without details (see renderError).
 */
import type { ErrorCode } from '../../contract/problem';

export interface FieldMessage {
  field: string;
  message: string;
}

export interface ApiErrorOptions {
  detail?: string;
  errors?: FieldMessage[];
  headers?: Record<string, string>;
  /** Extra problem members (e.g. attemptsLeft, RFC 6749 `error`). */
  extra?: Record<string, string | number>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldMessage[] | undefined;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, string | number>;

  constructor(status: number, code: ErrorCode, title: string, options: ApiErrorOptions = {}) {
    super(options.detail ?? title);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.title = title;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

export const badRequest = (code: ErrorCode, detail: string, errors?: FieldMessage[]) =>
  new ApiError(400, code, 'The request is not valid.', { detail, ...(errors ? { errors } : {}) });

export const notFound = (what: string) =>
  new ApiError(404, 'not-found', 'Not found.', { detail: `${what} was not found.` });

export const forbidden = (detail: string) => new ApiError(403, 'forbidden', 'Forbidden.', { detail });

export const conflict = (code: ErrorCode, detail: string) =>
  new ApiError(409, code, 'The request conflicts with the current state.', { detail });

/** Per-field messages as one line: `field: message; field: message`. */
export const describeFields = (errors: readonly FieldMessage[]) => errors.map((e) => `${e.field}: ${e.message}`).join('; ');

/** A 400 listing per-field messages, summed up in its detail. */
export const invalidFields = (code: ErrorCode, errors: FieldMessage[]) => badRequest(code, describeFields(errors), errors);

/** A 400 naming one field, for rules zod cannot express (existence, kiosk settings...). */
export const invalidField = (code: ErrorCode, field: string, message: string) =>
  badRequest(code, message, [{ field, message }]);
