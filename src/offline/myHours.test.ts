/**
 * My hours on the tablet against the real service: the person's record fetched and kept, shown
 * from the kept copy offline (saying so); a dispute queued offline, shown at once, delivered once
 * back online despite a lost answer; the manager's reply and change laid before the person, and
 * their "read it" answers queued and delivered.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineChanges, lineDisputes } from '../server/db/schema';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { changeAcknowledgedAtKiosk, disputeAtKiosk, loadMyHours, replySeenAtKiosk, waitingForPerson } from './myHours';
import { createOfflineHarness } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-11-28T10:00:00Z');
});
afterAll(() => t.close());

describe('my hours at the tablet', () => {
  it('keeps the record for offline, queues a dispute and the answers to what the manager did, and delivers each once', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const ada = tenant.employees[0]!.id;
    const manager = tenant.manager.auth;
    const added = await t.request('POST', `${tenant.base}/timesheet`, { auth: manager, json: { employeeId: ada, startTime: '2026-11-24T09:00:00', endTime: '2026-11-24T17:00:00' } });
    expect(added.status, added.text).toBe(200);
    const lineId = (added.body as { id: number }).id;
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);

    const online = await loadMyHours(h.runtime, ada);
    expect(online.fromCache).toBe(false);
    expect(online.hours?.lines.map((l) => l.id)).toEqual([lineId]);
    // The manager's add is a change for Ada to read.
    expect(waitingForPerson(online)).toEqual({ replies: 0, changes: 1 });

    h.setFaults(() => 'down');
    const offline = await loadMyHours(h.runtime, ada);
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: online.fetchedAt });
    expect(offline.hours?.lines.map((l) => l.id)).toEqual([lineId]);
    expect(await disputeAtKiosk(h.runtime, ada, { timesheetLineId: lineId, lineChangeId: null }, '   ')).toEqual({ ok: false, code: 'invalid-note' });
    expect(await disputeAtKiosk(h.runtime, ada, { timesheetLineId: lineId, lineChangeId: null }, ' I left at 16:30 ')).toEqual({ ok: true });
    const change = online.hours!.changes[0]!;
    await changeAcknowledgedAtKiosk(h.runtime, ada, change.id);
    const queued = await loadMyHours(h.runtime, ada);
    expect(queued.queuedDisputes).toMatchObject([{ timesheetLineId: lineId, note: 'I left at 16:30' }]);
    expect(waitingForPerson(queued)).toEqual({ replies: 0, changes: 0 });

    // Back online, the first answer of every POST is lost after the service did the work.
    const answered = new Set<string>();
    h.setFaults((request) => {
      if (request.method !== 'POST') return null;
      const path = new URL(request.url).pathname;
      if (answered.has(path)) return null;
      answered.add(path);
      return 'dropResponse';
    });
    for (let run = 0; run < 6 && (await h.db.outbox.count()) > 0; run += 1) await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.attention.count()).toBe(0);
    const stored = await t.db.select().from(lineDisputes).where(eq(lineDisputes.employeeId, ada));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'Open', note: 'I left at 16:30', timesheetLineId: lineId });
    const [acknowledged] = await t.db.select().from(lineChanges).where(eq(lineChanges.id, change.id));
    expect(acknowledged?.acknowledgedUtc).not.toBeNull();

    // The manager replies; at Ada's next sign-in the reply waits for her until she reads it.
    h.setFaults(null);
    const resolved = await t.request('POST', `${tenant.base}/linedisputes/${stored[0]!.id}/resolve`, { auth: manager, json: { reply: 'Fixed: 16:30.' } });
    expect(resolved.status, resolved.text).toBe(200);
    const next = await loadMyHours(h.runtime, ada);
    expect(waitingForPerson(next)).toEqual({ replies: 1, changes: 0 });
    await replySeenAtKiosk(h.runtime, ada, stored[0]!.id);
    expect(waitingForPerson(await loadMyHours(h.runtime, ada))).toEqual({ replies: 0, changes: 0 });
    for (let run = 0; run < 3 && (await h.db.outbox.count()) > 0; run += 1) await h.runtime.syncNow({ force: true });
    const [seen] = await t.db.select().from(lineDisputes).where(eq(lineDisputes.id, stored[0]!.id));
    expect(seen?.replySeenUtc).not.toBeNull();
  });
});
