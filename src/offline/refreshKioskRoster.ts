/**
 * Fetches the roster this tablet keeps (kioskRoster.ts) from the project-extension route
 * `GET B/kiosk/{kioskId}/roster` (KioskRosterModel: the effective matching windows, whether
 * people pick their shift, the published shifts of the kiosk's staff) for yesterday to a week
 * ahead in the kiosk's zone, and keeps it with the times turned into instants. Called with the
 * other kiosk refreshes when online; the answer is parsed here (it is external data), so a shape
 * this version does not know keeps the previous copy.
 */
import * as z from 'zod/mini';
import type { ApiClient, KioskRef } from '../client';
import { getKioskRoster } from '../contract/routes/rosterShifts';
import { parseWireDateTime, toLocalDateTime } from '../domain/time';
import type { KioskDb } from './db';
import { keepRoster, type KeptRoster, type KeptShift } from './kioskRoster';

const DAY_MS = 86_400_000;
/** The days kept: from yesterday (a shift under way since then) to a week ahead. */
export const ROSTER_DAYS_BEFORE = 1;
export const ROSTER_DAYS_AFTER = 7;

/** KioskRosterModel as this tablet reads it (only what matching and the screens need). */
const WireRoster = z.object({
  clockOnWindowMinutes: z.nullable(z.int()),
  clockOffWindowMinutes: z.nullable(z.int()),
  allowEmployeeShiftSelection: z.boolean(),
  shifts: z.array(
    z.object({
      id: z.int(),
      employeeId: z.nullable(z.int()),
      startTime: z.string(),
      endTime: z.string(),
      locationId: z.nullable(z.int()),
      locationName: z.optional(z.nullable(z.string())),
      workTypeId: z.nullable(z.int()),
      workTypeName: z.optional(z.nullable(z.string())),
    }),
  ),
});

/** The wall-clock window asked for, as the route's FromDate/ToDate (local dates in `zone`). */
export function rosterWindow(now: Date, zone: string): { FromDate: string; ToDate: string } {
  const day = (offsetDays: number) => toLocalDateTime(new Date(now.getTime() + offsetDays * DAY_MS), zone).slice(0, 10);
  return { FromDate: `${day(-ROSTER_DAYS_BEFORE)}T00:00:00`, ToDate: `${day(ROSTER_DAYS_AFTER)}T23:59:59` };
}

/** The service's answer as kept: times as instants (read in the business's zone), unreadable shifts left out. */
export function keptRosterFrom(answer: unknown, zone: string, now: Date): KeptRoster | null {
  const parsed = z.safeParse(WireRoster, answer);
  if (!parsed.success) return null;
  const shifts: KeptShift[] = [];
  for (const s of parsed.data.shifts) {
    const start = parseWireDateTime(s.startTime, { zone });
    const end = parseWireDateTime(s.endTime, { zone });
    if (!start || !end) continue;
    shifts.push({
      id: s.id,
      employeeId: s.employeeId,
      startUtc: start.toISOString(),
      endUtc: end.toISOString(),
      locationId: s.locationId,
      locationName: s.locationName ?? null,
      workTypeId: s.workTypeId,
      workTypeName: s.workTypeName ?? null,
    });
  }
  const { clockOnWindowMinutes, clockOffWindowMinutes, allowEmployeeShiftSelection } = parsed.data;
  return { fetchedAt: now.toISOString(), clockOnWindowMinutes, clockOffWindowMinutes, allowEmployeeShiftSelection, shifts };
}

/** Fetches and keeps the kiosk's roster; false when the answer could not be read (the old copy stays). */
export async function refreshKioskRoster(db: KioskDb, client: ApiClient, kiosk: KioskRef, zone: string, now: Date): Promise<boolean> {
  const answer: unknown = await client.call(getKioskRoster, { path: kiosk, query: rosterWindow(now, zone) });
  const roster = keptRosterFrom(answer, zone, now);
  if (!roster) return false;
  await keepRoster(db, roster);
  return true;
}
