/**
 * The client's network address, for rate limits per address. Node's HTTP server knows the
 * connection's peer (server.ts hands it to the app as `clientAddress`); behind reverse proxies that
 * peer is the last proxy, so with TRUST_PROXY = n the address is taken from X-Forwarded-For, n
 * entries from its end (each trusted proxy appends the address it saw). The header is never read
 * when TRUST_PROXY is 0, since any client can send it. Requests with no connection (the app called
 * directly, as in tests) have no address; they share one budget.
 */
import type { Context } from 'hono';
import { z } from 'zod';

/**
 * What the HTTP server passes to the app with each request (Hono's `env`). `internal` marks the
 * service calling its own API in process (the demo seed builds its businesses that way): no
 * client sent it, so its request lines are logged at debug level, not info.
 */
export const ConnectionInfo = z.object({ clientAddress: z.string().min(1).optional(), internal: z.boolean().optional() });
export type ConnectionInfo = z.infer<typeof ConnectionInfo>;

export const UNKNOWN_ADDRESS = 'unknown';

/** `::ffff:192.0.2.1` (IPv4 over an IPv6 socket) is the same client as `192.0.2.1`. */
function canonicalAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

export function clientAddress(c: Context, trustedProxies: number): string {
  const parsed = ConnectionInfo.safeParse(c.env ?? {});
  const peer = parsed.success ? parsed.data.clientAddress : undefined;
  const chain = trustedProxies > 0 ? (c.req.header('x-forwarded-for') ?? '').split(',').filter((entry) => entry.trim() !== '') : [];
  if (peer) chain.push(peer);
  if (chain.length === 0) return UNKNOWN_ADDRESS;
  const hop = chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? UNKNOWN_ADDRESS;
  return canonicalAddress(hop);
}
