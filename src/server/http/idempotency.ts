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
import { answerHeaders, finalWriteSink, NeedsTransaction, runFinalWrite, runFinalWriteRow, type FinalWriteSink } from '../db/finalWrite';
import { keyRecord } from '../db/keyRecord';
import { serviceSecret, type ServiceSecretPurpose } from '../auth/serviceSecrets';
import { ApiError } from '../errors/apiError';
import { recordedText } from './answerText';

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
 * written once, with the response, as the transaction's last statement (one write, not an insert
 * before the work and an update after it). When the key turns out to be used already (the record
 * exists, or a concurrent duplicate commits it first: the insert waits for that commit), the work
 * is rolled back and the first response is returned instead; a failure of the handler is likewise
 * answered with the stored response when the key was used. So the work is applied at most once
 * per key and every request with a used key gets the first answer (or 422), as before; a handler
 * runs, and is rolled back, on a replay (its effects are all in the transaction: idempotent routes
 * write only through `c.var.db`). `optimistic` (a route whose work is one final write,
 * auth/callerReads.ts): first without a transaction (runOptimistically).
 */
export async function runIdempotently(
  c: Context<AppEnv>,
  request: IdempotentRequest,
  handle: () => Promise<Response>,
  options: { optimistic?: boolean } = {},
): Promise<Response> {
  const { db } = c.get('deps');
  const fingerprint = fingerprintOf(await serviceSecret(db, FINGERPRINT_SECRET_PURPOSE), request.shape);
  if (options.optimistic) {
    const answered = await runOptimistically(c, request, fingerprint, handle);
    if (answered) return answered;
    // The read made with the caller is not the transaction's: the handler reads again, locked.
    c.set('callerRead', undefined);
  }
  const { scope, key } = request;
  let outcome: Response | null = null;
  let failure: unknown = null;
  try {
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      c.set('db', tx);
      // A handler's last write may wait to go with the key's record, in one statement (finalWrite.ts).
      const sink = finalWriteSink('transaction');
      c.set('finalWrite', sink);
      let response: Response;
      try {
        response = await handle();
      } catch (error) {
        if (!c.get('keepWorkOnError')) throw error;
        await runHeldWrite(tx, sink);
        // Keep the recorded failure, but no key (a retry must be evaluated afresh), unless the key was used.
        if (await storedKey(tx, scope, key)) throw new KeyUsed();
        failure = error;
        return;
      }
      outcome = response;
      if (response.status >= 400) {
        if (!c.get('keepWorkOnError')) throw new RollBack();
        await runHeldWrite(tx, sink);
        if (await storedKey(tx, scope, key)) throw new KeyUsed();
        return;
      }
      const record = keyRecord(tx, await recordOf(request, fingerprint, response), 'plain');
      const held = sink.take();
      let recorded: number;
      if (held) {
        const row = await runFinalWrite(tx, held, record);
        recorded = Number(row.recorded);
        answerHeaders(held, row, response);
      } else {
        recorded = (await record.run()).length;
      }
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
    c.set('finalWrite', undefined);
  }
  if (failure !== null) throw failure;
  if (!outcome) throw new Error('idempotent request ended without a response');
  return outcome;
}

/** Optimistic tries before a request that keeps finding its reads outdated runs in a transaction. */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * The request without a transaction (db/finalWrite.ts): the handler reads unlocked and hands over
 * one final write, sent with the key's record as one statement that checks the handler's reads
 * are still current. Outdated (another request changed them meanwhile): nothing was written, the
 * handler runs again on fresh reads. Key used: nothing was written, the first answer is replayed.
 * A handler error has written nothing either. Null when the request must run in a transaction
 * (the handler needs one, or it kept losing races).
 */
async function runOptimistically(c: Context<AppEnv>, request: IdempotentRequest, fingerprint: string, handle: () => Promise<Response>): Promise<Response | null> {
  const { db } = c.get('deps');
  const { scope, key } = request;
  const replayOr = async <T>(otherwise: () => T) => {
    const existing = await storedKey(db, scope, key);
    return existing ? replayStored(existing, fingerprint) : otherwise();
  };
  try {
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
      const sink = finalWriteSink('optimistic');
      c.set('finalWrite', sink);
      // A retry reads afresh: the read made with the caller is what went out of date.
      if (attempt > 0) c.set('callerRead', undefined);
      let response: Response;
      try {
        response = await handle();
      } catch (error) {
        if (error instanceof NeedsTransaction) return null;
        return await replayOr(() => {
          throw error;
        });
      }
      if (response.status >= 400) return await replayOr(() => response);
      const held = sink.take();
      const record = keyRecord(db, await recordOf(request, fingerprint, response), held ? 'optimistic' : 'plain');
      if (!held) return (await record.run()).length > 0 ? response : await replayOr(vanished);
      const row = await runFinalWriteRow(db, held, record);
      if (Number(row.current) === 0) continue;
      if (Number(row.recorded) === 0) return await replayOr(vanished);
      if (row.ok !== true) throw new Error(held.failure);
      return answerHeaders(held, row, response);
    }
    return null;
  } finally {
    c.set('finalWrite', undefined);
  }
}

const vanished = (): never => {
  throw new Error('idempotency key vanished while replaying');
};

/** The key's record of a successful answer. */
async function recordOf(request: IdempotentRequest, fingerprint: string, response: Response): Promise<typeof idempotencyKeys.$inferInsert> {
  const body = await recordedText(response);
  return { scope: request.scope, key: request.key, fingerprint, responseStatus: response.status, responseBody: body, responseContentType: response.headers.get('content-type') };
}

/** Runs a handler's held write on its own (a failure whose work is kept). */
async function runHeldWrite(tx: Database, sink: FinalWriteSink): Promise<void> {
  const held = sink.take();
  if (held) await runFinalWrite(tx, held);
}

/** Deletes stored responses older than the retention period. */
export async function pruneIdempotencyKeys(db: Database, olderThan: Date): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, olderThan)).returning({ id: idempotencyKeys.id });
  return removed.length;
}
