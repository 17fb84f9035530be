/**
 * Notes on clocked shifts: listing with the contract's filters, adding, deleting and setting the
 * read flag. A note belongs to a shift of the business; its author is an employee.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type {
  AddNoteModelInput,
  ShiftNoteViewModel,
  TimeAttendanceShiftNoteType,
  TimeAttendanceShiftNoteVisibility,
} from '../../../contract/generated/models';
import { noteProblem } from '../../../domain/notes';
import type { Database } from '../../db/openDatabase';
import { clockShifts, employees, shiftNotes } from '../../db/schema';
import { invalidField, notFound } from '../../errors/apiError';
import type { Page } from '../../lists/odata/planList';
import { withTransaction } from '../../db/transactions';
import { recordNoteAdded } from '../webhooks/webhookPayloads';
import { isCurrentEmployee } from '../people/kioskEmployees';


export interface NoteFilters {
  employeeId?: number | undefined;
  isAdminInitiated?: boolean | undefined;
  type?: TimeAttendanceShiftNoteType | undefined;
  visibility?: TimeAttendanceShiftNoteVisibility | undefined;
}

/**
 * A shift the kiosk in the path may reach: one clocked at that kiosk; or, at any other kiosk of the
 * business, the open shift of an employee who may clock off there (kiosk access granted, not
 * terminated: a clock-off of an open shift is taken at any kiosk), since that kiosk may close the
 * shift and so may read and add its notes. Anything else (a closed or discarded shift of another
 * kiosk, the open shift of someone who can no longer use kiosks) is 404, exactly as if it did not
 * exist.
 */
export async function loadShiftAtKiosk(db: Database, businessId: number, kioskId: number, shiftId: number, now: Date) {
  const [shift] = await db
    .select({
      id: clockShifts.id,
      employeeId: clockShifts.employeeId,
      kioskId: clockShifts.kioskId,
      status: clockShifts.status,
      currentShiftId: employees.currentShiftId,
      isKioskEnabled: employees.isKioskEnabled,
      endDate: employees.endDate,
    })
    .from(clockShifts)
    .innerJoin(employees, eq(employees.id, clockShifts.employeeId))
    .where(and(eq(clockShifts.id, shiftId), eq(clockShifts.businessId, businessId)));
  if (!shift || shift.status === 'discarded') throw notFound(`Shift ${shiftId}`);
  if (shift.kioskId === kioskId) return shift;
  const isOpenShiftOfEmployee = shift.status === 'open' && shift.currentShiftId === shift.id;
  const mayClockOffHere = shift.isKioskEnabled && isCurrentEmployee(shift, now);
  if (!isOpenShiftOfEmployee || !mayClockOffHere) throw notFound(`Shift ${shiftId}`);
  return shift;
}

type NoteRow = typeof shiftNotes.$inferSelect;
type AuthorRow = Pick<typeof employees.$inferSelect, 'id' | 'firstName' | 'surname' | 'profileImageUrl'>;

export function toNoteModel(note: NoteRow, author: AuthorRow): ShiftNoteViewModel {
  return {
    id: note.id,
    employee: {
      id: author.id,
      firstName: author.firstName,
      surname: author.surname,
      profileImageUrl: author.profileImageUrl,
      name: `${author.firstName} ${author.surname}`.trim(),
    },
    date: note.createdAt.toISOString(),
    type: note.type as TimeAttendanceShiftNoteType,
    note: note.note,
    noteId: note.id,
    visibility: note.visibility as TimeAttendanceShiftNoteVisibility,
    read: note.isRead,
    createdByAdmin: note.createdByAdmin,
  };
}

const author = {
  id: employees.id,
  firstName: employees.firstName,
  surname: employees.surname,
  profileImageUrl: employees.profileImageUrl,
};

/** One page of the notes of one shift, oldest first, narrowed by the given filters. */
export async function listNotes(db: Database, shiftId: number, filters: NoteFilters, page: Page): Promise<ShiftNoteViewModel[]> {
  const conditions: SQL[] = [eq(shiftNotes.shiftId, shiftId)];
  if (filters.employeeId) conditions.push(eq(shiftNotes.employeeId, filters.employeeId));
  if (filters.isAdminInitiated !== undefined) conditions.push(eq(shiftNotes.createdByAdmin, filters.isAdminInitiated));
  if (filters.type) conditions.push(eq(shiftNotes.type, filters.type));
  if (filters.visibility) conditions.push(eq(shiftNotes.visibility, filters.visibility));
  const rows = await db
    .select({ note: shiftNotes, author })
    .from(shiftNotes)
    .innerJoin(employees, eq(employees.id, shiftNotes.employeeId))
    .where(and(...conditions))
    .orderBy(asc(shiftNotes.createdAt), asc(shiftNotes.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => toNoteModel(r.note, r.author));
}

/**
 * Adds a note to a shift and raises ShiftNoteAdded (web hooks) in the same transaction. `kioskId`
 * is the kiosk it was written at (null through self-service).
 */
export async function addNote(
  db: Database,
  businessId: number,
  shiftId: number,
  input: AddNoteModelInput,
  now: Date,
  kioskId: number | null = null,
): Promise<ShiftNoteViewModel> {
  const text = input.note?.trim() ?? '';
  const problem = noteProblem(text);
  if (problem) throw invalidField('validation-failed', 'note', problem);
  return withTransaction(db, async (tx) => {
    const [writer] = await tx
      .select(author)
      .from(employees)
      .where(and(eq(employees.id, input.employeeId), eq(employees.businessId, businessId)));
    if (!writer) throw invalidField('invalid-reference', 'employeeId', `Employee ${input.employeeId} does not exist.`);
    const [note] = await tx
      .insert(shiftNotes)
      .values({
        businessId,
        shiftId,
        employeeId: writer.id,
        type: input.type,
        visibility: input.visibility,
        note: text,
        createdByAdmin: input.isAdminInitiated,
        createdAt: now,
      })
      .returning();
    if (!note) throw new Error('insert returned no note');
    const model = toNoteModel(note, writer);
    await recordNoteAdded(tx, { businessId, kioskId, shiftId, employeeId: writer.id }, model, now);
    return model;
  });
}

export async function deleteNote(db: Database, shiftId: number, noteId: number): Promise<void> {
  const removed = await db
    .delete(shiftNotes)
    .where(and(eq(shiftNotes.id, noteId), eq(shiftNotes.shiftId, shiftId)))
    .returning({ id: shiftNotes.id });
  if (removed.length === 0) throw notFound(`Note ${noteId}`);
}

/**
 * Sets the read flag of notes of one shift of `businessId`; every id must be a note of that shift.
 * The reader (`employeeId`) is an employee of the business, or 0 for nobody named: a negative id
 * or someone else's employee is refused, never stored as the reader.
 */
export async function markNotesRead(
  db: Database,
  businessId: number,
  shiftId: number,
  input: { employeeId: number; noteIds?: number[] | null; read: boolean },
): Promise<void> {
  const ids = [...new Set(input.noteIds ?? [])];
  if (ids.length === 0) throw invalidField('validation-failed', 'noteIds', 'Name at least one note.');
  if (input.employeeId < 0) throw invalidField('validation-failed', 'employeeId', 'must be an employee id, or 0 for nobody named.');
  if (input.employeeId > 0) {
    const [reader] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, input.employeeId), eq(employees.businessId, businessId)));
    if (!reader) throw invalidField('invalid-reference', 'employeeId', `Employee ${input.employeeId} is not an employee of this business.`);
  }
  const found = await db
    .select({ id: shiftNotes.id })
    .from(shiftNotes)
    .where(and(eq(shiftNotes.shiftId, shiftId), inArray(shiftNotes.id, ids)));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) {
    throw invalidField('invalid-reference', 'noteIds', `Not notes of this shift: ${missing.join(', ')}.`);
  }
  await db
    .update(shiftNotes)
    .set({ isRead: input.read, readByEmployeeId: input.read ? input.employeeId || null : null })
    .where(and(eq(shiftNotes.shiftId, shiftId), inArray(shiftNotes.id, ids)));
}
