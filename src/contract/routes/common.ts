/**
 * Building blocks for route definitions: path ids, SDK-style query values, JSON bodies and the
 * standard problem responses every route can answer with.
 */
import { z } from 'zod';
import { PROBLEM_CONTENT_TYPE, Problem } from '../problem';
import { INT32_MAX, INT32_MIN, dateTimeInput } from '../wireTypes';

/** A numeric path id (the SDK's int32). */
export function pathId(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(INT32_MAX, `${name} is too large`)
    .meta({ param: { name, in: 'path' }, example: 1 });
}

export const businessParams = z.object({ businessId: pathId('businessId') });

/** A .NET boolean query value: `True`/`False` in any casing. */
export const queryBool = z
  .string()
  .regex(/^(true|false)$/i, 'must be true or false')
  .transform((value) => value.toLowerCase() === 'true')
  .meta({ type: 'boolean' });

/** An int32 query value: a whole number in range, or a clear 400 naming the parameter. */
export const queryInt = z
  .string()
  .transform((value, ctx) => {
    const number = /^[+-]?\d+$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(number) && number >= INT32_MIN && number <= INT32_MAX) return number;
    ctx.addIssue({ code: 'custom', message: `must be a whole number from ${INT32_MIN} to ${INT32_MAX}` });
    return z.NEVER;
  })
  .meta({ type: 'integer', format: 'int32', minimum: INT32_MIN, maximum: INT32_MAX });

/** A date-time query value (the SDK sends `yyyy-MM-ddTHH:mm:ss`), in the plausible years. */
export const queryDateTime = dateTimeInput;

/**
 * Who may call a route, declared once beside it. The service enforces it before the handler runs
 * (server/auth/routeGuard.ts), the OpenAPI document shows it as `x-access`, and the
 * authorization tests are generated from it.
 */
export const ROUTE_ACCESS = {
  public: 'No credentials needed.',
  signedIn: 'Any valid credential; not tied to one business.',
  member: 'Any tie to the business: its enrolled devices and its users.',
  read: 'Any user of the business.',
  admin: 'Users with unrestricted access to the business.',
  anyKiosk: 'Devices of the business, and its users with kiosk access (answers cover only the kiosks they may operate).',
  kiosk: 'The kiosk in the path (`kioskId`, or `id` on kiosk definitions): its enrolled devices, and users with access to it.',
  self:
    'Employee self-service: only a user linked to the employee in the path (`employeeId`, by an accepted self-service invitation), while that employee is not terminated. Anyone else, devices and managers included, gets 404, as if the employee did not exist.',
} as const;
export type RouteAccess = keyof typeof ROUTE_ACCESS;

/** Narrows who among those `access` admits may call: people only, or enrolled devices only. */
export type RouteCallers = 'users' | 'devices';

export const ROUTE_CALLERS: Record<RouteCallers, string> = {
  users: 'People only: an enrolled device gets 403.',
  devices: 'Enrolled kiosk devices only.',
};

/**
 * Routes that check a secret or send a message, each with its own budgets per caller and per
 * client address (settings RATE_LIMIT_*; server/http/rateLimits.ts).
 */
export const RATE_LIMITED_OPERATIONS = ['signIn', 'pinCheck', 'pinReset', 'pinFailures'] as const;
export type RateLimitedOperation = (typeof RATE_LIMITED_OPERATIONS)[number];

/** Declares a route rate-limited (spread into `createRoute`; shown as `x-rate-limit`). */
export function rateLimited(operation: RateLimitedOperation) {
  return { 'x-rate-limit': operation } as const;
}

/** The route's access declaration, as OpenAPI extensions (spread into `createRoute`). */
export function access(need: RouteAccess, callers?: RouteCallers) {
  return { 'x-access': need, ...(callers ? { 'x-callers': callers } : {}) } as const;
}

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
    .meta({
      description:
        'Optional client-generated key (e.g. a UUID). A retry with the same key and body returns the first response without applying the request twice; the same key with a different body is a 422.',
    }),
});
