/**
 * The forgotten clock-off end to end against the real service: the kiosk clocks
 * the person off now and queues, in the same transaction, a `shiftCorrection` entry naming the
 * clock-off by its Idempotency-Key. Offline both wait; back online the correction is sent after
 * its clock-off, and lost answers or a second copy of it leave exactly one correction, pending,
 * on the right shift.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { punches, shiftCorrections } from '../server/db/schema';
import { createTenant, enrolDeviceAuth, type Tenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { punchAtKiosk } from './kioskOperations';
import { OutboxRecord } from './records';
import { createOfflineHarness, deliverLosingFirstAnswers } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** Ada clocked on `hoursAgo` at another tablet of the kiosk and never clocked off. */
async function clockedOnLongAgo(tenant: Tenant, hoursAgo: number) {
  const ada = tenant.employees[0]!;
  const device = await enrolDeviceAuth(t, tenant);
  const clockOnAt = new Date(t.clock.now().getTime() - hoursAgo * HOUR);
  const on = await t.request('POST', `${tenant.kiosk}/clockon`, {
    auth: device,
    json: { employeeId: ada.id, recordedTimeUtc: clockOnAt.toISOString() },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(on.status, on.text).toBe(200);
  return { ada, clockOnAt };
}

const correctionsOf = (employeeId: number) => t.db.select().from(shiftCorrections).where(eq(shiftCorrections.employeeId, employeeId));
const clockOffsOf = async (employeeId: number) => (await t.db.select().from(punches).where(eq(punches.employeeId, employeeId))).filter((p) => p.kind === 'clockOff');

describe('a forgotten clock-off at the kiosk', () => {
  it('offline: the clock-off and its correction wait together and arrive once, in order, despite lost answers', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const { ada, clockOnAt } = await clockedOnLongAgo(tenant, 30);
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);

    h.setFaults(() => 'down');
    const statedFinish = new Date(clockOnAt.getTime() + 8 * HOUR);
    const punched = await punchAtKiosk(h.runtime, ada.id, 'clockOff', {}, undefined, { statedFinishUtc: statedFinish, suggestedBy: 'roster' });
    expect(punched.ok).toBe(true);
    const queued = (await h.db.outbox.orderBy('seq').toArray()).map((row) => OutboxRecord.parse(row));
    expect(queued.map((e) => e.op)).toEqual(['clockOff', 'shiftCorrection']);
    expect(queued[1]!.body).toEqual({
      employeeId: ada.id,
      punchKey: queued[0]!.id,
      clockOffRecordedTimeUtc: queued[0]!.body.recordedTimeUtc,
      statedFinishUtc: statedFinish.toISOString(),
      suggestedBy: 'roster',
    });
    // The person is off at once on this tablet; the raw clock-off is now, not the stated finish.
    expect((await h.db.staff.get(ada.id))?.local.status).toBe('ClockedOff');
    expect(Date.parse(String(queued[0]!.body.recordedTimeUtc))).toBeGreaterThan(statedFinish.getTime());

    // Back online, every POST's first answer is lost after the service did the work.
    const order = await deliverLosingFirstAnswers(h);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.attention.count()).toBe(0);
    expect(order.indexOf('clockoff')).toBeLessThan(order.indexOf('shiftcorrections'));

    expect(await clockOffsOf(ada.id)).toHaveLength(1);
    const corrections = await correctionsOf(ada.id);
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({ status: 'Pending', suggestedBy: 'roster', punchKey: queued[0]!.id });
    expect(corrections[0]!.shiftId).not.toBeNull();
    expect(corrections[0]!.statedFinishUtc.getTime()).toBe(statedFinish.getTime());
  });

  it('a second copy of the correction (another key) is answered with the first one', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const { ada, clockOnAt } = await clockedOnLongAgo(tenant, 20);
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    const statedFinish = new Date(clockOnAt.getTime() + 9 * HOUR);
    expect((await punchAtKiosk(h.runtime, ada.id, 'clockOff', {}, undefined, { statedFinishUtc: statedFinish, suggestedBy: 'typed' })).ok).toBe(true);
    await h.runtime.syncNow({ force: true });
    const first = await correctionsOf(ada.id);
    expect(first).toHaveLength(1);

    const sent = first[0]!;
    await h.db.outbox.add(
      OutboxRecord.parse({
        id: randomUUID(),
        op: 'shiftCorrection',
        employeeId: ada.id,
        body: {
          employeeId: ada.id,
          punchKey: sent.punchKey,
          clockOffRecordedTimeUtc: sent.clockOffUtc.toISOString(),
          statedFinishUtc: new Date(statedFinish.getTime() + HOUR).toISOString(),
          suggestedBy: 'typed',
        },
        createdAt: new Date().toISOString(),
        nextAttemptAt: 0,
        attempts: [],
      }),
    );
    await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.attention.count()).toBe(0);
    const after = await correctionsOf(ada.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.statedFinishUtc.getTime()).toBe(statedFinish.getTime());
  });
});
