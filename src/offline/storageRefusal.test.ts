/**
 * A tablet whose own storage refuses a punch (full, or broken) says so and records nothing: the
 * queued write is one transaction, so the person's state on the tablet is untouched, nothing waits
 * in the outbox, and the service never hears of it. Trying again once storage works records the
 * punch once. The failure is made where it happens in the field, in IndexedDB's own `add`.
 */
import { eq } from 'drizzle-orm';
import { IDBObjectStore } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { punches } from '../server/db/schema';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { punchAtKiosk } from './kioskOperations';
import { readRecord, StaffRecord } from './records';
import { syncOutbox } from './syncOutbox';
import { createOfflineHarness } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** From now on the outbox's store throws as a full disk makes IndexedDB throw. */
function outboxStorageFull(): void {
  // The store's own add, read from the prototype so the spy can hand every other store to it.
  const add = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'add')?.value as IDBObjectStore['add'];
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
    if (this.name === 'outbox') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return add.apply(this, args);
  });
}

describe('a punch the tablet cannot store', () => {
  it('is refused with storage-failed, leaves nothing behind, and goes through once storage works again', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const ada = tenant.employees[0]!;
    const status = async () => readRecord(StaffRecord, await h.db.staff.get(ada.id))?.local.status;
    expect(await status()).toBe('NotClockedOn');

    outboxStorageFull();
    const refused = await punchAtKiosk(h.runtime, ada.id, 'clockOn');
    expect(refused).toEqual({ ok: false, code: 'storage-failed' });
    expect(await h.db.outbox.count(), 'nothing queued').toBe(0);
    expect(await status(), 'the tablet still has her not clocked on').toBe('NotClockedOn');

    vi.restoreAllMocks();
    const again = await punchAtKiosk(h.runtime, ada.id, 'clockOn');
    expect(again.ok).toBe(true);
    await syncOutbox({ db: h.db, transport: h.transport, now: () => Date.now() });
    const stored = await t.db.select().from(punches).where(eq(punches.employeeId, ada.id));
    expect(stored.map((p) => p.kind)).toEqual(['clockOn']);
  });
});
