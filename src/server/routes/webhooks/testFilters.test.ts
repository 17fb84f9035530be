/**
 * A test delivery takes every filter a registration takes, generated from the domain's list: each
 * event name (as written, lower and upper case) simulates that event, and `*` (what a registration
 * takes for every event) simulates the registration's first filter, or ClockOn when it listens to
 * everything. Only a name that is no filter is refused.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, WILDCARD_FILTER } from '../../../domain/webhooks';
import { webhookDeliveries, webhookEvents, webhookRegistrations } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function register(tenant: Tenant, id: string, filters?: string[]): Promise<void> {
  const res = await t.request('POST', `${tenant.base}/webhookregistrations`, {
    auth: tenant.manager.auth,
    json: { id, webHookUri: 'https://a.example.com/', ...(filters ? { filters } : {}) },
  });
  expect(res.status, res.text).toBe(200);
}

/** The actions of the test deliveries queued to registration `id`, oldest first. */
async function actionsOf(tenant: Tenant, id: string): Promise<string[]> {
  const rows = await t.db
    .select({ action: webhookEvents.action })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookRegistrations, eq(webhookRegistrations.pk, webhookDeliveries.registrationPk))
    .where(and(eq(webhookRegistrations.businessId, tenant.businessId), eq(webhookRegistrations.id, id)))
    .orderBy(webhookDeliveries.id);
  return rows.map((row) => row.action);
}

const test = (tenant: Tenant, id: string, filter: string) =>
  t.request('GET', `${tenant.base}/webhookregistrations/${id}/test?filter=${encodeURIComponent(filter)}`, { auth: tenant.manager.auth });

describe('the filter of a test delivery', () => {
  it('takes every filter a registration takes, in any case', async () => {
    const tenant = await createTenant(t);
    await register(tenant, 'some', ['TimesheetApproved', 'ClockOff']);
    await register(tenant, 'every');
    const expected: string[] = [];
    for (const event of WEBHOOK_EVENTS) {
      for (const spelling of [event, event.toLowerCase(), event.toUpperCase()]) {
        const res = await test(tenant, 'some', spelling);
        expect(res.status, `${spelling}: ${res.text}`).toBe(200);
        expected.push(event);
      }
    }
    expect(await actionsOf(tenant, 'some')).toEqual(expected);

    // `*`: the registration's first filter, as without one; ClockOn for one that listens to everything.
    expect((await test(tenant, 'some', WILDCARD_FILTER)).status).toBe(200);
    expect((await test(tenant, 'every', WILDCARD_FILTER)).status).toBe(200);
    // Filters are stored in the event list's order: ClockOff comes first.
    expect((await actionsOf(tenant, 'some')).at(-1)).toBe('ClockOff');
    expect(await actionsOf(tenant, 'every')).toEqual(['ClockOn']);

    for (const filter of ['EmployeeCreated', '**', 'Clock On']) {
      const refused = await test(tenant, 'some', filter);
      expect(refused.status, filter).toBe(400);
      expect(refused.body).toMatchObject({ errors: [{ field: 'filter' }] });
    }
  });
});
