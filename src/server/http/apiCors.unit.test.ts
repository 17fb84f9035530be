import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { describe, expect, it } from 'vitest';
import { apiCors, type ApiCorsOptions } from './apiCors';

const settings = (origin: string | string[]): ApiCorsOptions => ({
  origin,
  allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
  exposeHeaders: ['date', 'retry-after', 'idempotent-replayed'],
  maxAge: 600,
});

/** An app answering JSON and an error, behind `middleware`. */
function appWith(middleware: ReturnType<typeof cors>) {
  const app = new Hono();
  app.use('*', middleware);
  app.post('/x', (c) => c.json({ ok: true }, 200, { vary: 'Accept' }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ status: 500 }, 500));
  return app;
}

const headersOf = (res: Response) => Object.fromEntries([...res.headers.entries()].filter(([name]) => name !== 'content-length'));

describe('apiCors sets the headers Hono’s cors middleware sets', () => {
  for (const origin of ['*', ['http://kiosk.test'], ['http://other.test']]) {
    it(`origins ${JSON.stringify(origin)}: simple requests, failures and preflights answer alike`, async () => {
      const ours = appWith(apiCors(settings(origin)));
      const hono = appWith(cors(settings(origin)));
      const requests = [
        () => new Request('http://127.0.0.1/x', { method: 'POST', headers: { origin: 'http://kiosk.test' } }),
        () => new Request('http://127.0.0.1/x', { method: 'POST' }),
        () => new Request('http://127.0.0.1/fails', { headers: { origin: 'http://kiosk.test' } }),
        () => new Request('http://127.0.0.1/x', { method: 'OPTIONS', headers: { origin: 'http://kiosk.test', 'access-control-request-method': 'POST' } }),
      ];
      for (const request of requests) {
        const [a, b] = [await ours.fetch(request()), await hono.fetch(request())];
        expect(a.status).toBe(b.status);
        expect(headersOf(a)).toEqual(headersOf(b));
        expect(await a.text()).toBe(await b.text());
      }
    });
  }

  it('a simple request from an allowed origin is told what it may read', async () => {
    const res = await appWith(apiCors(settings(['http://kiosk.test']))).fetch(new Request('http://127.0.0.1/x', { method: 'POST', headers: { origin: 'http://kiosk.test' } }));
    expect(res.headers.get('access-control-allow-origin')).toBe('http://kiosk.test');
    expect(res.headers.get('access-control-expose-headers')).toBe('date,retry-after,idempotent-replayed');
    expect(res.headers.get('vary')).toBe('Accept, Origin');
  });
});
