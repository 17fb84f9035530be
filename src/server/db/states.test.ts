/**
 * The database says which states exist: attendance statuses, shift statuses and punch
 * kinds are CHECKed against the domain's lists, and an employee's current shift is a foreign key.
 * The migration that added them keeps existing data; it is replayed here on a database whose
 * constraints were taken away and which holds a current shift that no longer exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ATTENDANCE_STATUSES, PUNCH_KINDS, SHIFT_STATUSES } from '../../domain/attendance';
import { createTenant, type Tenant } from '../testing/fixtures';
import { startTestService, type TestService } from '../testing/testService';
import { MIGRATIONS_FOLDER } from './openDatabase';
import { clockShifts, employees, punches } from './schema';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/** The SQLSTATE of a failed statement (drizzle may wrap the driver's error as its cause). */
async function failureCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    throw error;
  }
  return undefined;
}

async function clockedOn(tenant: Tenant): Promise<{ employeeId: number; shiftId: number }> {
  const employeeId = tenant.employees[0]!.id;
  const res = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId } });
  expect(res.status, res.text).toBe(200);
  const [row] = await t.db.select({ shiftId: employees.currentShiftId }).from(employees).where(eq(employees.id, employeeId));
  expect(row?.shiftId).toBeTypeOf('number');
  return { employeeId, shiftId: row!.shiftId! };
}

const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';

describe('states the database accepts', () => {
  it('refuses an attendance status, shift status or punch kind the domain does not know', async () => {
    const tenant = await createTenant(t);
    const { employeeId, shiftId } = await clockedOn(tenant);
    expect(await failureCode(() => t.db.execute(sql`UPDATE employees SET attendance_status = 'Sleeping' WHERE id = ${employeeId}`))).toBe(CHECK_VIOLATION);
    expect(await failureCode(() => t.db.execute(sql`UPDATE clock_shifts SET status = 'closed' WHERE id = ${shiftId}`))).toBe(CHECK_VIOLATION);
    expect(await failureCode(() => t.db.execute(sql`UPDATE punches SET kind = 'clockon' WHERE shift_id = ${shiftId}`))).toBe(CHECK_VIOLATION);
    // Every value of the domain's lists is accepted (inside a transaction that is rolled back).
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        for (const status of ATTENDANCE_STATUSES) await tx.update(employees).set({ attendanceStatus: status }).where(eq(employees.id, employeeId));
        for (const status of SHIFT_STATUSES) await tx.update(clockShifts).set({ status }).where(eq(clockShifts.id, shiftId));
        for (const kind of PUNCH_KINDS) await tx.update(punches).set({ kind }).where(eq(punches.shiftId, shiftId));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it("keeps an employee's current shift real: no dangling id, and a deleted shift clears it", async () => {
    const tenant = await createTenant(t);
    const { employeeId, shiftId } = await clockedOn(tenant);
    expect(await failureCode(() => t.db.execute(sql`UPDATE employees SET current_shift_id = 2147483000 WHERE id = ${employeeId}`))).toBe(
      FOREIGN_KEY_VIOLATION,
    );
    await t.db.delete(clockShifts).where(eq(clockShifts.id, shiftId));
    const [row] = await t.db.select({ shiftId: employees.currentShiftId }).from(employees).where(eq(employees.id, employeeId));
    expect(row?.shiftId).toBeNull();
  });
});

describe('migration 0003_states', () => {
  it('adds the constraints and keeps existing data, clearing only a current shift that no longer exists', async () => {
    const tenant = await createTenant(t);
    const live = await clockedOn(tenant);
    const [, ben] = tenant.employees;
    // The database as it was before the migration: no constraints, and a dangling current shift.
    const constraints = [
      ['employees', 'employees_current_shift_id_clock_shifts_id_fk'],
      ['employees', 'employees_attendance_status_check'],
      ['clock_shifts', 'clock_shifts_status_check'],
      ['punches', 'punches_kind_check'],
    ] as const;
    for (const [table, name] of constraints) await t.db.execute(sql.raw(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`));
    await t.db.update(employees).set({ attendanceStatus: 'ClockedOn', currentShiftId: 2147483000 }).where(eq(employees.id, ben!.id));
    const before = await t.db.select().from(employees).where(eq(employees.businessId, tenant.businessId));

    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0003_states.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const after = await t.db.select().from(employees).where(eq(employees.businessId, tenant.businessId));
    const expected = before.map((row) => (row.id === ben!.id ? { ...row, currentShiftId: null } : row));
    expect(after.sort((a, b) => a.id - b.id)).toEqual(expected.sort((a, b) => a.id - b.id));
    expect(after.find((row) => row.id === live.employeeId)?.currentShiftId).toBe(live.shiftId);
    const present = await t.db.execute(sql`SELECT conname FROM pg_constraint WHERE conname IN ${sql.raw(`(${constraints.map(([, n]) => `'${n}'`).join(', ')})`)}`);
    expect(z.object({ rows: z.array(z.object({ conname: z.string() })) }).parse(present).rows).toHaveLength(constraints.length);
  });
});
