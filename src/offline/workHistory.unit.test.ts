import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { receiptHours } from '../domain/workedHours';
import { KioskDb } from './db';
import { forgetWorkHistory, journalPunch, JOURNAL_MAX_ENTRIES, readShiftLocation, readWorkSpans } from './workHistory';

let counter = 0;
const freshDb = () => new KioskDb(`work-history-${(counter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const at = (iso: string) => new Date(iso);

describe("the tablet's record of hours", () => {
  it('a clock-off receipt from the journal alone: breaks deducted, not "0 min"', async () => {
    const db = freshDb();
    const start = '2026-11-25T09:00:00.000Z';
    await journalPunch(db, 7, { kind: 'clockOn', at: at(start), shiftStart: null });
    await journalPunch(db, 7, { kind: 'startBreak', at: at('2026-11-25T12:00:00Z'), shiftStart: start });
    await journalPunch(db, 7, { kind: 'endBreak', at: at('2026-11-25T12:40:00Z'), shiftStart: start });
    await journalPunch(db, 7, { kind: 'clockOff', at: at('2026-11-25T17:00:00Z'), shiftStart: start });
    const { spans, withService } = await readWorkSpans(db, 7);
    expect(withService).toBe(false);
    const hours = receiptHours(spans, 'clockOff', at('2026-11-25T17:00:00Z'), 'Europe/London');
    expect(hours.shift).toEqual({ workedMs: 7 * 3_600_000 + 20 * 60_000, unpaidBreakMs: 40 * 60_000 });
    // Another person's journal is their own.
    expect((await readWorkSpans(db, 8)).spans).toEqual([]);
  });

  it("finds the location a shift was clocked on to here, by its clock-on's instant", async () => {
    const db = freshDb();
    const choice = (locationId: number | null) => ({ locationId, workTypeId: null, classificationId: null, dimensionValueIds: [] });
    await journalPunch(db, 7, { kind: 'clockOn', at: at('2026-11-24T09:00:00Z'), shiftStart: null, choice: choice(3) });
    await journalPunch(db, 7, { kind: 'clockOff', at: at('2026-11-24T17:00:00Z'), shiftStart: '2026-11-24T09:00:00.000Z' });
    await journalPunch(db, 7, { kind: 'clockOn', at: at('2026-11-25T09:00:00Z'), shiftStart: null, choice: choice(5) });
    await journalPunch(db, 8, { kind: 'clockOn', at: at('2026-11-25T10:00:00Z'), shiftStart: null, choice: choice(null) });
    expect(await readShiftLocation(db, 7, at('2026-11-25T09:00:00Z'))).toBe(5);
    expect(await readShiftLocation(db, 7, at('2026-11-24T09:00:00Z'))).toBe(3);
    // A shift clocked on elsewhere (not in this tablet's journal), or with no location: none.
    expect(await readShiftLocation(db, 7, at('2026-11-25T08:00:00Z'))).toBeNull();
    expect(await readShiftLocation(db, 8, at('2026-11-25T10:00:00Z'))).toBeNull();
    // One clocked on here naming no location is at the kiosk's own (where the service puts it); one from elsewhere is still unknown.
    expect(await readShiftLocation(db, 8, at('2026-11-25T10:00:00Z'), 40)).toBe(40);
    expect(await readShiftLocation(db, 7, at('2026-11-25T09:00:00Z'), 40)).toBe(5);
    expect(await readShiftLocation(db, 7, at('2026-11-25T08:00:00Z'), 40)).toBeNull();
  });

  it('keeps the journal bounded and forgets it with the enrolment', async () => {
    const db = freshDb();
    const first = Date.parse('2026-11-20T00:00:00Z');
    for (let i = 0; i < JOURNAL_MAX_ENTRIES + 10; i += 1) {
      await journalPunch(db, 1, { kind: i % 2 === 0 ? 'clockOn' : 'clockOff', at: new Date(first + i * 60_000), shiftStart: null });
    }
    const row = (await db.meta.get('workJournal:1'))?.value as unknown[];
    expect(row).toHaveLength(JOURNAL_MAX_ENTRIES);
    // Entries older than the keep window go at the next write.
    await journalPunch(db, 1, { kind: 'clockOn', at: new Date(first + 40 * 86_400_000), shiftStart: null });
    expect((await db.meta.get('workJournal:1'))?.value).toHaveLength(1);
    await forgetWorkHistory(db);
    expect(await db.meta.get('workJournal:1')).toBeUndefined();
  });
});
