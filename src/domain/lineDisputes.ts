/**
 * A person's own record at the kiosk: the window of "My hours" (this week and last week, in the
 * kiosk's zone) and the rules of a dispute, a short note saying a line is wrong. Shared by the
 * service (which stores and checks) and the kiosk (which queues a dispute offline and shows what
 * it last had), so both read the same week and refuse the same notes.
 */
import { localToUtc, toLocalDateTime } from './time';
import { localWeekStart } from './workedHours';

export const DISPUTE_STATUSES = ['Open', 'Resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A dispute says what is wrong in a sentence or two; a manager's reply likewise. */
export const MAX_DISPUTE_NOTE_LENGTH = 500;

/** Why a dispute note (or a reply) cannot be stored, or null when it is fine. */
export function disputeNoteProblem(text: string): 'empty' | 'too-long' | null {
  const trimmed = text.trim();
  if (!trimmed) return 'empty';
  if (trimmed.length > MAX_DISPUTE_NOTE_LENGTH) return 'too-long';
  return null;
}

/** Weeks shown in "My hours": this week and the one before. */
export const MY_HOURS_WEEKS = 2;

/**
 * The instants My hours covers at `now` in `zone`: from the start (Monday 00:00 local) of last
 * week to the start of next week. Lines are picked by their start.
 */
export function myHoursWindow(now: Date, zone: string): { fromUtc: Date; toUtc: Date } {
  const thisWeek = localWeekStart(now, zone);
  const wall = new Date(`${toLocalDateTime(thisWeek, zone).slice(0, 10)}T00:00:00Z`);
  const week = 7 * 86_400_000;
  return {
    fromUtc: localToUtc(new Date(wall.getTime() - (MY_HOURS_WEEKS - 1) * week), zone),
    toUtc: localToUtc(new Date(wall.getTime() + week), zone),
  };
}
