/**
 * A clock-off writes its timesheet line in the same statement as the break it closes and before
 * its own note is stored (services/punchWrites.ts, issue 12, item 4): the line must still be what
 * separate writes gave, its open break closed at the clock-off (paid when the clock-off says so)
 * and this punch's note among its comments, after the clock-on's. Checked on the stored rows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockShifts, shiftBreaks, shiftNotes, timesheetLines } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('a clock-off in one write statement', () => {
  it('closes the open break (paid on request), completes the shift and writes the line with every note', async () => {
    t.clock.set('2026-07-01T08:00:00Z');
    const tenant = await createTenant(t, { kiosk: { paidBreaksEnabled: true } });
    const employeeId = tenant.employees[0]!.id;
    const punch = async (op: string, json: Record<string, unknown>) => {
      const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth: tenant.manager.auth, json: { employeeId, ...json } });
      expect(res.status, `${op}: ${res.text}`).toBe(200);
      return res.body as { currentShiftId: number | null; status: string };
    };
    const on = await punch('clockon', { note: 'Opening', noteVisibility: 'Visible' });
    const shiftId = on.currentShiftId!;
    t.clock.set('2026-07-01T12:00:00Z');
    await punch('startbreak', {});
    t.clock.set('2026-07-01T12:20:00Z');
    expect(await punch('clockoff', { isPaidBreak: true, note: 'Left early', noteVisibility: 'Hidden' })).toMatchObject({ status: 'ClockedOff', currentShiftId: null });

    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, shiftId));
    expect(shift).toMatchObject({ status: 'completed', endUtc: new Date('2026-07-01T12:20:00Z') });
    const breaks = await t.db.select().from(shiftBreaks).where(eq(shiftBreaks.shiftId, shiftId));
    expect(breaks).toMatchObject([{ startUtc: new Date('2026-07-01T12:00:00Z'), endUtc: new Date('2026-07-01T12:20:00Z'), isPaidBreak: true }]);
    const notes = await t.db.select().from(shiftNotes).where(eq(shiftNotes.shiftId, shiftId));
    expect(notes.map((n) => [n.type, n.note])).toEqual([
      ['ClockOn', 'Opening'],
      ['ClockOff', 'Left early'],
    ]);
    const [line] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.clockShiftId, shiftId));
    expect(shift!.timesheetLineId).toBe(line!.id);
    expect(line).toMatchObject({
      startUtc: new Date('2026-07-01T08:00:00Z'),
      endUtc: new Date('2026-07-01T12:20:00Z'),
      comments: 'Opening',
      hiddenComments: 'Left early',
      breaks: [{ startUtc: '2026-07-01T12:00:00.000Z', endUtc: '2026-07-01T12:20:00.000Z', isPaidBreak: true }],
      status: 'Submitted',
    });
  });
});
