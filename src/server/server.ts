/**
 * The whole HTTP surface on one port: the API (and OAuth) from app.ts, the health routes
 * (/livez, /readyz and its older name /healthz; startService.ts says what each means), the API
 * reference page at /docs, and the kiosk PWA's static files with a single-page-app fallback, and
 * `listen`, which puts them behind Node's HTTP server.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { Hono, type Context } from 'hono';
import { except } from 'hono/combine';
import { compress } from 'hono/compress';
import { routePath } from 'hono/route';
import { getPath } from 'hono/utils/url';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { createService, type Service } from './app';
import { answerClientErrors } from './http/clientErrors';
import { keepIdleConnections } from './http/idleConnections';
import { appSecurityHeaders, docsSecurityHeaders } from './http/securityHeaders';
import type { AppDeps } from './context';
import { testClockRoute, type MovableClock } from './testClock';

/**
 * Where swagger-ui-dist's files are. Not `import { absolutePath } from 'swagger-ui-dist'`: its
 * entry point also loads the 1.4 MB browser bundle into every service process (memory
 * at rest), though the service only serves the files.
 */
const swaggerUiPath = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export interface ServerOptions {
  /** Directory of the built kiosk app (vite build output); omitted when there is none. */
  staticRoot: string | null;
  /** Where the process is in its life (startService.ts); readiness is 503 unless 'ready'. Default: always ready. */
  phase?: () => 'starting' | 'ready' | 'stopping';
  /** The Prometheus text /metrics answers (METRICS=1: this process's, or the whole cluster's); without it /metrics is 404. */
  metrics?: { scrape: () => Promise<string>; contentType: string };
  /** TEST_CLOCK's clock (tests only): `GET|PUT /_test/clock` reads and moves it; absent otherwise (404). */
  testClock?: MovableClock;
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Kiosk Clock API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="stylesheet" href="/docs/page.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/page.js"></script>
</body>
</html>`;

// Served as files, not inline, so the page's Content-Security-Policy needs no inline script.
const DOCS_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/v2/openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'list', tryItOutEnabled: false });\n`;
const DOCS_STYLE = 'body{margin:0} .topbar{display:none}\n';

/** Vite's content-hashed output (`/assets/<name>-<hash>.<ext>`). */
const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.[a-z0-9]+$/;

/** How long a browser may keep a file of the app (by its request path) without asking again. */
export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Paths handed to the API service (app.ts), which sets its own headers. */
export const API_PATHS = ['/api/*', '/oauth/*', '/API/*'];
const API_PREFIXES = API_PATHS.map((path) => path.slice(0, -2));

/**
 * Whether a request goes to the API, decided before the root app routes it: the path (as Hono
 * reads it) is one of API_PATHS (`/api/*` also matches `/api` itself). The API's requests (a
 * punch) then pay one app's routing and middleware, not the root app's too.
 */
export function isApiPath(request: Request): boolean {
  const path = getPath(request);
  return API_PREFIXES.some((prefix) => path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/'));
}

/** The peer's address from Node's HTTP server's bindings (the request's socket, as getConnInfo reads it); undefined without a socket. */
function bindingsAddress(bindings: NodeBindings): string | undefined {
  type Incoming = { incoming?: { socket?: { remoteAddress?: unknown } } };
  const server = (bindings as { server?: Incoming } | null | undefined)?.server ?? (bindings as Incoming | null | undefined);
  const address = server?.incoming?.socket?.remoteAddress;
  return typeof address === 'string' ? address : undefined;
}
/** The connection's remote address under Node's HTTP server; undefined when there is no socket (called directly). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * What Node's HTTP server passes with each request (@hono/node-server's bindings: the socket, for
 * the peer's address). It must reach `root.fetch`, or every client shares the address "unknown".
 */
export type NodeBindings = unknown;

export function createServer(
  deps: AppDeps,
  options: ServerOptions,
): { fetch: (request: Request, bindings?: NodeBindings) => Promise<Response>; service: Service } {
  const service = createService(deps);
  const root = new Hono();

  const phase = options.phase ?? (() => 'ready' as const);
  // Requests outside the API (health, metrics, docs, the app's files), by the route that answered;
  // the API observes its own (app.ts), where the route templates are.
  const instruments = deps.metrics;
  if (instruments) {
    root.use(
      '*',
      except(API_PATHS, async (c, next) => {
        const started = performance.now();
        await next();
        instruments.observeRequest(c.req.method, routePath(c), c.res.status, (performance.now() - started) / 1000, false);
      }),
    );
  }
  const metrics = options.metrics;
  root.get('/metrics', async (c) => {
    if (!metrics) return c.json({ status: 'not found', detail: 'Metrics are off (METRICS=1 turns them on).' }, 404, { 'cache-control': 'no-store' });
    try {
      return c.body(await metrics.scrape(), 200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
    } catch (error) {
      deps.logger.error('metrics scrape failed', { error: String(error) });
      return c.json({ status: 'metrics unavailable' }, 503, { 'cache-control': 'no-store', 'retry-after': '5' });
    }
  });
  for (const path of ['/livez', '/readyz', '/healthz']) {
    root.use(path, async (c, next) => {
      await next();
      c.res.headers.set('cache-control', 'no-store');
    });
  }
  root.get('/livez', (c) => c.json({ status: 'alive' }));
  const readiness = async (c: Context) => {
    const now = phase();
    if (now !== 'ready') return c.json({ status: now }, 503, { 'retry-after': '1' });
    try {
      await deps.db.execute(sql`select 1`);
    } catch {
      return c.json({ status: 'database unavailable' }, 503, { 'retry-after': '1' });
    }
    return c.json({ status: 'ok', time: deps.now().toISOString() });
  };
  root.get('/readyz', readiness);
  root.get('/healthz', readiness);
  if (options.testClock) {
    const route = testClockRoute(options.testClock, peerAddress);
    root.get('/_test/clock', route);
    root.put('/_test/clock', route);
  }

  // The API sets its own headers (app.ts); the reference page and the app get theirs here.
  const docsPaths = ['/docs', '/docs/*'];
  root.use('*', except([...API_PATHS, ...docsPaths], appSecurityHeaders(deps.settings.APP_CONNECT_ORIGINS)));
  for (const path of docsPaths) root.use(path, docsSecurityHeaders());

  root.get('/docs', (c) => c.html(DOCS_PAGE));
  root.get('/docs/page.js', (c) => c.body(DOCS_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  root.get('/docs/page.css', (c) => c.body(DOCS_STYLE, 200, { 'content-type': 'text/css; charset=utf-8' }));
  root.use('/docs/assets/*', serveStatic({ root: swaggerUiPath(), rewriteRequestPath: (path) => path.replace(/^\/docs\/assets/, '') }));

  // The peer's address goes with each request, for the rate limits per client address.
  const toService = (request: Request, bindings: NodeBindings) => {
    const address = bindingsAddress(bindings);
    return service.fetch(request, address ? { clientAddress: address } : {});
  };

  const staticRoot = options.staticRoot;
  if (staticRoot && existsSync(join(staticRoot, 'index.html'))) {
    const indexHtml = readFileSync(join(staticRoot, 'index.html'), 'utf8');
    // The build writes a brotli and a gzip copy beside each text file (vite.config.ts); the copy the
    // browser accepts is sent. Hashed files never change: cached for a year. The rest (the shell,
    // the service worker, the manifest) is revalidated on every load, so an update is seen.
    root.use('/*', async (c, next) => {
      await next();
      if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', cacheControlFor(c.req.path));
    });
    // Files written after the build's compression step (the service worker, built last by
    // vite-plugin-pwa) are gzipped as they are sent; a precompressed copy is sent as it is.
    root.use('/*', compress());
    root.use('/*', serveStatic({ root: staticRoot, precompressed: true }));
    // Client-side routes fall back to the app shell.
    root.get('*', (c) => c.html(indexHtml));
  } else {
    root.get('/', (c) =>
      c.html('<!doctype html><title>Kiosk Clock</title><p>The kiosk app is not built. Run <code>npm run build</code>, or see <a href="/docs">the API reference</a>.</p>'),
    );
  }
  // API requests skip the root app (its routes and middleware leave them alone: API_PATHS).
  return { service, fetch: (request, bindings) => (isApiPath(request) ? toService(request, bindings) : Promise.resolve(root.fetch(request, bindings))) };
}

/**
 * Serves `fetch` with Node's HTTP server (as `npm start` does) and resolves once it listens, with
 * the port it got. An answer that carries `Connection: close` (a 413 for a body that was not read
 * to its end) ends the connection after that answer instead of reading the rest as a new request.
 */
export async function listen(
  fetch: (request: Request, bindings?: NodeBindings) => Response | Promise<Response>,
  options: { hostname: string; port: number },
): Promise<{ server: ServerType; port: number }> {
  const server = serve({ hostname: options.hostname, port: options.port, fetch });
  answerClientErrors(server);
  keepIdleConnections(server as Server);
  await new Promise<void>((done) => server.once('listening', () => done()));
  return { server, port: (server.address() as AddressInfo).port };
}
