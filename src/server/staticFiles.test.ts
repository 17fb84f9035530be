/**
 * The kiosk app's files as a tablet receives them (createServer over a throw-away build folder):
 * the compressed copy the browser accepts (brotli before gzip, the original otherwise), content-
 * hashed files cached for a year, and the shell and service worker revalidated on every load.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { cacheControlFor, createServer } from './server';
import { startTestService, type TestService } from './testing/testService';

const SCRIPT = `console.log(${JSON.stringify('kiosk '.repeat(400))});\n`;
const HASHED = '/assets/index-7abOawmi.js';
/** The service worker has no compressed copy beside it (it is built after the compression step). */
const WORKER = `self.addEventListener('fetch', () => {});\n${'// precache entry\n'.repeat(200)}`;

let t: TestService;
let dir: string;
let fetchApp: (request: Request) => Promise<Response>;
beforeAll(async () => {
  t = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'kiosk-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kiosk Clock</title>');
  writeFileSync(join(dir, 'sw.js'), WORKER);
  writeFileSync(join(dir, `.${HASHED}`), SCRIPT);
  writeFileSync(join(dir, `.${HASHED}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, `.${HASHED}.gz`), gzipSync(SCRIPT));
  ({ fetch: fetchApp } = createServer({ db: t.db, settings: t.settings, now: () => t.clock.now(), logger: createLogger('silent') }, { staticRoot: dir }));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const get = (path: string, acceptEncoding?: string) =>
  fetchApp(new Request(`http://127.0.0.1${path}`, acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}));

describe('the kiosk app files', () => {
  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, and the file itself otherwise', async () => {
    const br = await get(HASHED, 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gz = await get(HASHED, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await get(HASHED);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('gzips a file that has no compressed copy (the service worker) as it is sent', async () => {
    const gz = await get('/sw.js', 'gzip, deflate, br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(WORKER);
    const plain = await get('/sw.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(WORKER);
  });

  it('caches content-hashed files for a year and revalidates the shell and the service worker', async () => {
    expect((await get(HASHED, 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/index.html')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('tells hashed build output from everything else by its name', () => {
    expect(cacheControlFor('/assets/ManagerMode-BSilKg-s.js')).toMatch(/immutable/);
    expect(cacheControlFor('/assets/workbox-window.prod.es5-Bd17z0YL.js')).toMatch(/immutable/);
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/manifest.webmanifest')).toBe('no-cache');
    expect(cacheControlFor('/icons/icon-192.png')).toBe('no-cache');
  });
});

describe('the API reference (/docs)', () => {
  it("serves swagger-ui-dist's files, found without loading its browser bundle in the service", async () => {
    const css = await get('/docs/assets/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('.swagger-ui');
    const bundle = await get('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });
});
