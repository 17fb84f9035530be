/**
 * The kiosk's durable store (IndexedDB through Dexie): the device's enrolment, the kiosk's
 * settings and staff with their last known state, lookup data, the outbox of punches waiting to
 * be sent, the entries that need a manager's attention, offline PIN verifiers and lockouts.
 *
 * Records are parsed with zod when read back (see records.ts), so a record written by an older
 * version of the app, or damaged, is repaired or dropped rather than trusted.
 */
import { Dexie, type EntityTable } from 'dexie';
import type {
  AttentionRecord,
  LookupRecord,
  MetaRecord,
  OutboxRecord,
  PinLockoutRecord,
  PinVerifierRecord,
  StaffRecord,
} from './records';

export const DATABASE_NAME = 'kiosk-clock';

export class KioskDb extends Dexie {
  meta!: EntityTable<MetaRecord, 'key'>;
  staff!: EntityTable<StaffRecord, 'employeeId'>;
  lookups!: EntityTable<LookupRecord, 'employeeId'>;
  outbox!: EntityTable<OutboxRecord, 'seq'>;
  attention!: EntityTable<AttentionRecord, 'id'>;
  pinVerifiers!: EntityTable<PinVerifierRecord, 'employeeId'>;
  pinLockouts!: EntityTable<PinLockoutRecord, 'employeeId'>;

  constructor(name = DATABASE_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    // Version 1. A later version adds `.version(2).stores(...).upgrade(...)` and parses old records.
    this.version(1).stores({
      meta: 'key',
      staff: 'employeeId, sortName',
      lookups: 'employeeId',
      outbox: '++seq, &id, employeeId, nextAttemptAt',
      attention: 'id, employeeId, movedAt',
      pinVerifiers: 'employeeId',
      pinLockouts: 'employeeId',
    });
  }
}

/** Opens the kiosk's database (one per origin). */
export function openKioskDb(name = DATABASE_NAME): KioskDb {
  return new KioskDb(name);
}
