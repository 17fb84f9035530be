/**
 * Renders every failure as RFC 9457 problem+json: ApiErrors with their own status and code,
 * validation failures with per-field messages, and anything unexpected as a bare 500 that
 * reveals nothing (the stack goes to the log, never to the client).
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { PROBLEM_CONTENT_TYPE, problemType, type Problem } from '../../contract/problem';
import { ApiError, invalidFields, type FieldMessage } from '../errors/apiError';
import type { Logger } from '../logger';

export function problemResponse(error: ApiError): Response {
  const body: Problem = {
    type: problemType(error.code),
    title: error.title,
    status: error.status,
    code: error.code,
    ...(error.detail ? { detail: error.detail } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
    ...error.extra,
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...error.headers },
  });
}

type Issue = ZodError['issues'][number];

/**
 * A body that fits none of a route's regional shapes (src/contract/routes/define.ts: the UK one
 * first) is reported by the first shape's issues, as if the route had that one only.
 */
function flattened(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || issue.path.length > 0 || !issue.errors[0] || issue.errors[0].length === 0) return [issue];
  return issue.errors[0];
}

/** Turns zod issues into per-field messages (`breaks.0.start: Required`). */
export function fieldMessages(error: ZodError, prefix?: string): FieldMessage[] {
  return error.issues.flatMap(flattened).map((issue) => {
    const path = issue.path.map(String).join('.');
    return { field: [prefix, path].filter(Boolean).join('.') || '(body)', message: issue.message };
  });
}

export function validationError(error: ZodError, target: string): ApiError {
  return invalidFields('validation-failed', fieldMessages(error, target === 'json' ? undefined : target));
}

export function renderError(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof ApiError) return problemResponse(error);
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) {
      return problemResponse(new ApiError(413, 'payload-too-large', 'The request body is too large.'));
    }
    if (status < 500) {
      const code =
        status === 401 ? 'unauthenticated' : status === 404 ? 'not-found' : status === 415 ? 'unsupported-media-type' : 'validation-failed';
      return problemResponse(new ApiError(status, code, error.message || 'The request is not valid.'));
    }
  }
  logger.error('unhandled error', {
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return problemResponse(new ApiError(500, 'internal-error', 'Something went wrong on the server.'));
}
