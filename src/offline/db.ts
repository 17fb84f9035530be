/**
 * The kiosk's durable store (IndexedDB through Dexie): the device's enrolment, the kiosk's
 * settings and staff with their last known state, lookup data, the outbox of punches waiting to
 * be sent, the entries that need a manager's attention, offline PIN verifiers and lockouts.
 *
 * Records are parsed with zod when read back (see records.ts), so a record written by an older
 * version of the app, or damaged, is repaired or dropped rather than trusted.
 */
import { Dexie, type EntityTable, type Transaction } from 'dexie';
import * as z from 'zod/mini';
import {
  LookupRecord,
  PinLockoutRecord,
  type AttentionRecord,
  type MetaRecord,
  type OutboxRecord,
  type PinVerifierRecord,
  type StaffRecord,
} from './records';

export const DATABASE_NAME = 'kiosk-clock';

/** The tables and indexes of each schema version (Dexie keeps every version it was told about). */
export const SCHEMA_V1 = {
  meta: 'key',
  staff: 'employeeId, sortName',
  lookups: 'employeeId',
  outbox: '++seq, &id, employeeId, nextAttemptAt',
  attention: 'id, employeeId, movedAt',
  pinVerifiers: 'employeeId',
  pinLockouts: 'employeeId',
};
export const SCHEMA_V2 = { ...SCHEMA_V1, lookups: 'employeeId, refreshedAt' };

/**
 * Rewrites version-1 records into version-2 shape: each is parsed with the current schema (unknown
 * members dropped, defaults filled); one that cannot be read is deleted rather than kept to break
 * later reads. Outbox and attention records are never deleted here: they are kept as they are.
 */
async function upgradeToV2(tx: Transaction): Promise<void> {
  for (const [table, schema] of [
    ['lookups', LookupRecord],
    ['pinLockouts', PinLockoutRecord],
  ] as const) {
    await tx
      .table(table)
      .toCollection()
      .modify((row: unknown, ref: { value: unknown }) => {
        const parsed = z.safeParse(schema, row);
        if (parsed.success) ref.value = parsed.data;
        else delete (ref as { value?: unknown }).value;
      });
  }
}

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
    this.version(1).stores(SCHEMA_V1);
    // Version 2: lookup data is refreshed in the background when stale (index on refreshedAt), and
    // offline PIN failures travel through the outbox instead of a list on the lockout record.
    this.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2);
  }
}

/** Opens the kiosk's database (one per origin). */
export function openKioskDb(name = DATABASE_NAME): KioskDb {
  return new KioskDb(name);
}
