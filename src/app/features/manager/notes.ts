/**
 * Recent shift notes for manager mode, without React: the kiosk's shifts of the last days (shift
 * search), the notes of each shift, joined to their shift and ordered unread first, newest first.
 * Marking a note read names its author, as the contract asks.
 */
import type { ApiClient, KioskRef, MarkNotesReadInput, ShiftNoteViewModel, ShiftRef, UkTimeAndAttendanceShiftModel } from '../../../client';
import { displayName } from './onSite';

export const NOTES_DAYS = 7;
/** At most this many notes requests run at once (a busy week has many shifts). */
const CONCURRENCY = 6;

export interface NoteItem {
  note: ShiftNoteViewModel;
  shift: {
    ref: ShiftRef;
    employeeName: string;
    startUtc: string;
    endUtc: string | null;
  };
}

export function notesWindow(now: Date, days = NOTES_DAYS): { fromDateUtc: string; toDateUtc: string } {
  return { fromDateUtc: new Date(now.getTime() - days * 86_400_000).toISOString(), toDateUtc: now.toISOString() };
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function noteItemsOf(shift: UkTimeAndAttendanceShiftModel, businessId: number, notes: readonly ShiftNoteViewModel[]): NoteItem[] {
  const employeeName = shift.employee ? displayName(shift.employee) : '';
  return notes.map((note) => ({
    note,
    shift: { ref: { businessId, kioskId: shift.kioskId, shiftId: shift.id }, employeeName, startUtc: shift.startTimeUtc, endUtc: shift.endTimeUtc },
  }));
}

/** Unread first, then newest first. */
export function sortNotes(items: readonly NoteItem[]): NoteItem[] {
  return [...items].sort((a, b) => Number(a.note.read) - Number(b.note.read) || Date.parse(b.note.date) - Date.parse(a.note.date) || b.note.id - a.note.id);
}

/**
 * The notes on this kiosk's shifts of the last NOTES_DAYS days. The shift search has no paging:
 * it answers the newest SHIFT_SEARCH.maxResults shifts of the window, which bounds this screen too.
 */
export async function loadRecentNotes(client: ApiClient, kiosk: KioskRef, now: Date): Promise<NoteItem[]> {
  const shifts = await client.shifts.search(kiosk.businessId, { kioskId: kiosk.kioskId, ...notesWindow(now) });
  const perShift = await mapLimited(shifts, CONCURRENCY, async (shift) =>
    noteItemsOf(shift, kiosk.businessId, await client.notes.list({ businessId: kiosk.businessId, kioskId: shift.kioskId, shiftId: shift.id })),
  );
  return sortNotes(perShift.flat());
}

export function markReadBody(item: NoteItem): MarkNotesReadInput {
  return { employeeId: item.note.employee?.id ?? 0, noteIds: [item.note.id], read: true };
}

export function unreadCount(items: readonly NoteItem[]): number {
  return items.filter((i) => !i.note.read).length;
}
