/**
 * Answers given at clock-off travel with the clock-off in the outbox, against the real service:
 * queued in the same transaction as an `attestation` entry naming the clock-off by its
 * Idempotency-Key; offline both wait; back online the answers arrive after the clock-off, once,
 * despite lost answers; an undone clock-off takes its answers with it; a stored entry with answers
 * the service refuses waits under needs attention with the service's words, losing nothing else;
 * an answer to the business's own wording, queued offline while a manager wrote a newer version,
 * is accepted under the version asked and read back in its words.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftAttestations } from '../server/db/schema';
import { createTenant, enrolDeviceAuth } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { randomUUID } from 'node:crypto';
import { readKioskPolicy } from './refreshKioskData';
import { punchAtKiosk, releasePunchAtKiosk, undoPunchAtKiosk } from './kioskOperations';
import { AttentionRecord, OutboxRecord } from './records';
import { createOfflineHarness, deliverLosingFirstAnswers } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const MISSED = [{ question: 'MealBreak', version: 1, answer: 'NotAble' }] as const;

/** Ada clocked on 6 hours ago at another tablet of the kiosk; this tablet knows it. */
async function onShift() {
  const tenant = await createTenant(t, { employees: 2 });
  const ada = tenant.employees[0]!;
  const device = await enrolDeviceAuth(t, tenant);
  const on = await t.request('POST', `${tenant.kiosk}/clockon`, {
    auth: device,
    json: { employeeId: ada.id, recordedTimeUtc: new Date(t.clock.now().getTime() - 6 * HOUR).toISOString() },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(on.status, on.text).toBe(200);
  const h = await createOfflineHarness(t, tenant);
  expect(await h.runtime.refresh()).toBe(true);
  return { tenant, ada, h };
}

const attestationsOf = (employeeId: number) => t.db.select().from(shiftAttestations).where(eq(shiftAttestations.employeeId, employeeId));

describe('answers given at clock-off', () => {
  it('offline: wait with their clock-off and arrive once, after it, despite lost answers', async () => {
    const { ada, h } = await onShift();
    h.setFaults(() => 'down');
    const punched = await punchAtKiosk(h.runtime, ada.id, 'clockOff', {}, undefined, undefined, MISSED);
    expect(punched.ok).toBe(true);
    const queued = (await h.db.outbox.orderBy('seq').toArray()).map((row) => OutboxRecord.parse(row));
    expect(queued.map((e) => e.op)).toEqual(['clockOff', 'attestation']);
    expect(queued[1]!.body).toEqual({ employeeId: ada.id, punchKey: queued[0]!.id, clockOffRecordedTimeUtc: queued[0]!.body.recordedTimeUtc, answers: MISSED });
    if (punched.ok) await releasePunchAtKiosk(h.runtime, punched.receipt.entryId);

    const order = await deliverLosingFirstAnswers(h);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.attention.count()).toBe(0);
    expect(order.indexOf('clockoff')).toBeLessThan(order.indexOf('attestations'));
    const kept = await attestationsOf(ada.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ punchKey: queued[0]!.id, reportsMissedBreak: true, answers: MISSED });
    expect(kept[0]!.shiftId).not.toBeNull();
    expect(kept[0]!.timesheetLineId).not.toBeNull();
  });

  it('an undone clock-off takes its answers with it', async () => {
    const { ada, h } = await onShift();
    const punched = await punchAtKiosk(h.runtime, ada.id, 'clockOff', {}, undefined, undefined, MISSED);
    if (!punched.ok) throw new Error('not punched');
    expect(await h.db.outbox.count()).toBe(2);
    expect(await undoPunchAtKiosk(h.runtime, punched.receipt.entryId)).toBe('undone');
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a stored entry with answers the service refuses waits under needs attention with its words; the clock-off is kept', async () => {
    const { ada, h } = await onShift();
    h.setFaults(() => 'down');
    const punched = await punchAtKiosk(h.runtime, ada.id, 'clockOff', {}, undefined, undefined, MISSED);
    if (!punched.ok) throw new Error('not punched');
    await releasePunchAtKiosk(h.runtime, punched.receipt.entryId);
    // The stored answers damaged (an older app's wording version the service does not know).
    await h.db.outbox.filter((entry) => entry.op === 'attestation').modify((entry: { body: Record<string, unknown> }) => {
      entry.body.answers = [{ question: 'MealBreak', version: 7, answer: 'Yes' }];
    });
    h.setFaults(() => null);
    for (let run = 0; run < 3 && (await h.db.outbox.count()) > 0; run += 1) await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    const attention = (await h.db.attention.toArray()).map((row) => AttentionRecord.parse(row));
    expect(attention.map((a) => a.op)).toEqual(['attestation']);
    expect(attention[0]!.message).toMatch(/no version 7/);
    expect(await attestationsOf(ada.id)).toEqual([]);
    expect((await h.db.staff.get(ada.id))?.server.status).toBe('ClockedOff');
  });

  it("an answer to the business's own wording, queued offline while a manager writes a newer one, is kept under the version asked", async () => {
    const { tenant, ada, h } = await onShift();
    const wording = (text: string) => ({
      question: 'MealBreak',
      text,
      answers: [
        { answer: 'Yes', text: 'Yes, I had lunch' },
        { answer: 'NotAble', text: 'No, too busy' },
        { answer: 'ChoseToSkip', text: 'No, my choice' },
      ],
    });
    const write = (text: string) => t.request('POST', `${tenant.base}/attestationwording`, { auth: tenant.manager.auth, json: wording(text) });
    expect((await write('Lunch taken?')).status).toBe(200);
    expect(await h.runtime.refresh()).toBe(true);
    const policy = await readKioskPolicy(h.db);
    expect(policy?.attestationWording.map((w) => [w.version, w.text])).toEqual([[2, 'Lunch taken?']]);

    h.setFaults(() => 'down');
    const answers = [{ question: 'MealBreak', version: 2, answer: 'NotAble' }] as const;
    const punched = await punchAtKiosk(h.runtime, ada.id, 'clockOff', {}, undefined, undefined, answers);
    if (!punched.ok) throw new Error('not punched');
    await releasePunchAtKiosk(h.runtime, punched.receipt.entryId);
    expect((await write('Did you take your lunch?')).status).toBe(200);

    h.setFaults(() => null);
    for (let run = 0; run < 3 && (await h.db.outbox.count()) > 0; run += 1) await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.attention.count()).toBe(0);
    const kept = await attestationsOf(ada.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ reportsMissedBreak: true, answers });
    const listed = await t.request('GET', `${tenant.base}/attestations`, { auth: tenant.manager.auth });
    expect((listed.body as { answers: unknown[] }[])[0]?.answers).toEqual([{ ...answers[0], questionText: 'Lunch taken?', answerText: 'No, too busy' }]);
  });
});
