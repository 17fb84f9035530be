/**
 * /metrics from a real service process (main.ts): with WORKERS=2 on PostgreSQL, every scrape
 * answers for the whole cluster whichever worker gets it (requests spread over both workers are
 * all counted in each scrape), with the pool's connections; on PGlite, one process says it has no
 * pool. METRICS off: 404.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase, spawnService } from '../testing/serviceProcess';
import { readSample } from './promText';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A GET on a connection of its own (node:cluster hands each new connection to the next worker). */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function serviceWith(settings: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-metrics-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = inject('databaseKind') === 'postgres' ? await createPostgresDatabase() : null;
  if (database) cleanups.push(database.drop);
  const service = await spawnService({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}), ...settings });
  cleanups.push(() => service.end());
  return service;
}

const LIVEZ_REQUESTS = 20;

describe('/metrics of a service process', () => {
  it.runIf(inject('databaseKind') === 'postgres')('answers for the whole node:cluster, whichever worker the scrape reaches', { timeout: 120_000 }, async () => {
    const service = await serviceWith({ WORKERS: '2', METRICS: '1' });
    for (let index = 0; index < LIVEZ_REQUESTS; index += 1) expect((await get(`${service.baseUrl}/livez`)).status).toBe(200);
    // Scrapes on fresh connections land on both workers in turn; each must count every request.
    for (let scrape = 0; scrape < 4; scrape += 1) {
      const answer = await get(`${service.baseUrl}/metrics`);
      expect(answer.status, `${answer.body}\n${service.output()}`).toBe(200);
      expect(readSample(answer.body, 'kiosk_http_request_duration_seconds_count', { method: 'GET', route: '/livez', status_class: '2xx' })).toBe(LIVEZ_REQUESTS);
      expect(readSample(answer.body, 'kiosk_database_info', { kind: 'postgres' })).toBe(1);
      expect(readSample(answer.body, 'kiosk_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(0);
      expect(readSample(answer.body, 'kiosk_db_pool_waiting_requests', {})).toBe(0);
      expect(readSample(answer.body, 'kiosk_webhook_deliveries_pending', {})).toBe(0);
      expect(readSample(answer.body, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    }
    await service.end();
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });

  it('is a 404 unless METRICS=1; on PGlite it shows no pool', { timeout: 120_000 }, async () => {
    const off = await serviceWith({});
    expect((await get(`${off.baseUrl}/metrics`)).status).toBe(404);
    await off.end();
    if (inject('databaseKind') === 'postgres') return;
    const on = await serviceWith({ METRICS: '1' });
    const answer = await get(`${on.baseUrl}/metrics`);
    expect(answer.status).toBe(200);
    expect(readSample(answer.body, 'kiosk_database_info', { kind: 'pglite' })).toBe(1);
    expect(answer.body).not.toContain('kiosk_db_pool_connections');
  });
});
