/**
 * A timesheet line as its person reads it, stored with a manager's change (before and after) and
 * with a dispute (the line the person saw), and read back for the kiosk: times as instants with the
 * line's zone, and wall-clock times worked out when read, so every reader shows the same thing.
 */
import { z } from 'zod';
import type { LineSnapshotModel } from '../../../contract/supporting/myHours';
import type { LineSnapshot } from '../../../domain/lineChanges';
import { toLocalDateTime } from '../../../domain/time';
import { StoredBreaks, type TimesheetLineRow } from '../timesheets/timesheetLineShapes';

const StoredSnapshot = z.object({
  startUtc: z.iso.datetime().nullable(),
  endUtc: z.iso.datetime().nullable(),
  ianaTimeZone: z.string(),
  units: z.string().nullable(),
  breaks: StoredBreaks,
});

/** What a line row says, as a snapshot. */
export function snapshotOf(row: TimesheetLineRow): LineSnapshot {
  const breaks = StoredBreaks.safeParse(row.breaks);
  return {
    startUtc: row.startUtc?.toISOString() ?? null,
    endUtc: row.endUtc?.toISOString() ?? null,
    ianaTimeZone: row.ianaTimeZone,
    units: row.units,
    breaks: breaks.success ? breaks.data : [],
  };
}

const local = (iso: string | null, zone: string) => (iso === null ? null : toLocalDateTime(new Date(iso), zone));

/** A stored snapshot in the contract's shape; a damaged one reads as none rather than failing the page. */
export function snapshotModel(stored: unknown): LineSnapshotModel | null {
  if (stored === null || stored === undefined) return null;
  const parsed = StoredSnapshot.safeParse(stored);
  if (!parsed.success) return null;
  const s = parsed.data;
  return {
    startUtc: s.startUtc,
    endUtc: s.endUtc,
    startLocal: local(s.startUtc, s.ianaTimeZone),
    endLocal: local(s.endUtc, s.ianaTimeZone),
    ianaTimeZone: s.ianaTimeZone,
    units: s.units === null ? null : Number(s.units),
    breaks: s.breaks.map((b) => ({ startLocal: toLocalDateTime(new Date(b.startUtc), s.ianaTimeZone), endLocal: local(b.endUtc, s.ianaTimeZone), isPaidBreak: b.isPaidBreak })),
  };
}
