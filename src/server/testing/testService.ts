/**
 * The service as the API tests see it: the real app on a real database holding exactly what a
 * freshly migrated one holds (PGlite or PostgreSQL 15, per the Vitest project; testDatabases.ts
 * says where it comes from), with a clock the test can move, reached through the same fetch
 * function Node's HTTP server uses.
 */
import { createService, type Service } from '../app';
import type { Database } from '../db/openDatabase';
import type { RowObserver } from '../db/observeRows';
import { EnvSchema, parseEnv, type Env } from '../env';
import { ensureServiceSecrets } from '../auth/serviceSecrets';
import { setSecretHashCost } from '../auth/secrets';
import { createLogger, type Logger } from '../logger';
import { leaseDatabase } from './testDatabases';
import { TEST_SECRET_HASH_COST } from './secretHashCost';

export interface TestClock {
  now(): Date;
  /** Pins the clock at an instant. */
  set(instant: Date | string): void;
  advance(ms: number): void;
  /** Follows real time again. */
  real(): void;
}

function createClock(): TestClock {
  let pinned: Date | null = null;
  return {
    now: () => (pinned ? new Date(pinned) : new Date()),
    set: (instant) => {
      pinned = new Date(instant);
    },
    advance: (ms) => {
      pinned = new Date((pinned ?? new Date()).getTime() + ms);
    },
    real: () => {
      pinned = null;
    },
  };
}

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when empty or not JSON. */
  body: unknown;
}

export interface RequestOptions {
  auth?: string | undefined;
  /** The peer address the HTTP server would pass (rate limits per address); none by default. */
  clientAddress?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export interface TestService {
  db: Database;
  kind: 'pglite' | 'postgres';
  clock: TestClock;
  settings: Env;
  service: Service;
  /** Every log line the service wrote (captured, not printed). */
  logs: string[];
  logger: Logger;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResult>;
  close(): Promise<void>;
}

export { basicAuthHeader as basicAuth } from '../auth/basicAuth';

export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** Sends a request through the app's fetch function, as Node's HTTP server would. */
export async function sendRequest(service: Service, method: string, path: string, options: RequestOptions = {}): Promise<ApiResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.authorization = options.auth;
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const connection = options.clientAddress ? { clientAddress: options.clientAddress } : {};
  const response = await service.fetch(new Request(`http://127.0.0.1${path}`, { method, headers, body }), connection);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}
/**
 * Rate limits high enough that no test trips them by accident: every test request shares one
 * (unknown) client address, which no real deployment does. Tests of the limits set small ones.
 */
export const RELAXED_RATE_LIMITS: Record<string, string> = Object.fromEntries(
  Object.keys(EnvSchema.shape)
    .filter((name) => name.startsWith('RATE_LIMIT_'))
    .map((name) => [name, '1000000']),
);

export interface TestServiceOptions {
  /** Told how many rows each database query returned (to prove requests read only what they need). */
  onRows?: RowObserver;
}

export async function startTestService(overrides: Record<string, string> = {}, options: TestServiceOptions = {}): Promise<TestService> {
  const database = await leaseDatabase(options.onRows ? { onRows: options.onRows } : {});
  await ensureServiceSecrets(database.db);
  const clock = createClock();
  const now = () => clock.now();
  const settings = parseEnv({ LOG_LEVEL: 'silent', SECRET_HASH_COST: TEST_SECRET_HASH_COST, ...RELAXED_RATE_LIMITS, ...overrides });
  setSecretHashCost(settings.SECRET_HASH_COST);
  const logs: string[] = [];
  const logger = createLogger(settings.LOG_LEVEL, (line) => logs.push(line));
  const service = createService({ db: database.db, settings, now, logger });
  return {
    db: database.db,
    kind: database.kind,
    clock,
    settings,
    service,
    logs,
    logger,
    request: (method, path, options) => sendRequest(service, method, path, options),
    close: () => database.release(),
  };
}
