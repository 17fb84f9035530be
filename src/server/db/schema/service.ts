/**
 * The service's own machinery: rate-limit counters, the mail outbox, idempotency records and its
 * keys.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, createdAt } from './columns';

/** Counters of rate-limiter-flexible (RateLimiterDrizzle): request budgets per caller and per client address. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: instant('expire'),
});

/** Messages the service sends (PIN resets, invitations); the SMTP transport drains it. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id'),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: instant('sent_at'),
    /** Delivery attempts so far, and when the next may start (backoff after a failure). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    /** A delivery run holds the row until this instant (a lease, so a stalled run cannot block it forever). */
    claimedUntil: instant('claimed_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_unsent_idx').on(t.channel, t.createdAt, t.id).where(sql`sent_at IS NULL`)],
);

/** Stored first responses of mutating requests that carried an Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Null only inside the transaction that is still producing the first response. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key').on(t.scope, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The service's own key pairs. `pin-seal`: kiosks encrypt an offline PIN change with the public
 * key, so the queued request holds no PIN the device could read back.
 */
export const serviceKeys = pgTable('service_keys', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  publicKeySpki: text('public_key_spki').notNull(),
  privateKeyPkcs8: text('private_key_pkcs8').notNull(),
  createdAt: createdAt(),
});
