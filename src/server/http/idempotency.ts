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
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { withoutSecrets } from '../../contract/secretFields';
import type { AppEnv } from '../context';
import { describePrincipal, type Principal } from '../auth/principal';
import type { Database } from '../db/openDatabase';
import { idempotencyKeys } from '../db/schema';
import { acceptFinalWrite, runFinalWrite, takeFinalWrite, type FinalTail } from '../db/finalWrite';
import { bindRecord } from '../db/compiledStatements';
import { serviceSecret, type ServiceSecretPurpose } from '../auth/serviceSecrets';
import { ApiError } from '../errors/apiError';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const FINGERPRINT_SECRET_PURPOSE: ServiceSecretPurpose = 'idempotency-fingerprint';

class RollBack extends Error {}
/** The key's record exists (or a concurrent duplicate committed it first): roll the work back and replay. */
class KeyUsed extends Error {}

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

/** The stored answer of a used key: replayed, or refused when the request differs. */
function replayStored(
  existing: { fingerprint: string; responseStatus: number | null; responseBody: string | null; responseContentType: string | null },
  fingerprint: string,
): Response {
  if (existing.fingerprint !== fingerprint) {
    throw new ApiError(422, 'idempotency-key-reused', 'This Idempotency-Key was used for a different request.', {
      detail: 'Use a new key for a new request; reuse a key only to retry the identical request.',
    });
  }
  if (existing.responseStatus === null || existing.responseBody === null) {
    throw new ApiError(409, 'conflict', 'A request with this Idempotency-Key is still in progress.');
  }
  return replay(existing.responseStatus, existing.responseBody, existing.responseContentType);
}

async function storedKey(db: Database, scope: string, key: string) {
  const [existing] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
      responseContentType: idempotencyKeys.responseContentType,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return existing;
}

/**
 * Runs the handler at most once per key, in one transaction with the key's record, which is
 * written once, with the response, as the transaction's last statement (one write, not
 * an insert before the work and an update after it). When the key turns out to be used already
 * (the record exists, or a concurrent duplicate commits it first: the insert waits for that
 * commit), the work is rolled back and the first response is returned instead; a failure of the
 * handler is likewise answered with the stored response when the key was used. So the work is
 * applied at most once per key and every request with a used key gets the first answer (or 422),
 * as before; a handler runs, and is rolled back, on a replay (its effects are all in the
 * transaction: idempotent routes write only through `c.var.db`).
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
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      c.set('db', tx);
      // A handler's last write may wait to go with the key's record, in one statement (finalWrite.ts).
      acceptFinalWrite(tx);
      let response: Response;
      try {
        response = await handle();
      } catch (error) {
        if (!c.var.keepWorkOnError) throw error;
        await runHeldWrite(tx);
        // Keep the recorded failure, but no key (a retry must be evaluated afresh), unless the key was used.
        if (await storedKey(tx, scope, key)) throw new KeyUsed();
        failure = error;
        return;
      }
      outcome = response;
      if (response.status >= 400) {
        if (!c.var.keepWorkOnError) throw new RollBack();
        await runHeldWrite(tx);
        if (await storedKey(tx, scope, key)) throw new KeyUsed();
        return;
      }
      const body = await response.clone().text();
      const record = keyRecord(tx, { scope, key, fingerprint, responseStatus: response.status, responseBody: body, responseContentType: response.headers.get('content-type') });
      const held = takeFinalWrite(tx);
      const recorded = held
        ? Number((await runFinalWrite(tx, held, record)).recorded)
        : (await record.run()).length;
      if (recorded === 0) throw new KeyUsed();
    });
  } catch (error) {
    // Rolled back: a used key answers with its first response; otherwise the failure stands.
    const existing = await storedKey(db, scope, key);
    if (existing) return replayStored(existing, fingerprint);
    if (error instanceof KeyUsed) throw new Error('idempotency key vanished while replaying');
    if (!(error instanceof RollBack)) throw error;
  } finally {
    c.set('db', db);
  }
  if (failure !== null) throw failure;
  if (!outcome) throw new Error('idempotent request ended without a response');
  return outcome;
}

/**
 * The key's record as the tail of a held final write (its insert, and whether it inserted), or
 * on its own (`run`); its text is built once (db/compiledStatements.ts).
 */
function keyRecord(tx: Database, values: typeof idempotencyKeys.$inferInsert): FinalTail & { run(): Promise<Array<{ id: number }>> } {
  const record = bindRecord('key', values);
  const insert = (binds: Record<string, unknown>) =>
    tx.insert(idempotencyKeys).values(binds as never).onConflictDoNothing().returning({ id: idempotencyKeys.id });
  return {
    shape: record.shape,
    values: record.values,
    build: () => ({ ctes: [sql`recorded as (${insert(record.binds).getSQL()})`], select: { recorded: sql`(select count(*) from recorded)::integer` } }),
    run: () => insert(values),
  };
}

/** Runs a handler's held write on its own (a failure whose work is kept). */
async function runHeldWrite(tx: Database): Promise<void> {
  const held = takeFinalWrite(tx);
  if (held) await runFinalWrite(tx, held);
}

/** Deletes stored responses older than the retention period. */
export async function pruneIdempotencyKeys(db: Database, olderThan: Date): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, olderThan)).returning({ id: idempotencyKeys.id });
  return removed.length;
}
