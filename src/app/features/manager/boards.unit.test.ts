import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, type ApiClient, type BasicKioskEmployeeModel, type ShiftNoteViewModel, type UkTimeAndAttendanceShiftModel } from '../../../client';
import { failureSaid, formErrors, SessionLostError, toFailure } from './failures';
import { loadRecentNotes, markReadBody, sortNotes, unreadCount, type NoteItem } from './notes';
import { countOnSite, onSiteBoard } from './onSite';
import { removeDevice } from './removeDevice';

const NOW = new Date('2025-03-10T12:00:00Z');

const staff = (employeeId: number, name: string, patch: Partial<BasicKioskEmployeeModel>): BasicKioskEmployeeModel => ({
  employeeId,
  firstName: null,
  surname: null,
  name,
  hasEmail: false,
  profileImageUrl: null,
  mobileNumber: null,
  status: 'NotClockedOn',
  longShift: false,
  clockOnTimeUtc: null,
  breakStartTimeUtc: null,
  recordedTimeUtc: null,
  currentShiftId: null,
  employeeGroupIds: [],
  employeeStartDate: null,
  ...patch,
});

describe('the on-site board', () => {
  it('shows only people on shift, longest shift first, with shift and break durations', () => {
    const rows = onSiteBoard(
      [
        staff(1, 'Off Person', { status: 'ClockedOff' }),
        staff(2, 'Early Bird', { status: 'ClockedOn', clockOnTimeUtc: '2025-03-09T22:00:00Z', longShift: true }),
        staff(3, 'On Break', { status: 'OnBreak', clockOnTimeUtc: '2025-03-10T09:00:00Z', breakStartTimeUtc: '2025-03-10T11:45:00Z' }),
        staff(4, 'Not Yet', {}),
      ],
      NOW,
    );
    expect(rows.map((r) => [r.name, r.status, r.shiftMs / 60_000, r.breakMs / 60_000, r.longShift])).toEqual([
      ['Early Bird', 'ClockedOn', 14 * 60, 0, true],
      ['On Break', 'OnBreak', 3 * 60, 15, false],
    ]);
    expect(countOnSite(rows)).toEqual({ working: 1, onBreak: 1, longShifts: 1 });
  });
});

const note = (id: number, read: boolean, date: string, authorId = 20): ShiftNoteViewModel => ({
  id,
  noteId: id,
  read,
  date,
  type: 'Shift',
  visibility: 'Visible',
  note: `note ${id}`,
  createdByAdmin: false,
  employee: { id: authorId, firstName: 'Ana', surname: 'Ruiz', name: 'Ana Ruiz', profileImageUrl: null },
});

describe('recent notes', () => {
  it('loads the notes of this kiosk’s shifts of the last week, unread first, newest first', async () => {
    const shift = (id: number) => ({ id, kioskId: 3, startTimeUtc: '2025-03-09T08:00:00Z', endTimeUtc: null, employee: staff(20, 'Ana Ruiz', {}) }) as UkTimeAndAttendanceShiftModel;
    const search = vi.fn(() => Promise.resolve([shift(100), shift(101)]));
    const list = vi.fn(({ shiftId }: { shiftId: number }) =>
      Promise.resolve(shiftId === 100 ? [note(1, true, '2025-03-10T10:00:00Z'), note(2, false, '2025-03-09T10:00:00Z')] : [note(3, false, '2025-03-10T09:00:00Z')]),
    );
    const client = { shifts: { search }, notes: { list } } as unknown as ApiClient;
    const items = await loadRecentNotes(client, { businessId: 7, kioskId: 3 }, NOW);
    expect(search).toHaveBeenCalledWith(7, { kioskId: 3, fromDateUtc: '2025-03-03T12:00:00.000Z', toDateUtc: '2025-03-10T12:00:00.000Z' });
    expect(list).toHaveBeenCalledWith({ businessId: 7, kioskId: 3, shiftId: 100 });
    expect(items.map((i) => i.note.id)).toEqual([3, 2, 1]);
    expect(items[0]?.shift).toEqual({ ref: { businessId: 7, kioskId: 3, shiftId: 101 }, employeeName: 'Ana Ruiz', startUtc: '2025-03-09T08:00:00Z', endUtc: null });
    expect(unreadCount(items)).toBe(2);
  });

  it('marks a note read in the name of its author', () => {
    const item: NoteItem = { note: note(9, false, '2025-03-10T09:00:00Z', 77), shift: { ref: { businessId: 7, kioskId: 3, shiftId: 1 }, employeeName: '', startUtc: '', endUtc: null } };
    expect(markReadBody(item)).toEqual({ employeeId: 77, noteIds: [9], read: true });
    expect(sortNotes([])).toEqual([]);
  });
});

const problem = (status: number, code: string, fieldErrors: Array<{ field: string; message: string }> = [], detail?: string) =>
  new ApiClientError(
    { kind: 'http', status, code: code as 'conflict', problem: { type: 'x', title: 'Title', status, code, ...(detail ? { detail } : {}) }, retryAfterSeconds: null, fieldErrors },
    { operation: 'test' },
  );

describe('failures', () => {
  it('uses our own words for known codes and the service’s for the rest', () => {
    expect(failureSaid(toFailure(problem(400, 'punch-in-future')))).toEqual({ key: 'manager.error.punch-in-future' });
    expect(failureSaid(toFailure(problem(409, 'conflict', [], 'Something specific.')))).toEqual({ text: 'Something specific.' });
    expect(failureSaid(toFailure(new ApiClientError({ kind: 'network', timedOut: true }, { operation: 'x' })))).toEqual({ key: 'common.networkError' });
    expect(failureSaid(toFailure(new SessionLostError()))).toEqual({ key: 'manager.signIn.sessionEnded' });
    expect(failureSaid(toFailure(new Error('boom')))).toEqual({ key: 'common.unexpectedError', values: { message: 'boom' } });
  });

  it('puts field messages next to their fields and says so above the form', () => {
    const fieldOf = (field: string) => (field === 'recordedEndTimeUtc' ? 'end' : field === 'note' ? 'note' : null);
    expect(formErrors(toFailure(problem(400, 'shift-overlaps-existing', [{ field: 'recordedEndTimeUtc', message: 'overlaps 2025-…' }])), fieldOf)).toEqual({
      fields: { end: { key: 'manager.error.shift-overlaps-existing' } },
      general: { key: 'manager.error.checkFields' },
    });
    expect(formErrors(toFailure(problem(400, 'validation-failed', [{ field: 'note', message: 'A note cannot be empty.' }])), fieldOf)).toEqual({
      fields: { note: { text: 'A note cannot be empty.' } },
      general: { key: 'manager.error.checkFields' },
    });
    // The service's own length wording becomes ours, with the limit; anything else reads as a sentence.
    expect(formErrors(toFailure(problem(400, 'validation-failed', [{ field: 'note', message: 'must be at most 100 characters long' }])), fieldOf).fields).toEqual({
      note: { key: 'staff.tooLong', values: { max: 100 } },
    });
    expect(formErrors(toFailure(problem(400, 'validation-failed', [{ field: 'note', message: 'must be a string' }])), fieldOf).fields).toEqual({ note: { text: 'Must be a string.' } });
    const unplaced = formErrors(toFailure(problem(400, 'validation-failed', [{ field: 'image', message: 'bad' }], 'The image is bad.')), fieldOf);
    expect(unplaced).toEqual({ fields: {}, general: { text: 'The image is bad.' } });
  });
});

describe('removing the device', () => {
  function steps(revoke: () => Promise<void>) {
    const calls: string[] = [];
    return {
      calls,
      steps: {
        pauseSync: () => void calls.push('pause'),
        resumeSync: () => void calls.push('resume'),
        revokeDevice: async () => {
          calls.push('revoke');
          await revoke();
        },
        revokeManagerTokens: () => Promise.resolve(void calls.push('signOut')),
        forget: () => Promise.resolve(void calls.push('forget')),
      },
    };
  }

  it('revokes the credential before forgetting anything', async () => {
    const run = steps(() => Promise.resolve());
    await removeDevice(run.steps);
    expect(run.calls).toEqual(['pause', 'revoke', 'signOut', 'forget']);
  });

  it('treats an already removed device as removed', async () => {
    const run = steps(() => Promise.reject(problem(404, 'not-found')));
    await removeDevice(run.steps);
    expect(run.calls).toEqual(['pause', 'revoke', 'signOut', 'forget']);
  });

  it('forgets nothing and resumes syncing when the service cannot be reached', async () => {
    const run = steps(() => Promise.reject(new ApiClientError({ kind: 'network', timedOut: false }, { operation: 'x' })));
    await expect(removeDevice(run.steps)).rejects.toMatchObject({ kind: 'network' });
    expect(run.calls).toEqual(['pause', 'revoke', 'resume']);
  });
});
