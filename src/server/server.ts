/**
 * The whole HTTP surface on one port: the API (and OAuth) from app.ts, /healthz, the API
 * reference page at /docs, and the kiosk PWA's static files with a single-page-app fallback.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { absolutePath as swaggerUiPath } from 'swagger-ui-dist';
import { sql } from 'drizzle-orm';
import { createService, type Service } from './app';
import type { AppDeps } from './context';

export interface ServerOptions {
  /** Directory of the built kiosk app (vite build output); omitted when there is none. */
  staticRoot: string | null;
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Kiosk Clock API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <style>body{margin:0} .topbar{display:none}</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: '/api/v2/openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'list', tryItOutEnabled: false });
  </script>
</body>
</html>`;

/** The connection's remote address under Node's HTTP server; undefined when there is no socket (called directly). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function createServer(deps: AppDeps, options: ServerOptions): { fetch: (request: Request) => Promise<Response>; service: Service } {
  const service = createService(deps);
  const root = new Hono();

  root.get('/healthz', async (c) => {
    await deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok', time: deps.now().toISOString() });
  });

  root.get('/docs', (c) => c.html(DOCS_PAGE));
  root.use('/docs/assets/*', serveStatic({ root: swaggerUiPath(), rewriteRequestPath: (path) => path.replace(/^\/docs\/assets/, '') }));

  // The peer's address goes with each request, for the rate limits per client address.
  const toService = (c: Context) => {
    const address = peerAddress(c);
    return service.fetch(c.req.raw, address ? { clientAddress: address } : {});
  };
  root.all('/api/*', toService);
  root.all('/oauth/*', toService);
  root.all('/API/*', toService);

  const staticRoot = options.staticRoot;
  if (staticRoot && existsSync(join(staticRoot, 'index.html'))) {
    const indexHtml = readFileSync(join(staticRoot, 'index.html'), 'utf8');
    root.use('/*', serveStatic({ root: staticRoot }));
    // Client-side routes fall back to the app shell.
    root.get('*', (c) => c.html(indexHtml));
  } else {
    root.get('/', (c) =>
      c.html('<!doctype html><title>Kiosk Clock</title><p>The kiosk app is not built. Run <code>npm run build</code>, or see <a href="/docs">the API reference</a>.</p>'),
    );
  }
  return { service, fetch: (request) => Promise.resolve(root.fetch(request)) };
}
