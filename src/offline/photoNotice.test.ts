/**
 * The photo notice's acknowledgement against the real service: kept on the tablet at once and
 * queued like a punch; offline it waits with the person's punch and arrives once, before it,
 * despite lost answers; another tablet then does not ask; an exempt person is never asked; and an
 * acknowledgement the service refuses moves aside while the punch behind it is delivered.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoNoticeAcknowledgements, punches } from '../server/db/schema';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { acknowledgePhotoNoticeAtKiosk, punchAtKiosk } from './kioskOperations';
import { acknowledgedHere, mustReadPhotoNotice, recordPhotoNoticeAcknowledgement } from './photoNotice';
import { readKioskPolicy } from './refreshKioskData';
import { OutboxRecord } from './records';
import { createOfflineHarness, type OfflineHarness, deliverLosingFirstAnswers } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/** A tiny valid JPEG (the magic number and an end marker). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x01, 0xff, 0xd9]).toString('base64');

async function mustRead(h: OfflineHarness, employeeId: number): Promise<boolean> {
  return mustReadPhotoNotice(await readKioskPolicy(h.db), await acknowledgedHere(h.db), employeeId);
}

describe('the photo notice on the tablet', () => {
  it('offline: the acknowledgement is kept here at once, then reaches the service once, before the punch, and another tablet does not ask', async () => {
    const tenant = await createTenant(t, { employees: 2, kiosk: { isPhotoRequired: true } });
    const ada = tenant.employees[0]!;
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    expect(await mustRead(h, ada.id)).toBe(true);

    h.setFaults(() => 'down');
    await acknowledgePhotoNoticeAtKiosk(h.runtime, ada.id);
    expect(await mustRead(h, ada.id)).toBe(false);
    expect((await punchAtKiosk(h.runtime, ada.id, 'clockOn', { image: JPEG })).ok).toBe(true);
    const queued = (await h.db.outbox.orderBy('seq').toArray()).map((row) => OutboxRecord.parse(row));
    expect(queued.map((e) => e.op)).toEqual(['photoNoticeAck', 'clockOn']);
    expect(queued[0]!.body).toEqual({ employeeId: ada.id, acknowledgedUtc: queued[0]!.createdAt });
    await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(2);

    // Back online, each POST's first answer is lost after the service did the work.
    const order = await deliverLosingFirstAnswers(h);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.attention.count()).toBe(0);
    expect(order.indexOf('photonoticeacknowledgements')).toBeLessThan(order.indexOf('clockon'));

    const kept = await t.db.select().from(photoNoticeAcknowledgements).where(eq(photoNoticeAcknowledgements.employeeId, ada.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.acknowledgedUtc.toISOString()).toBe(queued[0]!.createdAt);
    expect(kept[0]!.kioskId).toBe(tenant.kioskId);
    expect(await t.db.select().from(punches).where(eq(punches.employeeId, ada.id))).toHaveLength(1);

    // A second tablet learns it with its policy; the other person is still asked there.
    const other = await createOfflineHarness(t, tenant);
    expect(await other.runtime.refresh()).toBe(true);
    expect(await mustRead(other, ada.id)).toBe(false);
    expect(await mustRead(other, tenant.employees[1]!.id)).toBe(true);
  });

  it('never asks a person exempt from photos', async () => {
    const tenant = await createTenant(t, { kiosk: { isPhotoRequired: true } });
    const ada = tenant.employees[0]!;
    const set = await t.request('PUT', `${tenant.base}/employee/${ada.id}/photoexemption`, { auth: tenant.manager.auth, json: { exempt: true } });
    expect(set.status, set.text).toBe(200);
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    expect(await mustRead(h, ada.id)).toBe(false);
  });

  it('an acknowledgement the service refuses waits for a manager; the punch behind it is delivered', async () => {
    const tenant = await createTenant(t, { kiosk: { isPhotoRequired: true } });
    const ada = tenant.employees[0]!;
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    // A tablet clock a day ahead: the service refuses the time, not the punch's photo.
    await recordPhotoNoticeAcknowledgement(h.db, ada.id, new Date(t.clock.now().getTime() + 86_400_000));
    expect((await punchAtKiosk(h.runtime, ada.id, 'clockOn', { image: JPEG })).ok).toBe(true);
    for (let run = 0; run < 3 && (await h.db.outbox.count()) > 0; run += 1) await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    const attention = await h.db.attention.toArray();
    expect(attention.map((e) => [e.op, e.status])).toEqual([['photoNoticeAck', 400]]);
    expect(await t.db.select().from(punches).where(eq(punches.employeeId, ada.id))).toHaveLength(1);
    // This tablet does not ask again meanwhile.
    expect(await mustRead(h, ada.id)).toBe(false);
  });
});
