/**
 * Sends the e-mail waiting in the outbox table through an SMTP transport (nodemailer), oldest
 * first, a bounded batch per run. SMS rows are left alone (no SMS gateway in this build).
 *
 * Claiming: each row is claimed in its own short transaction (`FOR UPDATE SKIP LOCKED`) that
 * counts the attempt (`attempts + 1`) and sets a lease (`claimed_until`) before the message is
 * sent, so no database lock or transaction is held during network I/O (PGlite has a single
 * connection that every request shares). Overlapping runs, in one process or several, skip rows
 * whose lease has not run out. Delivery is at least once: a run that dies between the SMTP
 * hand-off and marking `sent_at` leaves a lease that expires, and the message is sent again.
 *
 * A run records its result only for its own claim: a failure is written only while `attempts`
 * still equals the attempt the run claimed (a run that took over an expired lease has counted
 * another attempt) and `sent_at` is null. Success always sets `sent_at` (the message did go out).
 *
 * Backoff: after failed attempt N, `next_attempt_at` is now + retryDelay * 2^(N-1) (capped) and
 * `last_error` holds a short reason (code and SMTP reply, never the body). A row whose attempts
 * reach `maxAttempts` is no longer selected and its `last_error` says it was given up. Success sets
 * `sent_at` and clears `last_error`, `next_attempt_at` and `claimed_until`.
 */
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, notInArray, or } from 'drizzle-orm';
import type { NodemailerError, Transporter } from 'nodemailer';
import type { Database } from '../db/openDatabase';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import { clip, gaveUp } from './failureText';

/** What one run did. */
export interface DeliveryCounts {
  sent: number;
  failed: number;
}

/** Settings of one delivery run; only `from` is required. */
export interface DeliverPendingMailOptions {
  /** The From header (MAIL_FROM), e.g. `Kiosk Clock <no-reply@example.com>`. */
  from: string;
  /** Most rows attempted in one run. Default 50. */
  batchSize?: number;
  /** Wait after a row's first failure; doubles with each further failure. Default 60 s. */
  retryDelayMs?: number;
  /** Longest wait between attempts. Default 1 h. */
  maxRetryDelayMs?: number;
  /**
   * Attempts after which a row is given up (no longer selected; `last_error` says so). Attempts
   * that ended in a connection failure count too. Default 20.
   */
  maxAttempts?: number;
  /**
   * How long a claimed row stays reserved for the run sending it. Must exceed the longest a
   * send can take (see the transport's timeouts); after it, another run may send it again.
   * Default 10 min.
   */
  leaseMs?: number;
  /** The clock (tests move it). Default: real time. */
  now?: () => Date;
  /** Where per-row failures are reported (row id and error code only). */
  logger?: Logger;
}

/** Rows attempted per run unless `batchSize` says otherwise. */
export const DEFAULT_BATCH_SIZE = 50;
/** Wait after a first failure; doubled per further failure. */
export const DEFAULT_RETRY_DELAY_MS = 60_000;
/** Cap on the wait between attempts. */
export const DEFAULT_MAX_RETRY_DELAY_MS = 60 * 60_000;
/** Attempts after which a row is given up. */
export const DEFAULT_MAX_ATTEMPTS = 20;
/** How long a claimed row is reserved for the run sending it. */
export const DEFAULT_LEASE_MS = 10 * 60_000;


/**
 * Nodemailer codes meaning the connection (not this message) failed: the rest of the batch
 * would fail the same way, so the run stops instead of walking through every row.
 */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH', 'EOAUTH2', 'EPROXY']);

function isNodemailerError(error: unknown): error is NodemailerError {
  return error instanceof Error;
}


/** A one-line reason for `last_error`: code and SMTP reply, or the error message. */
function describeFailure(error: unknown): string {
  if (!isNodemailerError(error)) return String(error);
  const detail = error.response ?? error.message;
  return error.code ? `${error.code}: ${detail}` : detail;
}


function isConnectionFailure(error: unknown): boolean {
  if (!isNodemailerError(error)) return false;
  if (error.responseCode === 421) return true;
  return error.responseCode === undefined && error.code !== undefined && CONNECTION_CODES.has(error.code);
}

interface ClaimedRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  /** This attempt's number, which is also the row's `attempts` while the claim is ours. */
  attempt: number;
}

/**
 * Claims the oldest e-mail row that is due (attempts left, retry time passed, not leased or its
 * lease expired), skipping rows other transactions hold and rows this run already tried.
 */
async function claimNext(
  db: Database,
  now: Date,
  leaseMs: number,
  maxAttempts: number,
  tried: number[],
): Promise<ClaimedRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: outbox.id,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        attempts: outbox.attempts,
      })
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, 'email'),
          isNull(outbox.sentAt),
          lt(outbox.attempts, maxAttempts),
          or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
          or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now)),
          tried.length > 0 ? notInArray(outbox.id, tried) : undefined,
        ),
      )
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const attempt = row.attempts + 1;
    await tx
      .update(outbox)
      .set({ attempts: attempt, claimedUntil: new Date(now.getTime() + leaseMs) })
      .where(eq(outbox.id, row.id));
    return { id: row.id, recipient: row.recipient, subject: row.subject, body: row.body, attempt };
  });
}

/**
 * Rows whose last allowed attempt was claimed but never reported (its run died and the lease
 * ran out) are no longer selected; this marks them as given up so `last_error` says so.
 */
async function giveUpAbandoned(db: Database, now: Date, maxAttempts: number): Promise<number[]> {
  const rows = await db
    .update(outbox)
    .set({ claimedUntil: null, lastError: clip(gaveUp(maxAttempts, 'the last attempt did not finish')) })
    .where(
      and(
        eq(outbox.channel, 'email'),
        isNull(outbox.sentAt),
        gte(outbox.attempts, maxAttempts),
        isNotNull(outbox.claimedUntil),
        lte(outbox.claimedUntil, now),
      ),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

/**
 * Sends every due, unsent e-mail row of the outbox (up to `batchSize`), oldest first, from
 * `options.from`. A sent row gets `sent_at`; a failed one keeps `sent_at` null and records a
 * short reason in `last_error` and its next retry time in `next_attempt_at` (or, after
 * `maxAttempts`, that it was given up). Stops early when the SMTP server cannot be reached.
 * Safe to run concurrently with itself (rows are claimed, see the module comment).
 */
export async function deliverPendingMail(
  db: Database,
  transport: Transporter,
  options: DeliverPendingMailOptions,
): Promise<DeliveryCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const clock = options.now ?? (() => new Date());
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be a positive integer');

  for (const id of await giveUpAbandoned(db, clock(), maxAttempts)) {
    options.logger?.error('outbox e-mail given up', { outboxId: id, attempt: maxAttempts, reason: 'unfinished' });
  }

  const counts: DeliveryCounts = { sent: 0, failed: 0 };
  const tried: number[] = [];
  while (tried.length < batchSize) {
    const row = await claimNext(db, clock(), leaseMs, maxAttempts, tried);
    if (!row) break;
    tried.push(row.id);
    try {
      await transport.sendMail({
        from: options.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      counts.failed += 1;
      const now = clock();
      const final = row.attempt >= maxAttempts;
      const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (row.attempt - 1));
      const reason = describeFailure(error);
      // Only while the claim is still ours: a run that took over an expired lease owns the row.
      await db
        .update(outbox)
        .set({
          claimedUntil: null,
          nextAttemptAt: final ? null : new Date(now.getTime() + delay),
          lastError: clip(final ? gaveUp(row.attempt, reason) : reason),
        })
        .where(and(eq(outbox.id, row.id), isNull(outbox.sentAt), eq(outbox.attempts, row.attempt)));
      const connectionFailure = isConnectionFailure(error);
      options.logger?.error('outbox e-mail not sent', {
        outboxId: row.id,
        attempt: row.attempt,
        code: isNodemailerError(error) ? (error.code ?? null) : null,
        responseCode: isNodemailerError(error) ? (error.responseCode ?? null) : null,
        gaveUp: final,
        runEnded: connectionFailure,
      });
      if (connectionFailure) break;
      continue;
    }
    counts.sent += 1;
    // Even a late result is recorded: the message did go out, so it must not be sent again.
    await db
      .update(outbox)
      .set({ sentAt: clock(), lastError: null, nextAttemptAt: null, claimedUntil: null })
      .where(and(eq(outbox.id, row.id), isNull(outbox.sentAt)));
  }
  return counts;
}
