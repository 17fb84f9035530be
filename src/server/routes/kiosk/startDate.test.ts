/**
 * An employee's start date is a date: adding someone at a kiosk records the kiosk's
 * calendar date, not the moment; a start date given through the API keeps the date as written;
 * answers carry it as the contract's date form (midnight, no zone); and migration 0013 turns
 * start dates stored with a time of day into dates.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

describe('employeeStartDate', () => {
  it("is the kiosk's calendar date when someone is added there, as midnight with no zone", async () => {
    const tenant = await createTenant(t, { ianaTimeZone: 'Australia/Sydney' });
    // 00:30 on 3 July in Sydney, still 2 July in UTC.
    t.clock.set('2026-07-02T14:30:00Z');
    const added = await t.request('POST', `${tenant.kiosk}/staff`, {
      auth: tenant.manager.auth,
      json: { firstName: 'Noor', surname: 'Haddad', pin: '6482' },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ employeeStartDate: '2026-07-03T00:00:00' });
    const id = (added.body as { employeeId: number }).employeeId;
    const staff = await t.request('GET', `${tenant.kiosk}/staff`, { auth: tenant.manager.auth });
    expect((staff.body as { employeeId: number; employeeStartDate: string | null }[]).find((s) => s.employeeId === id)?.employeeStartDate).toBe('2026-07-03T00:00:00');
    const [row] = await t.db.select().from(employees).where(eq(employees.id, id));
    expect(row?.startDate?.toISOString()).toBe('2026-07-03T00:00:00.000Z');
  });

  it('keeps the date as written when the API is given a date-time', async () => {
    const tenant = await createTenant(t);
    const created = await t.request('POST', `${tenant.base}/employee/unstructured`, {
      auth: tenant.manager.auth,
      json: { firstName: 'Iris', surname: 'Okafor', startDate: '2024-01-15T23:30:00-05:00' },
    });
    expect(created.status, created.text).toBe(200);
    const id = (created.body as { id: number }).id;
    const [row] = await t.db.select().from(employees).where(eq(employees.id, id));
    expect(row?.startDate?.toISOString()).toBe('2024-01-15T00:00:00.000Z');
  });

  it('migration 0013 turns stored moments into the calendar date in the business zone, and leaves dates alone', async () => {
    const tenant = await createTenant(t, { ianaTimeZone: 'Australia/Sydney' });
    const [added, dated] = tenant.employees;
    await t.db.update(employees).set({ startDate: new Date('2026-07-02T14:30:00Z') }).where(eq(employees.id, added!.id));
    await t.db.update(employees).set({ startDate: new Date('2025-03-01T00:00:00Z') }).where(eq(employees.id, dated!.id));
    const migration = readFileSync(fileURLToPath(new URL('../../db/migrations/0013_employee_start_dates.sql', import.meta.url)), 'utf8');
    await t.db.execute(sql.raw(migration));
    const read = async (id: number) => (await t.db.select().from(employees).where(eq(employees.id, id)))[0]?.startDate?.toISOString();
    expect(await read(added!.id)).toBe('2026-07-03T00:00:00.000Z');
    expect(await read(dated!.id)).toBe('2025-03-01T00:00:00.000Z');
    const checked = await t.request('POST', `${tenant.kiosk}/checkid`, { auth: tenant.manager.auth, json: { employeeId: added!.id } });
    expect(checked.body).toMatchObject({ employeeStartDate: '2026-07-03T00:00:00' });
  });
});
