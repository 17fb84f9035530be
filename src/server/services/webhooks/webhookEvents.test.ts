/**
 * recordWebhookEvent and recordTestEvent on the real database: one delivery per listening
 * registration (filters `*` or the action, paused included), nothing stored when nobody listens,
 * a test event goes to its one registration only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';
import { insertRegistration } from '../../testing/webhookFixture';
import { recordTestEvent, recordWebhookEvent, recordWebhookEvents } from './webhookEvents';
import { withTransaction } from '../../db/transactions';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.close();
});

async function register(tenant: Tenant, filters: string[], isPaused = false): Promise<number> {
  return (await insertRegistration(t, tenant, { filters, isPaused })).pk;
}

async function eventsOf(businessId: number) {
  return t.db.select().from(webhookEvents).where(eq(webhookEvents.businessId, businessId)).orderBy(webhookEvents.id);
}

describe('recordWebhookEvent', () => {
  it('stores nothing when no registration of the business listens', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const other = await createTenant(t, { employees: 0 });
    await register(other, ['*']);
    await register(tenant, ['TimesheetCreated']);
    await recordWebhookEvent(t.db, { businessId: tenant.businessId, action: 'ClockOn', data: { a: 1 }, occurredAt: new Date() });
    expect(await eventsOf(tenant.businessId)).toEqual([]);
  });

  it("builds an event's data only when someone listens to it", async () => {
    const tenant = await createTenant(t, { employees: 0 });
    let built = 0;
    const data = () => {
      built += 1;
      return Promise.resolve({ line: built });
    };
    const raise = () => recordWebhookEvent(t.db, { businessId: tenant.businessId, action: 'TimesheetCreated', data, occurredAt: new Date() });
    await raise();
    await register(tenant, ['ClockOn']);
    await raise();
    expect(built).toBe(0);
    await register(tenant, ['TimesheetCreated']);
    await raise();
    expect(built).toBe(1);
    expect((await eventsOf(tenant.businessId)).map((event) => event.data)).toEqual([{ line: 1 }]);
  });

  it('queues one delivery per matching registration, paused ones included, in the transaction of the change', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const all = await register(tenant, ['*']);
    const clockOn = await register(tenant, ['ClockOn', 'ClockOff']);
    const paused = await register(tenant, ['ClockOn'], true);
    const deaf = await register(tenant, ['TimesheetDeleted']);
    const at = new Date('2026-11-25T09:00:00.000Z');
    await withTransaction(t.db, (tx) =>
      recordWebhookEvent(tx, { businessId: tenant.businessId, action: 'ClockOn', data: { employeeId: 7, nested: { x: [1, 2] } }, occurredAt: at }),
    );
    const [event, ...rest] = await eventsOf(tenant.businessId);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ action: 'ClockOn', data: { employeeId: 7, nested: { x: [1, 2] } }, occurredAt: at });
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.registrationPk, [all, clockOn, paused, deaf]))
      .orderBy(webhookDeliveries.registrationPk);
    expect(deliveries.map((d) => d.registrationPk)).toEqual([all, clockOn, paused]);
    expect(deliveries.every((d) => d.eventId === event?.id && d.attempts === 0 && d.deliveredAt === null)).toBe(true);
    expect(new Set(deliveries.map((d) => d.deliveryKey)).size).toBe(3);
  });

  it('writes nothing when the change rolls back', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    await register(tenant, ['*']);
    await expect(
      withTransaction(t.db, async (tx) => {
        await recordWebhookEvent(tx, { businessId: tenant.businessId, action: 'ClockOff', data: {}, occurredAt: new Date() });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await eventsOf(tenant.businessId)).toEqual([]);
  });
});

describe('recordWebhookEvents', () => {
  it('records a batch in order, leaving out events nobody listens to, each registration its own deliveries in event order', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const all = await register(tenant, ['*']);
    const created = await register(tenant, ['TimesheetCreated']);
    const at = new Date();
    const events = (['TimesheetDeleted', 'TimesheetCreated', 'ClockOn', 'TimesheetCreated'] as const).map((action, n) => ({
      businessId: tenant.businessId,
      action,
      data: { n },
      occurredAt: at,
    }));
    await recordWebhookEvents(t.db, tenant.businessId, events);
    const stored = await eventsOf(tenant.businessId);
    expect(stored.map((e) => [e.action, e.data])).toEqual(events.map((e) => [e.action, e.data]));
    const deliveries = await t.db
      .select({ registrationPk: webhookDeliveries.registrationPk, action: webhookEvents.action, data: webhookEvents.data })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(inArray(webhookDeliveries.registrationPk, [all, created]))
      .orderBy(webhookDeliveries.id);
    expect(deliveries.filter((d) => d.registrationPk === all).map((d) => d.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
    expect(deliveries.filter((d) => d.registrationPk === created).map((d) => d.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });
});

describe('recordTestEvent', () => {
  it('queues a sample event marked as a test for that registration only', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const target = await register(tenant, ['TimesheetCreated']);
    const bystander = await register(tenant, ['*']);
    const queued = await recordTestEvent(t.db, target, 'ClockOn');
    expect(queued).not.toBeNull();
    const [event] = await eventsOf(tenant.businessId);
    expect(event).toMatchObject({ id: queued?.eventId, action: 'ClockOn', data: { test: true, businessId: tenant.businessId } });
    const deliveries = await t.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.registrationPk, [target, bystander]));
    expect(deliveries.map((d) => [d.id, d.registrationPk])).toEqual([[queued?.deliveryId, target]]);
  });

  it('answers null for a registration that does not exist', async () => {
    expect(await recordTestEvent(t.db, 2_000_000_000, 'ClockOn')).toBeNull();
  });
});
