/**
 * Requests Node's HTTP server refuses before the app, on a real loopback socket: a URL or headers
 * over Node's 16 KB limit get the service's problem+json 431 (not Node's bare one), whatever the
 * path; a request line Node cannot read still gets Node's 400.
 * Idle kept-alive connections outlast the clients and proxies in front (idleConnections.ts).
 */
import http from 'node:http';
import net from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem, PROBLEM_CONTENT_TYPE } from '../../contract/problem';
import { createLogger } from '../logger';
import { createServer, listen } from '../server';
import { IDLE_CONNECTION_MS } from './idleConnections';
import { startTestService, type TestService } from '../testing/testService';

let t: TestService;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await startTestService();
  const { fetch } = createServer({ db: t.db, settings: t.settings, now: () => t.clock.now(), logger: createLogger('silent') }, { staticRoot: null });
  ({ server, port } = await listen(fetch, { hostname: '127.0.0.1', port: 0 }));
});
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await t.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a request head over the limit', () => {
  const cases = [
    { what: 'a long $filter on a list', path: `/api/v2/business/1/location?$filter=${encodeURIComponent(`name eq '${'x'.repeat(20_000)}'`)}`, headers: {} },
    { what: 'a long path', path: `/api/v2/${'a'.repeat(17_000)}`, headers: {} },
    { what: 'a long header', path: '/livez', headers: { 'x-padding': 'p'.repeat(17_000) } },
    { what: 'many headers', path: '/api/v2/business', headers: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`x-h${i}`, 'v'.repeat(60)])) },
  ];
  for (const { what, path, headers } of cases) {
    it(`is a problem+json 431: ${what}`, async () => {
      const res = await get(path, headers);
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
      const problem = Problem.parse(JSON.parse(res.body));
      expect(problem).toMatchObject({ status: 431, code: 'headers-too-large' });
      expect(problem.detail).toContain('16 KB');
    });
  }

  it('leaves a head under the limit to the app', async () => {
    const res = await get(`/api/v2/business?$filter=${encodeURIComponent(`name eq '${'x'.repeat(2_000)}'`)}`);
    expect(res.status).toBe(401);
  });

  it("still answers a request line Node cannot read with Node's own 400", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.startsWith('HTTP/1.1 400 Bad Request')).toBe(true);
  });
});

describe('an idle kept-alive connection', () => {
  it('is kept past Node’s 5 s default, and clients are told how long (Keep-Alive: timeout)', async () => {
    const res = await get('/livez', { connection: 'keep-alive' });
    expect(res.status).toBe(200);
    expect(res.headers['keep-alive']).toBe(`timeout=${IDLE_CONNECTION_MS / 1000}`);
    expect(IDLE_CONNECTION_MS).toBeGreaterThan(60_000);
  });
});
