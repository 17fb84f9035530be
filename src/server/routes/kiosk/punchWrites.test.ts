/**
 * A clock-off writes its timesheet line in the same statement as the break it closes and before
 * its own note is stored (services/punches/store/punchWrites.ts): the line must still be what
 * separate writes gave, its open break closed at the clock-off (paid when the clock-off says so)
 * and this punch's note among its comments, after the clock-on's. Checked on the stored rows.
 * The open shift is read with the employee's lock; a clock-off that waited for that lock while
 * another punch committed must read it again (services/punches/store/punchReads.ts): on PostgreSQL, a clock-off
 * racing a break's end gets the break as the other punch ended it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockShifts, employees, shiftBreaks, shiftNotes, timesheetLines } from '../../db/schema';
import { rowsOf } from '../../db/rowsOf';
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

  it.runIf(process.env.TEST_DATABASE === 'postgres')('reads the open shift again when another punch committed while it waited for the lock', async () => {
    t.clock.set('2026-07-02T08:00:00Z');
    const tenant = await createTenant(t, { kiosk: { paidBreaksEnabled: true } });
    const employeeId = tenant.employees[0]!.id;
    const send = (op: string) => t.request('POST', `${tenant.kiosk}/${op}`, { auth: tenant.manager.auth, json: { employeeId } });
    const on = (await send('clockon')).body as { currentShiftId: number };
    t.clock.set('2026-07-02T12:00:00Z');
    expect((await send('startbreak')).status).toBe(200);
    t.clock.set('2026-07-02T12:20:00Z');
    const endedAt = new Date('2026-07-02T12:10:00Z');
    let clockOff: ReturnType<typeof send> | null = null;
    // Another kiosk's end of the break (a paid one), holding the employee's row while the clock-off arrives.
    await t.db.transaction(async (tx) => {
      await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId)).for('update');
      await tx.update(shiftBreaks).set({ endUtc: endedAt, isPaidBreak: true }).where(eq(shiftBreaks.shiftId, on.currentShiftId));
      await tx.update(employees).set({ attendanceStatus: 'ClockedOn', breakStartTimeUtc: null, lastPunchTimeUtc: endedAt }).where(eq(employees.id, employeeId));
      clockOff = send('clockoff');
      // Commit only once the clock-off's statement waits for the row (its snapshot is older than this commit).
      for (let i = 0; i < 100; i += 1) {
        const waiting = rowsOf<{ n: number }>(
          await t.db.execute(sql`select count(*)::integer as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
        );
        if (Number(waiting[0]?.n) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the clock-off never waited for the lock');
    });
    const res = await clockOff!;
    expect(res.status, res.text).toBe(200);
    const [line] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.clockShiftId, on.currentShiftId));
    expect(line?.breaks).toEqual([{ startUtc: '2026-07-02T12:00:00.000Z', endUtc: '2026-07-02T12:10:00.000Z', isPaidBreak: true }]);
  });
});
