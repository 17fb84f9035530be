/**
 * The service as the API tests see it: the real app on a real, freshly migrated database (PGlite
 * or PostgreSQL 15, per the Vitest project), with a clock the test can move, reached through the
 * same fetch function Node's HTTP server uses.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './globalSetup';
import { createService, type Service } from '../app';
import { openDatabase, type Database, type OpenedDatabase } from '../db/openDatabase';
import type { RowObserver } from '../db/observeRows';
import { EnvSchema, parseEnv, type Env } from '../env';
import { ensureServiceSecrets } from '../auth/serviceSecrets';
import { createLogger, type Logger } from '../logger';

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

async function openTestDatabase(onRows?: RowObserver): Promise<{ opened: OpenedDatabase; drop: () => Promise<void> }> {
  if (inject('databaseKind') === 'postgres') {
    const templateUrl = new URL(inject('postgresTemplateUrl'));
    const name = `test_${randomUUID().replace(/-/g, '')}`;
    const adminUrl = new URL(templateUrl);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateUrl.pathname.slice(1)}`);
    await admin.end();
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10, ...(onRows ? { onRows } : {}) });
    return {
      opened,
      drop: async () => {
        const again = new pg.Client({ connectionString: adminUrl.toString() });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await again.end();
      },
    };
  }
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const opened = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: template, ...(onRows ? { onRows } : {}) });
  return { opened, drop: () => Promise.resolve() };
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
  const { opened, drop } = await openTestDatabase(options.onRows);
  await ensureServiceSecrets(opened.db);
  const clock = createClock();
  const now = () => clock.now();
  const settings = parseEnv({ LOG_LEVEL: 'silent', ...RELAXED_RATE_LIMITS, ...overrides });
  const logs: string[] = [];
  const logger = createLogger(settings.LOG_LEVEL, (line) => logs.push(line));
  const service = createService({ db: opened.db, settings, now, logger });
  return {
    db: opened.db,
    kind: opened.kind,
    clock,
    settings,
    service,
    logs,
    logger,
    request: (method, path, options) => sendRequest(service, method, path, options),
    async close() {
      await opened.close();
      await drop();
    },
  };
}
