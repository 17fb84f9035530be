/**
 * Raising web hook events: the transactional outbox of web hooks. Each service that changes
 * something a receiver may care about calls recordWebhookEvent inside the transaction of that
 * change, so an event (and its deliveries) exists if and only if the change committed; the worker
 * in jobs/deliverWebhooks.ts sends them later. Nothing is stored when no registration of the
 * business listens to an event.
 *
 * Order per registration: the first statement locks the business's registrations (FOR NO KEY
 * UPDATE, in pk order, all of them whatever their filters, so two transactions always take the
 * locks in the same order and cannot deadlock) before any delivery id is drawn. A second
 * transaction raising an event for the same registrations waits for the first to commit, so
 * delivery ids of one registration are in commit order and the worker, which sends the lowest
 * pending id first, never sends a later change before an earlier one.
 *
 * Cost: one statement when nobody listens (the lock-and-read of the registrations, which finds
 * none that match), two when someone does. An event's data may be given as a function: it runs
 * only when someone listens, so a change whose payload needs extra reads (a timesheet line's
 * location and work type names) pays for them only then.
 */
import { sql } from 'drizzle-orm';
import { filtersMatch, type WebhookEvent } from '../../../domain/webhooks';
import type { Database } from '../../db/openDatabase';
import { rowsOf } from '../../db/rowsOf';

/** The data members of an event's notification, or a function that builds them when someone listens. */
export type WebhookEventData = Record<string, unknown> | (() => Promise<Record<string, unknown>>);

/** One event raised by a change, with the data members its notification carries. */
export interface RaisedWebhookEvent {
  businessId: number;
  action: WebhookEvent;
  data: WebhookEventData;
  occurredAt: Date;
}

/**
 * Records `event` and one pending delivery per registration of its business whose filters hold
 * `*` or the action (paused ones too: their deliveries wait until resumed). Call it with the
 * transaction of the change that caused the event.
 */
export function recordWebhookEvent(tx: Database, event: RaisedWebhookEvent): Promise<void> {
  return recordWebhookEvents(tx, event.businessId, [event]);
}

/** The stored filters of a registration, as read back (a bad row listens to nothing). */
function storedFilters(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * Records several events of one business (a bulk write), in the order given: events nobody
 * listens to are not stored, and the deliveries of each registration follow the events' order.
 */
export async function recordWebhookEvents(tx: Database, businessId: number, events: readonly RaisedWebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (events.some((event) => event.businessId !== businessId)) throw new Error('recordWebhookEvents: events of another business');
  const registrations = rowsOf<{ filters: unknown }>(
    await tx.execute(sql`select filters from webhook_registrations where business_id = ${businessId} order by pk for no key update`),
  ).map((row) => storedFilters(row.filters));
  const heard = events.filter((event) => registrations.some((filters) => filtersMatch(filters, event.action)));
  if (heard.length === 0) return;
  const resolved: { action: WebhookEvent; data: Record<string, unknown>; occurredAt: string }[] = [];
  for (const event of heard) {
    const data = typeof event.data === 'function' ? await event.data() : event.data;
    resolved.push({ action: event.action, data, occurredAt: event.occurredAt.toISOString() });
  }
  await tx.execute(sql`
    with input as (
      select e.ord, e.value->>'action' as action, e.value->'data' as data, (e.value->>'occurredAt')::timestamptz as occurred_at
      from jsonb_array_elements(${JSON.stringify(resolved)}::jsonb) with ordinality as e(value, ord)
    ),
    raised as (
      insert into webhook_events (business_id, action, data, occurred_at)
      select ${businessId}, input.action, input.data, input.occurred_at from input
      order by input.ord
      returning id, action
    )
    insert into webhook_deliveries (registration_pk, event_id)
    select r.pk, raised.id from raised
    join webhook_registrations r
      on r.business_id = ${businessId} and (r.filters @> '["*"]'::jsonb or r.filters @> jsonb_build_array(raised.action))
    order by raised.id, r.pk`);
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
  const result = await db.execute(sql`
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
  const [row] = rowsOf<{ event_id: number; delivery_id: number }>(result);
  return row ? { eventId: Number(row.event_id), deliveryId: Number(row.delivery_id) } : null;
}
