/**
 * No silent edits: what a manager did to a person's timesheet line (added, changed, deleted), kept
 * as before and after so the person and the manager can both read it, and the words the kiosk
 * shows ("Tuesday: 09:00-17:00 -> 09:00-16:30"). Pure, shared by the service and the kiosk.
 */
export const LINE_CHANGE_ACTIONS = ['Added', 'Changed', 'Deleted'] as const;
export type LineChangeAction = (typeof LINE_CHANGE_ACTIONS)[number];

/** A line as the person reads it: times as instants with the line's zone, breaks, and units for a units line. */
export interface LineSnapshot {
  startUtc: string | null;
  endUtc: string | null;
  ianaTimeZone: string;
  units: string | null;
  breaks: { startUtc: string; endUtc: string | null; isPaidBreak: boolean }[];
}

/** Whether two snapshots differ in anything the person reads (times, breaks, units). */
export function snapshotsDiffer(before: LineSnapshot, after: LineSnapshot): boolean {
  return JSON.stringify(readable(before)) !== JSON.stringify(readable(after));
}

const readable = (s: LineSnapshot) => ({
  start: s.startUtc === null ? null : Date.parse(s.startUtc),
  end: s.endUtc === null ? null : Date.parse(s.endUtc),
  units: s.units === null ? null : Number(s.units),
  breaks: s.breaks.map((b) => [Date.parse(b.startUtc), b.endUtc === null ? null : Date.parse(b.endUtc), b.isPaidBreak]),
});
