/**
 * The service behind Node's real HTTP server on a loopback port, for what only a socket shows:
 * an oversized body (chunked or with a declared length) gets its 413 problem, the client actually
 * receives it, and the connection is closed rather than left to carry the rest of the body as the
 * next request; methods the Fetch API cannot represent get a problem too.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createServer, listen } from './server';
import { createTestClock } from './testClock';
import { startTestService, type TestService } from './testing/testService';

const LIMIT = 4096;
const PROBLEM = 'application/problem+json';

let t: TestService;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await startTestService({ MAX_BODY_BYTES: String(LIMIT) });
  const { fetch } = createServer({ db: t.db, settings: t.settings, now: () => t.clock.now(), logger: createLogger('silent') }, { staticRoot: null });
  ({ server, port } = await listen(fetch, { hostname: '127.0.0.1', port: 0 }));
});
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await t.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Resolves when the socket that carried the request closes. */
  socketClosed: Promise<void>;
}

/**
 * POSTs `size` bytes in 16 kB writes, chunked or with a declared Content-Length, and resolves with
 * the answer as soon as it is complete (the upload may still be under way, as with a real client).
 */
function upload(agent: http.Agent, options: { size: number; chunked: boolean; method?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!options.chunked) headers['content-length'] = String(options.size);
    const req = http.request({ host: '127.0.0.1', port, method: options.method ?? 'POST', path: '/api/v2/business/1/kiosk/1/clockon', agent, headers });
    let socketClosed: Promise<void> = Promise.resolve();
    req.on('socket', (socket: Socket) => {
      socketClosed = new Promise((done) => socket.once('close', () => done()));
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socketClosed }));
    });
    // Once the server has answered and closed, further writes fail; only a failure before any
    // answer counts.
    req.on('error', reject);
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < options.size && !req.destroyed) {
        const n = Math.min(chunk.length, options.size - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

function expectTooLarge(answer: Answer) {
  expect(answer.status).toBe(413);
  expect(answer.headers['content-type']).toBe(PROBLEM);
  expect(answer.headers.connection).toBe('close');
  expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'payload-too-large' });
}

describe('oversized bodies over a real connection', () => {
  for (const chunked of [true, false]) {
    const how = chunked ? 'a chunked upload' : 'a declared Content-Length';
    for (const size of [LIMIT * 50, LIMIT * 5_000]) {
      it(`answers ${how} of ${size} bytes with 413 and Connection: close, then closes`, async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const answer = await upload(agent, { size, chunked });
          expectTooLarge(answer);
          await answer.socketClosed;
          // The same keep-alive agent carries on, on a fresh connection (blanks are not JSON).
          const next = await upload(agent, { size: 2, chunked: false });
          expect(next.status).toBe(400);
          expect(JSON.parse(next.body)).toMatchObject({ code: 'malformed-json' });
        } finally {
          agent.destroy();
        }
      });
    }
  }

  it('keeps the connection open for bodies within the limit', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await upload(agent, { size: LIMIT, chunked: true });
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'malformed-json' });
      expect(answer.headers.connection).toBe('keep-alive');
    } finally {
      agent.destroy();
    }
  });

  it('delivers the 413 to fetch streaming a body it never finishes reading', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= LIMIT * 5_000) return controller.close();
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/v2/business/1/kiosk/1/clockon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe(PROBLEM);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ code: 'payload-too-large' });
  });
});

describe('methods the Fetch API cannot represent', () => {
  it('answers TRACE with a 405 problem', async () => {
    const agent = new http.Agent();
    try {
      const answer = await upload(agent, { size: 0, chunked: false, method: 'TRACE' });
      expect(answer.status).toBe(405);
      expect(answer.headers['content-type']).toBe(PROBLEM);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'method-not-allowed' });
    } finally {
      agent.destroy();
    }
  });
});

describe('the connection reaches the routes', () => {
  it("passes Node's bindings through, so a route sees the peer's address (the test clock answers loopback callers only)", async () => {
    const testClock = createTestClock(new Date('2026-03-28T23:59:00Z'));
    const { fetch } = createServer({ db: t.db, settings: t.settings, now: testClock.now, logger: createLogger('silent') }, { staticRoot: null, testClock });
    const served = await listen(fetch, { hostname: '127.0.0.1', port: 0 });
    try {
      const overSocket = await globalThis.fetch(`http://127.0.0.1:${served.port}/_test/clock`);
      expect(overSocket.status).toBe(200);
      expect(((await overSocket.json()) as { now: string }).now.slice(0, 10)).toBe('2026-03-28');
      // Without a connection there is no peer, and the route does not answer.
      expect((await fetch(new Request('http://127.0.0.1/_test/clock'))).status).toBe(404);
    } finally {
      await new Promise<void>((done) => served.server.close(() => done()));
    }
  });
});
