/**
 * Idempotency-Key support (IETF httpapi draft) for every mutating business route.
 *
 * The key is recorded in the same transaction as the work it guards, so a response lost after the
 * commit can be fetched again by replaying the request, and the work is never applied twice:
 * - same key, same request: the first response again, with `Idempotent-Replayed: true`;
 * - same key, different request: 422;
 * - a concurrent duplicate waits for the first to commit, then gets its response.
 * Failed requests (4xx/5xx) roll back with their work and keep no record, so they may be retried
 * (except work a handler marks `keepWorkOnError`, such as counting a wrong PIN).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { authorize } from '../auth/access';
import type { Database } from '../db/openDatabase';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './apiError';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

class RollBack extends Error {}

/** Parses the header: a structured-field string (quoted) or a bare token. */
export function parseIdempotencyKey(header: string): string {
  const trimmed = header.trim();
  const key = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'idempotency-key-invalid', 'The Idempotency-Key header is not valid.', {
      detail: 'Use 1 to 255 visible ASCII characters, e.g. a UUID.',
    });
  }
  return key;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

async function fingerprintOf(request: Request): Promise<string> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  let body = text;
  try {
    body = text ? canonicalJson(JSON.parse(text)) : '';
  } catch {
    // Not JSON: fingerprint the raw text.
  }
  return createHash('sha256').update(`${request.method} ${url.pathname}${url.search}\n${body}`).digest('hex');
}

function replay(status: number, body: string, contentType: string | null): Response {
  const headers: Record<string, string> = { 'idempotent-replayed': 'true' };
  if (contentType) headers['content-type'] = contentType;
  return new Response(status === 204 ? null : body, { status, headers });
}

export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('idempotency-key');
    if (!header || !MUTATING.has(c.req.method)) return next();
    const key = parseIdempotencyKey(header);
    const businessId = Number(c.req.param('businessId'));
    if (!Number.isInteger(businessId)) return next();
    const { db } = c.var.deps;
    // Only a caller of this business may see stored responses.
    await authorize(db, c.var.principal, businessId, { kind: 'member' });
    const scope = `business:${businessId}`;
    const fingerprint = await fingerprintOf(c.req.raw);

    let stored: Response | null = null;
    try {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ scope, key, fingerprint })
          .onConflictDoNothing()
          .returning({ id: idempotencyKeys.id });
        if (inserted.length === 0) {
          const [existing] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
          if (!existing || existing.responseStatus === null || existing.responseBody === null) {
            throw new ApiError(409, 'conflict', 'A request with this Idempotency-Key is still in progress.');
          }
          if (existing.fingerprint !== fingerprint) {
            throw new ApiError(422, 'idempotency-key-reused', 'This Idempotency-Key was used for a different request.', {
              detail: 'Use a new key for a new request; reuse a key only to retry the identical request.',
            });
          }
          stored = replay(existing.responseStatus, existing.responseBody, existing.responseContentType);
          return;
        }
        c.set('db', tx as unknown as Database);
        await next();
        if (c.res.status >= 400) {
          if (!c.var.keepWorkOnError) throw new RollBack();
          // Keep the recorded failure, but not the key: a retry must be evaluated afresh.
          await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, inserted[0]?.id ?? -1));
          return;
        }
        const body = await c.res.clone().text();
        await tx
          .update(idempotencyKeys)
          .set({ responseStatus: c.res.status, responseBody: body, responseContentType: c.res.headers.get('content-type') })
          .where(eq(idempotencyKeys.id, inserted[0]?.id ?? -1));
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    } finally {
      c.set('db', db);
    }
    if (stored) c.res = stored;
  };
}

/** Deletes stored responses older than the retention period. */
export async function pruneIdempotencyKeys(db: Database, olderThan: Date): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, olderThan)).returning({ id: idempotencyKeys.id });
  return removed.length;
}
