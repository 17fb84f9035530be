/**
 * Two service processes on one PostgreSQL database, as docs/deployment.md runs them behind Caddy
 * (separate instances, each a full service), for the cross-process tests: the first seeds the
 * demo (DATA_DIR/demo.json), the second starts after it on the same database. Requests go over
 * real HTTP, each on a fresh connection (a keep-alive socket the service closed while the test
 * waited would fail a request for no reason of the service's), and may claim a client address
 * through X-Forwarded-For (the processes trust one proxy, as behind Caddy: TRUST_PROXY=1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DemoFile } from '../demo/demoFile';
import { createPostgresDatabase, spawnService, type ServiceProcess } from './serviceProcess';
import type { ApiResult } from './testService';

export interface ProcessPair {
  a: ServiceProcess;
  b: ServiceProcess;
  /** The demo A seeded. */
  demo: DemoFile;
  databaseUrl: string;
  /** A query on the shared database, as the test's own client. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Ends both processes (SIGTERM) and drops the database. */
  close(): Promise<void>;
}

export interface CallOptions {
  auth?: string;
  json?: unknown;
  headers?: Record<string, string>;
  /** Sent as X-Forwarded-For, the address Caddy would have seen. */
  clientAddress?: string;
}

/** One request to a process over HTTP (a new connection each time); the body parsed when JSON. */
export function callService(process: ServiceProcess, method: string, path: string, options: CallOptions = {}): Promise<ApiResult> {
  const url = new URL(path, process.baseUrl);
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.authorization = options.auth;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers, agent: false, timeout: 20_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value);
        }
        resolve({ status: response.statusCode ?? 0, headers: responseHeaders, text, body: parsed });
      });
    });
    sent.once('timeout', () => sent.destroy(new Error(`${method} ${path}: no answer within 20 s`)));
    sent.once('error', reject);
    sent.end(body);
  });
}

/** Settings every process of the pair gets, on top of the test's own. */
function pairSettings(databaseUrl: string, dataDir: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TRUST_PROXY: '1', WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1' };
}

/**
 * Starts the pair on a fresh, migrated database: A seeds the demo, and B starts once A is ready
 * (as docs/deployment.md starts the first instance alone). `settings` apply to both.
 */
export async function startProcessPair(settings: Record<string, string>): Promise<ProcessPair> {
  const database = await createPostgresDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-pair-'));
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const started: ServiceProcess[] = [];
  const close = async () => {
    await Promise.all(started.map((service) => service.end()));
    await client.end();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const common = { ...pairSettings(database.url, dataDir), ...settings };
    const a = await spawnService({ ...common, DEMO: '1' });
    started.push(a);
    const b = await spawnService({ ...common, DEMO: '0' });
    started.push(b);
    const demo = DemoFile.parse(JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')));
    return {
      a,
      b,
      demo,
      databaseUrl: database.url,
      query: async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<Row>(text, values)).rows,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Polls `condition` every 100 ms until it holds; fails after `timeoutMs` with `what`. */
export async function eventually(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
