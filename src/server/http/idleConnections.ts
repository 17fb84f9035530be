/**
 * How long the service keeps an idle kept-alive connection open. Node closes one after 5 s, and a
 * client that sends on it just as it closes gets `ECONNRESET` with nothing answered: a browser
 * retries that by itself, but a script or an integration using a pooled HTTP client sees an error
 * (a browser test's API call hit it six seconds after its last one). Keeping idle connections
 * longer than a client or load balancer usually does (60 s) lets the client be the one that
 * closes them, which it can do without a race. Our Caddy front end opens a connection per request
 * (deploy/kiosk-proxy.caddy), so this is for direct callers and other proxies.
 */
import type { Server } from 'node:http';

export const IDLE_CONNECTION_MS = 65_000;

/** Sets the idle timeout; the head of a request keeps a little longer so it never cuts one short. */
export function keepIdleConnections(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}
