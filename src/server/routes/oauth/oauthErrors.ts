/**
 * The token endpoint's failures: the service's one problem+json shape, carrying RFC 6749's
 * `error` and `error_description` members so standard OAuth clients understand them too.
 */
import type { ZodError } from 'zod';
import { ApiError, describeFields, type FieldMessage } from '../../errors/apiError';
import { fieldMessages } from '../../http/renderProblem';

/** A missing, repeated or malformed parameter (RFC 6749 `invalid_request`). */
export function invalidRequest(errors: FieldMessage[]): ApiError {
  const detail = describeFields(errors);
  return new ApiError(400, 'validation-failed', 'The request is not valid.', {
    detail,
    errors,
    extra: { error: 'invalid_request', error_description: detail },
  });
}

/** The route hook's answer to parameters that fail their schema. */
export function invalidRequestFrom(error: ZodError): ApiError {
  return invalidRequest(fieldMessages(error));
}

export const missingParameter = (name: string) => invalidRequest([{ field: name, message: `${name} is required` }]);

/** Bad credentials or a dead refresh token (RFC 6749 `invalid_grant`). */
export function invalidGrant(description: string): ApiError {
  return new ApiError(400, 'invalid-grant', 'The grant is not valid.', {
    detail: description,
    extra: { error: 'invalid_grant', error_description: description },
  });
}

export const WRONG_CREDENTIALS = 'The e-mail address or password is not correct.';

export function unsupportedGrantType(supported: readonly string[]): ApiError {
  const description = `This grant type is not supported; use ${supported.join(' or ')}.`;
  return new ApiError(400, 'unsupported-grant-type', 'The grant type is not supported.', {
    detail: description,
    extra: { error: 'unsupported_grant_type', error_description: description },
  });
}

/** Too many wrong passwords in a row: no password is checked until the lockout ends. */
export function loginLocked(retryAfterSeconds: number): ApiError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const description = `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return new ApiError(429, 'login-locked', 'Sign-in is temporarily locked.', {
    detail: description,
    headers: { 'retry-after': String(retryAfterSeconds) },
    extra: { retryAfterSeconds, error: 'invalid_grant', error_description: description },
  });
}
