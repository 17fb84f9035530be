/**
 * What the tablet knows of a person's recent hours, for the receipts: a short journal of the
 * punches recorded on this tablet (kept 15 days, at most 200 per person) and the service's shifts
 * for the person since the start of last week, fetched in the background when the person signs
 * in. Both live in the `meta` table (no schema change); neither is data of record, only what a
 * receipt shows, so a lost write costs a less complete receipt and never a punch. The hours
 * themselves are computed by src/domain/workedHours.ts. A clock-on's entry also keeps what was
 * chosen (location, work type, classification, dimension values): the person's last choice at
 * this kiosk, which the next clock-on starts from (domain clockOnPreselection.ts).
 */
import * as z from 'zod/mini';
import { PUNCH_KINDS, type PunchKind } from '../domain/attendance';
import { localWeekStart, replayPunches, spansFromShifts, type RecordedPunch, type WorkSpan } from '../domain/workedHours';
import type { KioskClock } from './clock';
import type { KioskDb } from './db';
import type { Reachability } from './reachability';
import type { ApiClient, KioskRef } from '../client';
import { isoInstant as instant, readRecord } from './records';

export const JOURNAL_KEEP_MS = 15 * 86_400_000;
export const JOURNAL_MAX_ENTRIES = 200;
/** A copy of the service's shifts older than this is fetched again at the next sign-in. */
export const HISTORY_FRESH_MS = 60_000;
/** The background fetch of the service's shifts gives up after this long. */
export const HISTORY_FETCH_TIMEOUT_MS = 5_000;
const DAY_MS = 86_400_000;

const Choice = z.object({
  locationId: z.nullable(z.int()),
  workTypeId: z.nullable(z.int()),
  classificationId: z.nullable(z.int()),
  dimensionValueIds: z.array(z.int()),
});
export type LastChoice = z.infer<typeof Choice>;

const JournalEntry = z.object({
  kind: z.enum(PUNCH_KINDS),
  at: instant,
  isPaidBreak: z.optional(z.boolean()),
  shiftStart: z.optional(z.nullable(instant)),
  choice: z.optional(Choice),
});
const Journal = z.array(JournalEntry);

const History = z.object({
  fetchedAt: instant,
  shifts: z.array(
    z.object({
      startTimeUtc: instant,
      endTimeUtc: z.nullable(instant),
      breaks: z.optional(z.nullable(z.array(z.object({ startTimeUtc: instant, endTimeUtc: z.nullable(instant), isPaidBreak: z.boolean() })))),
    }),
  ),
});
type History = z.infer<typeof History>;

const journalKey = (employeeId: number) => `workJournal:${employeeId}`;
const historyKey = (employeeId: number) => `workHistory:${employeeId}`;

/** Adds a punch recorded here to the person's journal (and drops entries past the keep window). */
export async function journalPunch(
  db: KioskDb,
  employeeId: number,
  punch: { kind: PunchKind; at: Date; isPaidBreak?: boolean; shiftStart: string | null; choice?: LastChoice },
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const kept = readRecord(Journal, (await db.meta.get(journalKey(employeeId)))?.value) ?? [];
    const since = punch.at.getTime() - JOURNAL_KEEP_MS;
    const entry = {
      kind: punch.kind,
      at: punch.at.toISOString(),
      shiftStart: punch.shiftStart,
      ...(punch.isPaidBreak ? { isPaidBreak: true } : {}),
      ...(punch.choice ? { choice: punch.choice } : {}),
    };
    const next = [...kept.filter((e) => Date.parse(e.at) >= since), entry].slice(-JOURNAL_MAX_ENTRIES);
    await db.meta.put({ key: journalKey(employeeId), value: next });
  });
}

/** Takes a punch back out of the person's journal (an undone clock-off): the entry of that kind at that instant. */
export async function unjournalPunch(db: KioskDb, employeeId: number, punch: { kind: PunchKind; at: Date }): Promise<void> {
  const kept = readRecord(Journal, (await db.meta.get(journalKey(employeeId)))?.value);
  if (!kept) return;
  const at = punch.at.toISOString();
  await db.meta.put({ key: journalKey(employeeId), value: kept.filter((e) => !(e.kind === punch.kind && e.at === at)) });
}

/**
 * Fetches the person's shifts since the start of last week (in the kiosk's zone) and keeps them.
 * Skipped while the service is unreachable or the kept copy is fresh; failures are swallowed (the
 * receipt then works from the journal).
 */
/** What the fetch needs of the kiosk runtime (not the runtime's module: the service worker reads this file). */
type HistoryFetcher = { db: KioskDb; clock: KioskClock; reachability: Reachability; client: ApiClient; kiosk: KioskRef };

/** Fetches under way, per tablet store and person: the actions screen and the receipt both ask. */
const fetching = new WeakMap<KioskDb, Map<number, Promise<void>>>();

export function refreshWorkHistory(rt: HistoryFetcher, employeeId: number, zone: string): Promise<void> {
  const running = fetching.get(rt.db) ?? new Map<number, Promise<void>>();
  fetching.set(rt.db, running);
  const already = running.get(employeeId);
  if (already) return already;
  const fetch = fetchWorkHistory(rt, employeeId, zone).finally(() => running.delete(employeeId));
  running.set(employeeId, fetch);
  return fetch;
}

async function fetchWorkHistory(rt: HistoryFetcher, employeeId: number, zone: string): Promise<void> {
  if (rt.reachability.unreachable()) return;
  const now = rt.clock.now();
  const kept = readRecord(History, (await rt.db.meta.get(historyKey(employeeId)))?.value);
  if (kept && now.getTime() - Date.parse(kept.fetchedAt) < HISTORY_FRESH_MS) return;
  try {
    const from = new Date(localWeekStart(now, zone).getTime() - 7 * DAY_MS);
    // Bounded: on a network that hangs, this background fetch must not hold a connection for long.
    const shifts = await rt.client.shifts.search(rt.kiosk.businessId, { employeeId, fromDateUtc: from.toISOString() }, { signal: AbortSignal.timeout(HISTORY_FETCH_TIMEOUT_MS) });
    const value: History = {
      fetchedAt: now.toISOString(),
      shifts: shifts.map((s) => ({ startTimeUtc: s.startTimeUtc, endTimeUtc: s.endTimeUtc, breaks: s.breaks })),
    };
    await rt.db.meta.put({ key: historyKey(employeeId), value: History.parse(value) });
  } catch {
    // Best effort: the receipt falls back to what this tablet recorded.
  }
}

/** The person's spans as well as the tablet knows them, and whether the service's shifts were in it. */
export async function readWorkSpans(db: KioskDb, employeeId: number): Promise<{ spans: WorkSpan[]; withService: boolean }> {
  const [journalRow, historyRow] = await db.meta.bulkGet([journalKey(employeeId), historyKey(employeeId)]);
  const journal = readRecord(Journal, journalRow?.value) ?? [];
  const history = readRecord(History, historyRow?.value);
  const punches: RecordedPunch[] = journal.map((e) => ({
    kind: e.kind,
    at: new Date(e.at),
    ...(e.isPaidBreak ? { isPaidBreak: true } : {}),
    shiftStart: e.shiftStart ? new Date(e.shiftStart) : null,
  }));
  return { spans: replayPunches(history ? spansFromShifts(history.shifts) : [], punches), withService: history !== null };
}

/** What the person chose at their last clock-on on this tablet (kept 15 days), or null. */
export async function readLastChoice(db: KioskDb, employeeId: number): Promise<LastChoice | null> {
  const journal = readRecord(Journal, (await db.meta.get(journalKey(employeeId)))?.value) ?? [];
  return [...journal].reverse().find((e) => e.kind === 'clockOn' && e.choice !== undefined)?.choice ?? null;
}

/**
 * The location the shift begun at `shiftStart` was clocked on to here (its clock-on's choice), so
 * it is warned about and its clock-off asked under that location's rules. A clock-on recorded here
 * that named no location is at `kioskLocationId` (the kiosk's own, which the service gives it);
 * null when this tablet did not record that clock-on (it was made at another kiosk), or it named
 * none and the kiosk has none.
 */
export async function readShiftLocation(db: KioskDb, employeeId: number, shiftStart: Date, kioskLocationId: number | null = null): Promise<number | null> {
  const journal = readRecord(Journal, (await db.meta.get(journalKey(employeeId)))?.value) ?? [];
  const clockOn = journal.find((e) => e.kind === 'clockOn' && Date.parse(e.at) === shiftStart.getTime());
  return clockOn ? (clockOn.choice?.locationId ?? kioskLocationId) : null;
}

/** Forgets everything kept here about people's hours (unenrolment). */
export async function forgetWorkHistory(db: KioskDb): Promise<void> {
  await db.meta.where('key').startsWith('workJournal:').delete();
  await db.meta.where('key').startsWith('workHistory:').delete();
}
