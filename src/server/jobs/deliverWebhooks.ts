/**
 * Sends web hook deliveries (the transactional outbox that services/webhooks/webhookEvents.ts fills), as
 * the vendor's ASP.NET WebHooks platform does: the work-item envelope signed with `ms-signature`,
 * at least once, in order per registration, retried on the domain's schedule, held while paused.
 *
 * Claiming: one short transaction takes the HEAD of each registration's queue (its lowest pending
 * delivery id) that is due, not leased and whose registration is not paused, FOR UPDATE SKIP
 * LOCKED, counts the attempt and sets a lease (`claimed_until`). No transaction is open while a
 * request is in flight (PGlite has one connection that every request shares). Only a head is ever
 * claimable and a claimed head stays the head until it is delivered or given up, so one
 * registration never has two deliveries in flight, whether from one worker or several processes,
 * and a later delivery never overtakes an earlier one. A worker that dies mid-send leaves a lease
 * that runs out; the delivery is then sent again (same `Id`, next `Attempt`).
 *
 * A run records a result only for its own claim (`attempts` unchanged, not delivered). Success is
 * any 2xx; anything else (3xx included: redirects are not followed), a timeout or a refused
 * target is a failure, retried at domain nextAttemptAfter until its window ends (then
 * `gave_up_at` and `last_error`), after which the registration's next delivery goes.
 */
import { sql } from 'drizzle-orm';
import { buildEnvelope, nextAttemptAfter, SIGNATURE_HEADER, signatureOf, type WebhookEvent } from '../../domain/webhooks';
import type { Database } from '../db/openDatabase';
import type { Logger } from '../logger';
import { rowsOf } from '../db/rowsOf';
import { openWebhookSecret } from '../services/webhooks/webhookSecrets';
import { clip, gaveUp } from './failureText';
import { sendWebhook, type SendOutcome } from './sendWebhook';

/** The User-Agent of every delivery. */
export const WEBHOOK_USER_AGENT = 'KioskClock-WebHooks/1.0';
/** Registrations sent to at once (one delivery each) per round. */
export const DEFAULT_WEBHOOK_CONCURRENCY = 8;
/** Rounds per run: a registration with a backlog gets up to this many deliveries per run. */
export const DEFAULT_WEBHOOK_ROUNDS = 50;
/** The lease beyond the request timeout, so a lease never ends while its request may still run. */
const LEASE_MARGIN_MS = 60_000;

export interface DeliverWebhooksOptions {
  /** WEBHOOK_TIMEOUT_MS: the whole of one attempt (connect, send, answer). */
  timeoutMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS. */
  allowPrivate: boolean;
  concurrency?: number;
  rounds?: number;
  /** The clock (tests move it). Default: real time. */
  now?: () => Date;
  /** Asked before each round: true ends the run early (the service is shutting down). */
  shouldStop?: () => boolean;
  logger?: Logger;
}

/** What one run did. */
export interface WebhookRunCounts {
  delivered: number;
  failed: number;
  gaveUp: number;
}

/** A claimed delivery with what its attempt needs. */
export interface ClaimedDelivery {
  id: number;
  registrationPk: number;
  deliveryKey: string;
  attempt: number;
  firstAttemptAt: Date;
  action: WebhookEvent;
  data: Record<string, unknown>;
  url: string;
  secretSealed: string;
  headers: Record<string, string>;
  properties: Record<string, unknown>;
}

interface ClaimRow extends Record<string, unknown> {
  id: number;
  registration_pk: number;
  delivery_key: string;
  attempts: number;
  first_attempt_at: string | Date;
  action: string;
  data: unknown;
  web_hook_uri: string;
  secret_sealed: string;
  headers: unknown;
  properties: unknown;
}

/** jsonb read back: PGlite and node-postgres both parse it; an odd value becomes empty. */
function objectOf(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

function stringMap(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(objectOf(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Claims up to `limit` due heads (one per registration, oldest first) in one short transaction:
 * counts the attempt, stamps the first attempt and leases them until `now + leaseMs`.
 */
export async function claimDueHeads(db: Database, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const result = await db.execute(sql`
    with heads as (
      select distinct on (registration_pk) id from webhook_deliveries
      where delivered_at is null and gave_up_at is null
      order by registration_pk, id
    ),
    due as (
      select d.id from webhook_deliveries d
      join heads on heads.id = d.id
      join webhook_registrations r on r.pk = d.registration_pk
      where not r.is_paused
        and d.delivered_at is null and d.gave_up_at is null
        and (d.next_attempt_at is null or d.next_attempt_at <= ${at}::timestamptz)
        and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
      order by d.id
      limit ${limit}
      for update of d skip locked
    ),
    claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1,
          first_attempt_at = coalesce(d.first_attempt_at, ${at}::timestamptz),
          claimed_until = ${until}::timestamptz
      from due where d.id = due.id
      returning d.id, d.registration_pk, d.event_id, d.delivery_key, d.attempts, d.first_attempt_at
    )
    select c.id, c.registration_pk, c.delivery_key, c.attempts, c.first_attempt_at, e.action, e.data,
      r.web_hook_uri, r.secret_sealed, r.headers, r.properties
    from claimed c
    join webhook_events e on e.id = c.event_id
    join webhook_registrations r on r.pk = c.registration_pk
    order by c.id`);
  return rowsOf<ClaimRow>(result).map((row) => ({
    id: Number(row.id),
    registrationPk: Number(row.registration_pk),
    deliveryKey: row.delivery_key,
    attempt: Number(row.attempts),
    firstAttemptAt: new Date(row.first_attempt_at),
    action: row.action as WebhookEvent,
    data: objectOf(row.data),
    url: row.web_hook_uri,
    secretSealed: row.secret_sealed,
    headers: stringMap(row.headers),
    properties: objectOf(row.properties),
  }));
}


/** Signs and sends one claimed delivery; the body is the exact string signed. */
async function attempt(db: Database, claim: ClaimedDelivery, options: DeliverWebhooksOptions): Promise<SendOutcome> {
  let secret: string;
  try {
    secret = await openWebhookSecret(db, claim.secretSealed);
  } catch {
    return { ok: false, status: null, reason: 'the registration secret could not be opened' };
  }
  const envelope = buildEnvelope({
    deliveryId: claim.deliveryKey,
    attempt: claim.attempt,
    properties: claim.properties,
    notifications: [{ action: claim.action, data: claim.data }],
  });
  const body = JSON.stringify(envelope);
  const headers = {
    ...claim.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'User-Agent': WEBHOOK_USER_AGENT,
    [SIGNATURE_HEADER]: await signatureOf(body, secret),
  };
  return sendWebhook({ url: claim.url, body, headers, timeoutMs: options.timeoutMs, allowPrivate: options.allowPrivate });
}

/** Writes the outcome of one attempt, only while the claim is still this run's. */
async function recordOutcome(db: Database, claim: ClaimedDelivery, outcome: SendOutcome, now: Date): Promise<'delivered' | 'failed' | 'gaveUp'> {
  const ours = sql`id = ${claim.id} and attempts = ${claim.attempt} and delivered_at is null and gave_up_at is null`;
  if (outcome.ok) {
    // Even a late success is kept: the receiver has it, so it must not go again.
    await db.execute(sql`
      update webhook_deliveries
      set delivered_at = ${now.toISOString()}::timestamptz, claimed_until = null, next_attempt_at = null,
          last_status = ${outcome.status}, last_error = null
      where id = ${claim.id} and delivered_at is null`);
    return 'delivered';
  }
  const next = nextAttemptAfter(claim.attempt, now, claim.firstAttemptAt);
  const reason = next ? outcome.reason : gaveUp(claim.attempt, outcome.reason);
  await db.execute(sql`
    update webhook_deliveries
    set claimed_until = null,
        next_attempt_at = ${next ? next.toISOString() : null}::timestamptz,
        gave_up_at = ${next ? null : now.toISOString()}::timestamptz,
        last_status = ${outcome.status}, last_error = ${clip(reason)}
    where ${ours}`);
  return next ? 'failed' : 'gaveUp';
}

/**
 * One run: rounds of claiming the due heads (up to `concurrency` registrations at once), sending
 * them in parallel and recording each outcome, until nothing is due or `rounds` have run. Safe to
 * run concurrently with itself and with other processes on the same database.
 */
export async function deliverPendingWebhooks(db: Database, options: DeliverWebhooksOptions): Promise<WebhookRunCounts> {
  const clock = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY;
  const rounds = options.rounds ?? DEFAULT_WEBHOOK_ROUNDS;
  const leaseMs = options.timeoutMs + LEASE_MARGIN_MS;
  const counts: WebhookRunCounts = { delivered: 0, failed: 0, gaveUp: 0 };
  for (let round = 0; round < rounds && !options.shouldStop?.(); round += 1) {
    const claims = await claimDueHeads(db, clock(), leaseMs, concurrency);
    if (claims.length === 0) break;
    const outcomes = await Promise.all(claims.map((claim) => attempt(db, claim, options)));
    for (const [index, claim] of claims.entries()) {
      const outcome = outcomes[index];
      if (!outcome) continue;
      const result = await recordOutcome(db, claim, outcome, clock());
      counts[result] += 1;
      const fields = { deliveryId: claim.id, registration: claim.registrationPk, attempt: claim.attempt, status: outcome.status };
      if (result === 'delivered') options.logger?.debug('web hook delivered', fields);
      else options.logger?.info(result === 'gaveUp' ? 'web hook given up' : 'web hook attempt failed', { ...fields, reason: outcome.ok ? null : clip(outcome.reason) });
    }
  }
  return counts;
}
