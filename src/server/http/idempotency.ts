/**
 * Idempotency-Key support (IETF httpapi draft) for every mutating business route.
 *
 * It runs after the request has been validated and the caller authorised for the route (see
 * auth/routeGuard.ts), and the key is recorded in the same transaction as the work it guards, so
 * a response lost after the commit can be fetched again by replaying the request, and the work is
 * never applied twice:
 * - same caller, operation and key, same request: the first response again, with
 *   `Idempotent-Replayed: true`;
 * - same key, different request: 422;
 * - a concurrent duplicate waits for the first to commit, then gets its response.
 * Keys are scoped to the business, the caller and the operation: another caller sending the same
 * key starts its own request and never sees the first caller's answer. Requests are compared by
 * an HMAC fingerprint keyed with a service secret and taken without secret fields (PINs,
 * passwords), so stored fingerprints reveal nothing about what was sent.
 * Failed requests (4xx/5xx) roll back with their work and keep no record, so they may be retried
 * (except work a handler marks `keepWorkOnError`, such as counting a wrong PIN).
 */
import canonicalize from 'canonicalize';
import { createHmac } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { withoutSecrets } from '../../contract/secretFields';
import type { AppEnv } from '../context';
import { describePrincipal, type Principal } from '../auth/principal';
import type { Database } from '../db/openDatabase';
import { idempotencyKeys } from '../db/schema';
import { serviceSecret, type ServiceSecretPurpose } from '../services/serviceSecrets';
import { ApiError } from './apiError';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const FINGERPRINT_SECRET_PURPOSE: ServiceSecretPurpose = 'idempotency-fingerprint';

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

/** What makes two requests "the same": method, path and the validated query and body. */
export interface RequestShape {
  method: string;
  path: string;
  query: unknown;
  body: unknown;
}

/** The keyed fingerprint of a request, over its shape with secret fields left out. */
export function fingerprintOf(secret: Buffer, shape: RequestShape): string {
  // RFC 8785 canonical JSON: key order and number formatting never change the fingerprint.
  const text = canonicalize({ ...shape, query: withoutSecrets(shape.query ?? null), body: withoutSecrets(shape.body ?? null) }) ?? 'null';
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Where a key lives: one business, one caller, one operation. */
export function idempotencyScope(businessId: number, principal: Principal | null, operationId: string): string {
  return `business:${businessId}|${principal ? describePrincipal(principal) : 'anonymous'}|${operationId}`;
}

function replay(status: number, body: string, contentType: string | null): Response {
  const headers: Record<string, string> = { 'idempotent-replayed': 'true' };
  if (contentType) headers['content-type'] = contentType;
  return new Response(status === 204 ? null : body, { status, headers });
}

export interface IdempotentRequest {
  key: string;
  scope: string;
  shape: RequestShape;
}

/**
 * Runs the handler at most once per key: inside one transaction with the key's record, or not at
 * all when the key was already used (its first response is returned instead).
 */
export async function runIdempotently(
  c: Context<AppEnv>,
  request: IdempotentRequest,
  handle: () => Promise<Response>,
): Promise<Response> {
  const { db } = c.var.deps;
  const fingerprint = fingerprintOf(await serviceSecret(db, FINGERPRINT_SECRET_PURPOSE), request.shape);
  const { scope, key } = request;
  let outcome: Response | null = null;
  let failure: unknown = null;
  try {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, fingerprint })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      const id = inserted[0]?.id;
      if (id === undefined) {
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
        outcome = replay(existing.responseStatus, existing.responseBody, existing.responseContentType);
        return;
      }
      c.set('db', tx as unknown as Database);
      let response: Response;
      try {
        response = await handle();
      } catch (error) {
        if (!c.var.keepWorkOnError) throw error;
        // Keep the recorded failure, but not the key: a retry must be evaluated afresh.
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
        failure = error;
        return;
      }
      outcome = response;
      if (response.status >= 400) {
        if (!c.var.keepWorkOnError) throw new RollBack();
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
        return;
      }
      const body = await response.clone().text();
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: response.status, responseBody: body, responseContentType: response.headers.get('content-type') })
        .where(eq(idempotencyKeys.id, id));
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  } finally {
    c.set('db', db);
  }
  if (failure !== null) throw failure;
  if (!outcome) throw new Error('idempotent request ended without a response');
  return outcome;
}

/** Deletes stored responses older than the retention period. */
export async function pruneIdempotencyKeys(db: Database, olderThan: Date): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, olderThan)).returning({ id: idempotencyKeys.id });
  return removed.length;
}
