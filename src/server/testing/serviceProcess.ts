/**
 * The service as a real process for the API tests that need one (graceful shutdown, restarts,
 * node:cluster, backups): main.ts compiled as `npm run build` compiles it, started as production
 * starts it (`node build/server/main.js`), on a loopback port chosen by the OS. Vitest runs before
 * `npm run build`, so the suite's global setup compiles a copy of its own (globalSetup.ts).
 * Only the process started here is ever signalled, by its PID. A fresh PostgreSQL database for
 * such a process comes from the suite's migrated template (globalSetup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './globalSetup';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const READY_LINE = /Kiosk Clock is running at (http:\/\/\S+)/;
const START_TIMEOUT_MS = 60_000;
const OUTPUT_LIMIT = 500_000;

export interface ServiceProcess {
  baseUrl: string;
  pid: number;
  /** Everything the process wrote (stdout and stderr), capped. */
  output(): string;
  /** Resolves with the exit code (null when ended by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal to this process only (no-op once it has exited). */
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
  end(graceMs?: number): Promise<void>;
}

/** Settings that could leak in from the developer's shell and point elsewhere (removed, not emptied: an empty WORKERS means 0, one per core). */
const CLEARED = ['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'WORKERS', 'METRICS', 'DEMO', 'PORT', 'HOST', 'DATA_DIR'];

/** Starts `main.ts` with these settings (on top of PORT=0, HOST=127.0.0.1) and resolves once it printed its banner. */
export async function spawnService(settings: Record<string, string>): Promise<ServiceProcess> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CLEARED.includes(name)));
  // A PGlite service on a DATA_DIR that holds no database yet starts from the suite's migrated
  // one (globalSetup.ts) instead of running initdb and every migration, seconds each time.
  const template = inject('pgliteDataDir');
  if (template && settings.DATA_DIR && !settings.DATABASE_URL && !existsSync(join(settings.DATA_DIR, 'pglite'))) {
    cpSync(template, join(settings.DATA_DIR, 'pglite'), { recursive: true });
  }
  const entry = inject('serviceEntry');
  if (!entry) throw new Error('spawnService runs in the processes projects only, whose global setup compiles the service (vitest.config.ts)');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: PROJECT_ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const append = (chunk: Buffer) => {
    if (text.length < OUTPUT_LIMIT) text += chunk.toString('utf8');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const pid = child.pid ?? 0;
  const signal = (name: NodeJS.Signals) => {
    if (!hasExited) child.kill(name);
  };
  const started = Date.now();
  let baseUrl = '';
  while (!baseUrl) {
    const match = READY_LINE.exec(text);
    if (match?.[1]) baseUrl = match[1];
    else if (hasExited) throw new Error(`the service exited during start-up:\n${text}`);
    else if (Date.now() - started > START_TIMEOUT_MS) {
      signal('SIGKILL');
      throw new Error(`the service did not start within ${START_TIMEOUT_MS} ms:\n${text}`);
    } else await new Promise((done) => setTimeout(done, 50));
  }
  return {
    baseUrl,
    pid,
    output: () => text,
    exited,
    signal,
    async end(graceMs = 15_000) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A fresh, migrated PostgreSQL database on the suite's cluster (api-postgres only), and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const templateUrl = new URL(inject('postgresTemplateUrl'));
  const name = `proc_${randomUUID().replace(/-/g, '')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${templateUrl.pathname.slice(1)}`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
