/**
 * Building blocks for route definitions: path ids, SDK-style query values, JSON bodies and the
 * standard problem responses every route can answer with.
 */
import { z } from '@hono/zod-openapi';
import { PROBLEM_CONTENT_TYPE, Problem } from '../problem';

const INT32_MAX = 2147483647;

/** A numeric path id (the SDK's int32). */
export function pathId(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(INT32_MAX, `${name} is too large`)
    .openapi({ param: { name, in: 'path' }, example: 1 });
}

export const businessParams = z.object({ businessId: pathId('businessId') });

/** A .NET boolean query value: `True`/`False` in any casing. */
export const queryBool = z
  .string()
  .regex(/^(true|false)$/i, 'must be true or false')
  .transform((value) => value.toLowerCase() === 'true')
  .openapi({ type: 'boolean' });

export const queryInt = z
  .string()
  .regex(/^-?\d{1,10}$/, 'must be a whole number')
  .transform(Number)
  .openapi({ type: 'integer', format: 'int32' });

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    body: {
      content: { 'application/json': { schema } },
      required: true,
      ...(description ? { description } : {}),
    },
  };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
});

/** The failures every authenticated route may answer with. */
export const standardErrors = {
  400: problem('The request is not valid (per-field messages in `errors`).'),
  401: problem('No valid credentials were sent.'),
  403: problem('The caller may not do this.'),
  404: problem('Not found, or not visible to the caller.'),
} as const;

/** The failures of a mutating business route, which also takes an Idempotency-Key. */
export const mutationErrors = {
  ...standardErrors,
  422: problem('The Idempotency-Key was already used for a different request.'),
} as const;

export const conflictError = { 409: problem('The request conflicts with the current state.') } as const;
export const lockedError = { 429: problem('Too many wrong attempts; try again after `Retry-After` seconds.') } as const;

/** An empty 200: the SDK reads no body from these routes. */
export const emptyOk = { 200: { description: 'Done. No body.' } } as const;

/** The Idempotency-Key header accepted by every mutating business route. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Optional client-generated key (e.g. a UUID). A retry with the same key and body returns the first response without applying the request twice; the same key with a different body is a 422.',
    }),
});
