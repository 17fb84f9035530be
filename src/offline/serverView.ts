/**
 * Adopting the service's view of an employee on the kiosk: its answer (status, shift, names),
 * with this kiosk's unsent punches replayed on top, so the screen never shows a state the outbox
 * is about to change.
 */
import { OutboxRecord, readRecord, readRecords, StaffRecord } from './records';
import type { KioskRuntime } from './kioskRuntime';
import { staffRecordFrom } from './refreshKioskData';

/** Adopts the service's view of an employee, replaying this kiosk's unsent punches on top. */
export async function adoptServerView(rt: KioskRuntime, model: Parameters<typeof staffRecordFrom>[0]): Promise<StaffRecord> {
  return rt.db.transaction('rw', rt.db.staff, rt.db.outbox, async () => {
    const pending = readRecords(OutboxRecord, await rt.db.outbox.where('employeeId').equals(model.employeeId).sortBy('seq'));
    const previous = readRecord(StaffRecord, await rt.db.staff.get(model.employeeId));
    const record = staffRecordFrom(model, pending, rt.clock.now(), previous);
    await rt.db.staff.put(record);
    return record;
  });
}
