/**
 * CORS for the API. Preflights (OPTIONS) are answered by Hono's cors middleware; on every other
 * request the headers it would add are set on the handler's answer after it is made. Hono's cors
 * sets them, before the handler runs, on a placeholder response that Hono then merges into the
 * handler's answer by rebuilding that answer around a body stream: every API answer then left the
 * Node adapter's fast path (one write of its text) for a stream read, a punch's largest single
 * cost in the HTTP layer.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export interface ApiCorsOptions {
  /** `*`, or the origins allowed. */
  origin: string | string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAge: number;
}

export function apiCors(options: ApiCorsOptions): MiddlewareHandler {
  const preflight = cors(options);
  const { origin: allowed } = options;
  const expose = options.exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const origin = c.req.header('origin') ?? '';
    const allowOrigin = allowed === '*' ? '*' : allowed.includes(origin) ? origin : null;
    if (allowOrigin) c.res.headers.set('access-control-allow-origin', allowOrigin);
    if (expose) c.res.headers.set('access-control-expose-headers', expose);
    if (allowed !== '*') c.res.headers.append('vary', 'Origin');
  };
}
