/**
 * Every setting of the service, read from environment variables and validated once at start-up.
 * The README's settings table mirrors this file.
 */
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEMO: flag.default(false),
  PUBLIC_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  /** Origins allowed to call the API from a browser (a kiosk served elsewhere): `*` or a comma list. */
  CORS_ORIGINS: z.string().min(1).default('*'),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /** Largest request body accepted, in bytes (413 above it). Photos travel as base64 in JSON. */
  MAX_BODY_BYTES: positiveInt.default(2_000_000),
  /** Largest decoded punch photo, in bytes. */
  MAX_PHOTO_BYTES: positiveInt.default(1_000_000),
  PIN_MAX_ATTEMPTS: positiveInt.default(5),
  PIN_LOCKOUT_MINUTES: positiveInt.default(15),
  LOGIN_MAX_ATTEMPTS: positiveInt.default(5),
  LOGIN_LOCKOUT_MINUTES: positiveInt.default(15),
  /** An open shift longer than this is flagged `longShift`. */
  LONG_SHIFT_MINUTES: positiveInt.default(12 * 60),
  /** How far a recorded punch time may be ahead of the service's clock. */
  MAX_FUTURE_SKEW_SECONDS: z.coerce.number().int().min(0).default(120),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(24 * 60 * 60),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  IDEMPOTENCY_KEY_TTL_HOURS: positiveInt.default(30 * 24),
  /** List requests answered at once (the rest wait their turn), so bulk reads cannot starve punches. */
  LIST_CONCURRENCY: positiveInt.default(1),
  /** List requests that may wait for a turn; more get 429 with Retry-After. */
  LIST_QUEUE_MAX: positiveInt.default(200),
  /** SMTP connection URL (smtp://user:pass@host:587); without it, mail stays in the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Kiosk Clock <no-reply@kiosk.invalid>'),
  /** Creates (or resets the password of) this manager at start-up, for a first sign-in. */
  ADMIN_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8).optional().or(z.literal('').transform(() => undefined)),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; throws one readable error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  if ((result.data.ADMIN_EMAIL === undefined) !== (result.data.ADMIN_PASSWORD === undefined)) {
    throw new Error('Invalid settings:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return result.data;
}
