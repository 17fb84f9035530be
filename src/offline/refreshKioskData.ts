/**
 * Refreshes what the kiosk keeps for working offline: its settings, its staff with the service's
 * view of their status (replaying this device's unsent punches on top), and an employee's lookup
 * data. Called when online; everything read back is parsed.
 */
import { z } from 'zod';
import * as m from '../contract/generated/models';
import type { ApiClient, KioskRef } from '../client';
import { KioskPolicyModel } from '../contract/supporting/devices';
import { DEFAULT_LOCKOUT_POLICY, lockoutPolicy, type LockoutPolicy } from '../domain/pinPolicy';
import type { KioskDb } from './db';
import { KIOSK_SETTINGS_KEY } from './kioskHeading';
import { POLICY_KEY } from './kioskBreakRules';
import { fromServerModel, rebase } from './localState';
import { LookupRecord, OutboxRecord, readRecord, readRecords, StaffRecord } from './records';

/** The service's settings this kiosk applies itself; null until the first refresh brought them. */
export async function readKioskPolicy(db: KioskDb): Promise<KioskPolicyModel | null> {
  return readRecord(KioskPolicyModel, (await db.meta.get(POLICY_KEY))?.value);
}

/** Reads the kiosk policy from the service (the device's own identity) and keeps it. */
export async function refreshKioskPolicy(db: KioskDb, client: ApiClient): Promise<KioskPolicyModel> {
  const { policy } = await client.device.whoAmI();
  await db.meta.put({ key: POLICY_KEY, value: policy });
  return policy;
}

/** The lockout the kiosk applies offline: the service's, or the domain default before the first refresh. */
export async function readLockoutPolicy(db: KioskDb): Promise<LockoutPolicy> {
  const policy = await readKioskPolicy(db);
  return policy ? lockoutPolicy(policy.pinMaxAttempts, policy.pinLockoutMinutes) : DEFAULT_LOCKOUT_POLICY;
}

export async function readKioskSettings(db: KioskDb): Promise<m.TimeAndAttendanceKioskModel | null> {
  return readRecord(m.TimeAndAttendanceKioskModel, (await db.meta.get(KIOSK_SETTINGS_KEY))?.value);
}

export async function refreshKioskSettings(db: KioskDb, client: ApiClient, kiosk: KioskRef): Promise<m.TimeAndAttendanceKioskModel> {
  const settings = await client.kiosks.get(kiosk.businessId, kiosk.kioskId);
  await db.meta.put({ key: KIOSK_SETTINGS_KEY, value: settings });
  return settings;
}

export function sortNameOf(firstName: string | null, surname: string | null): string {
  return `${firstName ?? ''} ${surname ?? ''}`.trim().toLocaleLowerCase();
}

/** Builds a staff record from the service's model, keeping this device's pending punches on top. */
export function staffRecordFrom(model: m.BasicKioskEmployeeModel, pending: readonly OutboxRecord[], now: Date, previous?: StaffRecord | null): StaffRecord {
  const server = fromServerModel(model);
  return {
    employeeId: model.employeeId,
    firstName: model.firstName ?? '',
    surname: model.surname ?? '',
    name: model.name ?? `${model.firstName ?? ''} ${model.surname ?? ''}`.trim(),
    sortName: sortNameOf(model.firstName, model.surname),
    profileImageUrl: model.profileImageUrl,
    hasEmail: model.hasEmail,
    hasMobile: Boolean(model.mobileNumber),
    server,
    local: rebase(server, pending),
    pinExpired: 'pinExpired' in model && typeof model.pinExpired === 'boolean' ? model.pinExpired : (previous?.pinExpired ?? false),
    refreshedAt: now.toISOString(),
  };
}

/**
 * Replaces the kiosk's staff with the service's list. Someone no longer on the list is dropped,
 * with their offline PIN verifier, unless punches of theirs are still waiting to be sent.
 */
export async function refreshStaff(db: KioskDb, client: ApiClient, kiosk: KioskRef, now: Date): Promise<number> {
  const list = await client.staff.list(kiosk);
  await db.transaction('rw', db.staff, db.outbox, db.pinVerifiers, async () => {
    const pending = readRecords(OutboxRecord, await db.outbox.orderBy('seq').toArray());
    const previous = new Map(readRecords(StaffRecord, await db.staff.toArray()).map((s) => [s.employeeId, s]));
    const listed = new Set(list.map((e) => e.employeeId));
    for (const model of list) {
      const own = pending.filter((e) => e.employeeId === model.employeeId);
      await db.staff.put(staffRecordFrom(model, own, now, previous.get(model.employeeId)));
    }
    for (const employeeId of previous.keys()) {
      if (listed.has(employeeId) || pending.some((e) => e.employeeId === employeeId)) continue;
      await db.staff.delete(employeeId);
      await db.pinVerifiers.delete(employeeId);
    }
  });
  return list.length;
}

/**
 * The pick-lists as a kiosk keeps them: the UK model, plus the award classifications an AU
 * business's lookupdata adds (Au.AuTimeAndAttendanceLookupDataModel); absent elsewhere.
 */
export const KioskLookupData = m.UkTimeAndAttendanceLookupDataModel.extend({
  classifications: z.array(m.ClassificationLookupModel).nullable().optional(),
});
export type KioskLookupData = z.infer<typeof KioskLookupData>;

/** Fetches and keeps one employee's clock-on pick-lists. */
export async function refreshLookup(db: KioskDb, client: ApiClient, kiosk: KioskRef, employeeId: number, now: Date): Promise<KioskLookupData> {
  const data = KioskLookupData.parse(await client.lookupData.get(kiosk, employeeId));
  const record: LookupRecord = { employeeId, data, refreshedAt: now.toISOString() };
  await db.lookups.put(record);
  return data;
}

export const LOOKUP_MAX_AGE_MS = 30 * 60_000;

/** The kept pick-lists of one employee, and whether they were refreshed within `maxAgeMs`; null when none are kept. */
export async function readKeptLookup(
  db: KioskDb,
  employeeId: number,
  now: Date,
  maxAgeMs = LOOKUP_MAX_AGE_MS,
): Promise<{ data: KioskLookupData; fresh: boolean } | null> {
  const row = readRecord(LookupRecord, await db.lookups.get(employeeId));
  const data = readRecord(KioskLookupData, row?.data);
  if (!row || !data) return null;
  return { data, fresh: now.getTime() - Date.parse(row.refreshedAt) <= maxAgeMs };
}

export const LOOKUPS_PER_REFRESH = 8;

/**
 * Refreshes the clock-on pick-lists that are missing or older than `maxAgeMs`, a few per call, so
 * they are on the kiosk before the network goes away without a burst of requests.
 */
export async function refreshStaleLookups(db: KioskDb, client: ApiClient, kiosk: KioskRef, now: Date, limit = LOOKUPS_PER_REFRESH, maxAgeMs = LOOKUP_MAX_AGE_MS): Promise<number> {
  const staffIds = (await db.staff.toCollection().primaryKeys()).map(Number);
  const fresh = new Set((await db.lookups.where('refreshedAt').aboveOrEqual(new Date(now.getTime() - maxAgeMs).toISOString()).primaryKeys()).map(Number));
  const due = staffIds.filter((id) => !fresh.has(id)).slice(0, limit);
  for (const employeeId of due) await refreshLookup(db, client, kiosk, employeeId, now);
  return due.length;
}
