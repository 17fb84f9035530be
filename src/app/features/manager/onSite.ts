/**
 * The on-site board from the service's live staff list: who is clocked on or on a break, since
 * when, for how long, and whether the shift has run long (the service's `longShift` flag). The
 * longest-running shift comes first, so forgotten clock-offs surface at the top.
 */
import type { BasicKioskEmployeeModel } from '../../../client';

export interface OnSiteRow {
  employeeId: number;
  name: string;
  status: 'ClockedOn' | 'OnBreak';
  /** Start of the open shift (ISO), when the service knows it. */
  shiftStart: string | null;
  /** Start of the open break (ISO), when on a break. */
  breakStart: string | null;
  /** How long the shift has been open, in ms (0 when its start is unknown). */
  shiftMs: number;
  /** How long the break has been going, in ms (0 when not on a break). */
  breakMs: number;
  longShift: boolean;
}

export function displayName(person: { name: string | null; firstName: string | null; surname: string | null }): string {
  return person.name?.trim() || `${person.firstName ?? ''} ${person.surname ?? ''}`.trim();
}

const elapsed = (from: string | null, now: Date) => (from === null ? 0 : Math.max(0, now.getTime() - Date.parse(from)));

export function onSiteBoard(staff: readonly BasicKioskEmployeeModel[], now: Date): OnSiteRow[] {
  const rows: OnSiteRow[] = [];
  for (const person of staff) {
    if (person.status !== 'ClockedOn' && person.status !== 'OnBreak') continue;
    const breakStart = person.status === 'OnBreak' ? person.breakStartTimeUtc : null;
    rows.push({
      employeeId: person.employeeId,
      name: displayName(person),
      status: person.status,
      shiftStart: person.clockOnTimeUtc,
      breakStart,
      shiftMs: elapsed(person.clockOnTimeUtc, now),
      breakMs: elapsed(breakStart, now),
      longShift: person.longShift,
    });
  }
  return rows.sort((a, b) => b.shiftMs - a.shiftMs || a.name.localeCompare(b.name));
}

export interface OnSiteCounts {
  working: number;
  onBreak: number;
  longShifts: number;
}

export function countOnSite(rows: readonly OnSiteRow[]): OnSiteCounts {
  return {
    working: rows.filter((r) => r.status === 'ClockedOn').length,
    onBreak: rows.filter((r) => r.status === 'OnBreak').length,
    longShifts: rows.filter((r) => r.longShift).length,
  };
}
