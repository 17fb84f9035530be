/**
 * The one error shape of the service: RFC 9457 problem details, with a stable `code` the kiosk
 * maps to its own messages, and per-field messages for validation failures. OAuth endpoints add
 * RFC 6749's `error`/`error_description` members to the same object.
 */
import { z } from 'zod';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Stable error codes. The app's words for each are in src/app/i18n/problemWords.ts (a unit test checks every one). */
export const ERROR_CODES = [
  'validation-failed',
  'malformed-json',
  'json-too-deep',
  'payload-too-large',
  'headers-too-large',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'unauthenticated',
  'forbidden',
  'business-creation-forbidden',
  'invalid-grant',
  'unsupported-grant-type',
  'login-locked',
  'wrong-pin',
  'pin-locked',
  'pin-not-set',
  'invalid-manager-pin',
  'wrong-manager-pin',
  'manager-pin-locked',
  'manager-pin-not-set',
  'manager-pin-needs-password',
  'invalid-badge',
  'unknown-badge',
  'badge-revoked',
  'badges-off',
  'badge-locked',
  'pin-required',
  'reset-too-soon',
  'reset-code-used',
  'reset-code-expired',
  'implausible-pin-failures',
  'rate-limited',
  'invalid-pin',
  'pin-too-simple',
  'not-kiosk-enabled',
  'sms-disabled',
  'no-contact',
  'already-clocked-on',
  'not-clocked-on',
  'already-on-break',
  'not-on-break',
  'punch-before-previous',
  'punch-in-future',
  'photo-required',
  'invalid-photo',
  'location-required',
  'work-type-required',
  'invalid-reference',
  'shift-ends-before-start',
  'break-ends-before-start',
  'break-outside-shift',
  'breaks-overlap',
  'shift-overlaps-existing',
  'kiosk-cannot-add-employees',
  'claim-decided',
  'conflict',
  'idempotency-key-invalid',
  'idempotency-key-reused',
  'unsupported-query',
  'lists-busy',
  'internal-error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FieldError = z
  .object({
    field: z.string().meta({ description: 'Path of the offending field, e.g. `breaks.0.start`.' }),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });

export const Problem = z
  .object({
    type: z.string().meta({ description: 'URI naming the problem type.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().meta({ description: 'Stable error code (see ERROR_CODES).' }),
    errors: z.array(FieldError).optional(),
    retryAfterSeconds: z.number().int().optional(),
    attemptsLeft: z.number().int().optional(),
    employeeId: z.number().int().optional().meta({ description: 'Whose badge it was (`pin-required`: their PIN comes next).' }),
    badgeId: z.number().int().optional().meta({ description: 'The badge scanned (`pin-required`).' }),
    error: z.string().optional().meta({ description: 'RFC 6749 error code (OAuth endpoints only).' }),
    error_description: z.string().optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;

export function problemType(code: string): string {
  return `https://kiosk-clock.dev/problems/${code}`;
}
