/**
 * Every setting of the service, read from environment variables and validated once at start-up.
 * docs/settings.md's table mirrors this file.
 */
import { z } from 'zod';
import { DEFAULT_LONG_SHIFT_MINUTES } from '../domain/attendance';
import { DEFAULT_PIN_LOCKOUT_MINUTES, DEFAULT_PIN_MAX_ATTEMPTS } from '../domain/pinPolicy';
import { DEFAULT_DEVICE_SILENT_MINUTES } from '../domain/deviceContact';
import { DEFAULT_MANAGER_PIN_SESSION_MINUTES } from '../domain/managerPin';
import { DEFAULT_SECRET_HASH_COST } from './auth/secrets';
import { TestClockSetting } from './testClock';

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
  /**
   * Other services the kiosk app served from here may be pointed at during set-up: a comma list of
   * origins added to the app's Content-Security-Policy `connect-src` (by default only its own).
   */
  APP_CONNECT_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url().refine((url) => new URL(url).origin === url.replace(/\/$/, ''), 'must be origins such as https://clock.example.com'))),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /**
   * How log events are written: `json` (one JSON object per line, for a log collector), `pretty`
   * (a short line for a person), or `auto`: pretty when standard output is a terminal, else JSON.
   */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** Largest request body accepted, in bytes (413 above it). Photos travel as base64 in JSON. */
  MAX_BODY_BYTES: positiveInt.default(2_000_000),
  /** Largest decoded punch photo, in bytes. */
  MAX_PHOTO_BYTES: positiveInt.default(1_000_000),
  PIN_MAX_ATTEMPTS: positiveInt.default(DEFAULT_PIN_MAX_ATTEMPTS),
  PIN_LOCKOUT_MINUTES: positiveInt.default(DEFAULT_PIN_LOCKOUT_MINUTES),
  /** How many different people one kiosk device may have locked out by wrong PINs at once (docs/offline-pin.md). */
  PIN_LOCKOUTS_PER_DEVICE: positiveInt.default(2),
  LOGIN_MAX_ATTEMPTS: positiveInt.default(5),
  LOGIN_LOCKOUT_MINUTES: positiveInt.default(15),
  /** An open shift longer than this is flagged `longShift`. */
  LONG_SHIFT_MINUTES: positiveInt.default(DEFAULT_LONG_SHIFT_MINUTES),
  /** A kiosk device not heard from for longer than this is flagged silent in the manager's fleet view (fractions allowed). */
  DEVICE_SILENT_MINUTES: z.coerce.number().positive().max(7 * 24 * 60).default(DEFAULT_DEVICE_SILENT_MINUTES),
  /** How far a recorded punch time may be ahead of the service's clock. */
  MAX_FUTURE_SKEW_SECONDS: z.coerce.number().int().min(0).default(120),
  /** Wrong PINs an offline kiosk reports (`pinfailures`): the oldest accepted, and how many one device may report per hour. */
  PIN_FAILURES_MAX_AGE_HOURS: positiveInt.default(7 * 24),
  PIN_FAILURES_PER_DEVICE_HOUR: positiveInt.default(20),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(24 * 60 * 60),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  /** A session opened with a manager PIN at a paired tablet ends this long after the PIN, renewals included. */
  MANAGER_PIN_SESSION_MINUTES: positiveInt.max(24 * 60).default(DEFAULT_MANAGER_PIN_SESSION_MINUTES),
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
  /**
   * Reverse proxies in front of the service whose X-Forwarded-For entries are trusted for the
   * client's address (0: none; the connection's peer is the client).
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Rate limits (requests per minute; PIN resets per hour), per caller and per client address
   * (IP). The sign-in "caller" is the e-mail address a password grant names, known or not.
   */
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: positiveInt.default(10),
  RATE_LIMIT_SIGN_IN_PER_IP: positiveInt.default(30),
  RATE_LIMIT_PIN_CHECK_PER_CALLER: positiveInt.default(60),
  RATE_LIMIT_PIN_CHECK_PER_IP: positiveInt.default(120),
  RATE_LIMIT_PIN_RESET_PER_CALLER: positiveInt.default(10),
  RATE_LIMIT_PIN_RESET_PER_IP: positiveInt.default(20),
  RATE_LIMIT_PIN_FAILURES_PER_CALLER: positiveInt.default(60),
  RATE_LIMIT_PIN_FAILURES_PER_IP: positiveInt.default(120),
  /**
   * Who may create businesses besides ADMIN_EMAIL and users with unrestricted access to a business:
   * a comma list of e-mail addresses, or `*` for every signed-in user (open sign-up). Empty: nobody else.
   */
  BUSINESS_CREATORS: z.string().default(''),
  /**
   * Web hooks may be sent to private, loopback and link-local addresses (receivers on this machine or
   * network; the tests). Off: only public addresses, checked when registered and again at connect time.
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: flag.default(false),
  /** How long one web hook delivery attempt may take (connect, send, response) before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: positiveInt.max(300_000).default(10_000),
  /**
   * Service processes sharing the port (node:cluster), each a full service; more than 1 needs
   * DATABASE_URL (PGlite lives inside one process). 0: one per CPU core.
   */
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** Connections each process keeps to PostgreSQL (ignored on PGlite). */
  DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
  /** Serves Prometheus metrics at /metrics (off: 404). */
  METRICS: flag.default(false),
  /**
   * On SIGTERM, how long the process keeps serving after readiness turns 503, so a front end's
   * health check (Caddy's every 2 s in deploy/) sees it and stops sending before the port closes.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** On SIGTERM, how long requests and deliveries in flight may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: positiveInt.max(600_000).default(10_000),
  /** Creates (or resets the password of) this manager at start-up, for a first sign-in. */
  ADMIN_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8).optional().or(z.literal('').transform(() => undefined)),
  /**
   * scrypt's cost N for new password and PIN hashes (a power of two). Tests lower it; with
   * NODE_ENV=production nothing below the default is accepted.
   */
  SECRET_HASH_COST: z.coerce
    .number()
    .int()
    .min(2)
    .max(1_048_576)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
    .default(DEFAULT_SECRET_HASH_COST),
  /**
   * For tests only (refused with NODE_ENV=production): the service's clock starts at this ISO-8601
   * instant (or `now`) and loopback callers may move it with `PUT /_test/clock` (testClock.ts).
   */
  TEST_CLOCK: TestClockSetting.optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; throws one readable error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // A setting given as empty (`WORKERS=` in a unit file or a compose file) means "not set": its
  // default, not 0 or an error.
  const given = Object.fromEntries(Object.entries(source).filter(([key, value]) => !(value === '' && key in EnvSchema.shape)));
  const result = EnvSchema.safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  if ((result.data.ADMIN_EMAIL === undefined) !== (result.data.ADMIN_PASSWORD === undefined)) {
    throw new Error('Invalid settings:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (source.NODE_ENV === 'production' && result.data.SECRET_HASH_COST < DEFAULT_SECRET_HASH_COST) {
    throw new Error(`Invalid settings:\n  SECRET_HASH_COST below ${DEFAULT_SECRET_HASH_COST} is for tests and is refused with NODE_ENV=production`);
  }
  if (result.data.TEST_CLOCK !== undefined) {
    if (source.NODE_ENV === 'production') throw new Error('Invalid settings:\n  TEST_CLOCK is for tests and is refused with NODE_ENV=production');
    if (result.data.WORKERS !== 1) throw new Error('Invalid settings:\n  TEST_CLOCK needs WORKERS=1 (each process would keep its own clock)');
  }
  return result.data;
}
