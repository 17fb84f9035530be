/** Web hook registrations, the events raised for them and their deliveries. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, createdAt } from './columns';
import { businesses } from './businesses';
import { users } from './users';

/**
 * Web hook registrations (contract 2.11, the `WebHook` model), owned by the user who registered
 * them in one business. `id` is the caller's string id, kept exactly as given; `secret_sealed` is
 * the signing secret sealed with a service key (it must be recoverable to sign deliveries).
 */
export const webhookRegistrations = pgTable(
  'webhook_registrations',
  {
    pk: serial('pk').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    webHookUri: text('web_hook_uri').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    description: text('description'),
    isPaused: boolean('is_paused').notNull().default(false),
    /** Canonical filter names (domain/webhooks.ts); `["*"]` for every event. */
    filters: jsonb('filters').$type<string[]>().notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_registrations_owner_id_key').on(t.businessId, t.userId, t.id),
    index('webhook_registrations_business_idx').on(t.businessId),
  ],
);

/**
 * Events raised for web hooks, written in the same transaction as the change that caused them
 * (a transactional outbox): an event exists if and only if its change committed.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** The notification's data members (the envelope adds `Action`). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: instant('occurred_at').notNull(),
  },
  (t) => [index('webhook_events_business_idx').on(t.businessId, t.id)],
);

/**
 * One event to one registration: delivered at least once, in id order per registration, retried
 * with backoff (domain/webhooks.ts nextAttemptAfter); held while the registration is paused.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    registrationPk: integer('registration_pk')
      .notNull()
      .references(() => webhookRegistrations.pk, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** The envelope's `Id`, the same on every attempt. */
    deliveryKey: text('delivery_key').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: instant('first_attempt_at'),
    nextAttemptAt: instant('next_attempt_at'),
    claimedUntil: instant('claimed_until'),
    deliveredAt: instant('delivered_at'),
    gaveUpAt: instant('gave_up_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    // The head of each registration's queue: its oldest delivery still pending.
    index('webhook_deliveries_pending_idx')
      .on(t.registrationPk, t.id)
      .where(sql`delivered_at IS NULL AND gave_up_at IS NULL`),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
