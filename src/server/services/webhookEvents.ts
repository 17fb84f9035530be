/**
 * Raising web hook events: the transactional outbox of web hooks. Each service that changes
 * something a receiver may care about calls recordWebhookEvent inside the transaction of that
 * change, so an event (and its deliveries) exists if and only if the change committed; the worker
 * in jobs/deliverWebhooks.ts sends them later. One SQL statement per event, and nothing is stored
 * when no registration of the business listens to it.
 *
 * Order per registration: the statement locks the business's registrations (FOR NO KEY UPDATE, in
 * pk order, all of them whatever their filters, so two transactions always take the locks in the
 * same order and cannot deadlock) before the delivery ids are drawn. A second transaction raising
 * an event for the same registrations waits for the first to commit, so delivery ids of one
 * registration are in commit order and the worker, which sends the lowest pending id first, never
 * sends a later change before an earlier one. When nobody listens there is nothing to lock.
 */
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../domain/webhooks';
import type { Database } from '../db/openDatabase';

/** One event raised by a change, with the data members its notification carries. */
export interface RaisedWebhookEvent {
  businessId: number;
  action: WebhookEvent;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * Records `event` and one pending delivery per registration of its business whose filters hold
 * `*` or the action (paused ones too: their deliveries wait until resumed). Call it with the
 * transaction of the change that caused the event.
 */
export async function recordWebhookEvent(tx: Database, event: RaisedWebhookEvent): Promise<void> {
  await tx.execute(sql`
    with locked as (
      select pk, filters from webhook_registrations
      where business_id = ${event.businessId}
      order by pk
      for no key update
    ),
    targets as (
      select pk from locked
      where filters @> '["*"]'::jsonb or filters @> jsonb_build_array(${event.action}::text)
    ),
    raised as (
      insert into webhook_events (business_id, action, data, occurred_at)
      select ${event.businessId}, ${event.action}, ${JSON.stringify(event.data)}::jsonb, ${event.occurredAt.toISOString()}::timestamptz
      where exists (select 1 from targets)
      returning id
    )
    insert into webhook_deliveries (registration_pk, event_id)
    select targets.pk, raised.id from targets cross join raised
    order by targets.pk`);
}

/** What recordTestEvent queued, or null when the registration does not exist. */
export interface QueuedTestEvent {
  eventId: number;
  deliveryId: number;
}

/**
 * Queues a test event for one registration only (the `test` route): a delivery of `action` with a
 * small sample payload marked `test: true`, behind that registration's pending deliveries (held
 * like any other while the registration is paused). Other registrations get nothing.
 */
export async function recordTestEvent(db: Database, registrationPk: number, action: WebhookEvent): Promise<QueuedTestEvent | null> {
  const result = await db.execute<{ event_id: number; delivery_id: number }>(sql`
    with registration as (
      select pk, business_id from webhook_registrations where pk = ${registrationPk} for no key update
    ),
    raised as (
      insert into webhook_events (business_id, action, data, occurred_at)
      select business_id, ${action},
        jsonb_build_object('test', true, 'businessId', business_id, 'message', ${`A test ${action} event from Kiosk Clock.`}::text),
        now()
      from registration
      returning id
    )
    insert into webhook_deliveries (registration_pk, event_id)
    select registration.pk, raised.id from registration cross join raised
    returning event_id, id as delivery_id`);
  const [row] = rowsOf(result);
  return row ? { eventId: Number(row.event_id), deliveryId: Number(row.delivery_id) } : null;
}

/** The rows of an `execute` result: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  return [];
}
