/**
 * No silent edits: what a manager did to a person's timesheet line (added, changed, deleted), kept
 * as before and after so the person and the manager can both read it, and the words the kiosk
 * shows ("Tuesday: 09:00-17:00 -> 09:00-16:30"), and which parts of the line a change touched, so
 * a change to the breaks alone says so instead of "09:00-17:00 -> 09:00-17:00". Pure, shared by
 * the service and the kiosk.
 */
import { parseWireDateTime } from './time';

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

/**
 * A snapshot as the person's screens receive it (the contract's LineSnapshotModel): the span as
 * instants, each break as wall-clock times in the line's zone.
 */
export interface ReadSnapshot {
  startUtc: string | null;
  endUtc: string | null;
  ianaTimeZone: string;
  units: number | null;
  breaks: ReadonlyArray<{ startLocal: string; endLocal: string | null; isPaidBreak: boolean }>;
}

/** What a change altered: the span (times, or a units line's units) and the breaks. */
export interface ChangedParts {
  span: boolean;
  breaks: boolean;
}

const instantOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Which parts differ between the line before and after (a side that is missing differs in everything it has). */
export function changedParts(before: ReadSnapshot | null, after: ReadSnapshot | null): ChangedParts {
  if (!before || !after) return { span: true, breaks: (before ?? after)?.breaks.length !== 0 };
  const span = instantOf(before.startUtc) !== instantOf(after.startUtc) || instantOf(before.endUtc) !== instantOf(after.endUtc) || before.units !== after.units;
  const breakKey = (s: ReadSnapshot) => JSON.stringify(s.breaks.map((b) => [b.startLocal, b.endLocal, b.isPaidBreak]));
  return { span, breaks: breakKey(before) !== breakKey(after) };
}

/**
 * The real minutes of the line's finished breaks (their wall times read in the line's zone, so a
 * break across a clock change counts what it lasted); a break still running counts nothing.
 */
export function breakMinutes(snapshot: ReadSnapshot): number {
  let ms = 0;
  for (const b of snapshot.breaks) {
    if (b.endLocal === null) continue;
    const start = parseWireDateTime(b.startLocal, { zone: snapshot.ianaTimeZone });
    const end = parseWireDateTime(b.endLocal, { zone: snapshot.ianaTimeZone });
    if (start && end && end.getTime() > start.getTime()) ms += end.getTime() - start.getTime();
  }
  return Math.round(ms / 60_000);
}
