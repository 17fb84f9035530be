/**
 * The history test: a business with a sizeable history (2,000 employees, 30,000 clocked shifts
 * with their timesheet lines, breaks, punches and notes, written in SQL) and more of every set-up
 * list than a page holds. For every list route it checks the default page and the maximum, that
 * consecutive `$skip` pages are disjoint and continue each other, that filters and orders are
 * applied (answers equal the same query asked of the seeded tables), that the shift search without
 * dates covers the default window, and that no request reads more rows from the database than its
 * page needs: the test database counts the rows every query returns, so a route that loaded a
 * whole table (30,000 lines, 60,000 punches) would fail here. No timings are asserted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KIOSK_STAFF_MAX, PAGE_LIMITS, SHIFT_SEARCH } from '../../contract/paging';
import { hashSecret } from '../auth/secrets';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { analyzeHistory, seedHistory, seedWideSetup, type SeededHistory } from '../testing/seedHistory';
import { createBusiness, ensureUser, issueApiKey } from '../services/businesses/provisioning';

const STAFF = 2000;
const SHIFTS = 30_000;
const DAYS = 60;
/** More than the set-up lists' page of 1,000. */
const WIDE = 1050;
/** Rows any request may read besides its page: the caller, their access, the kiosk, one employee... */
const OVERHEAD = 25;

let t: TestService;
let rowsRead = 0;
let auth: string;
let B: string;
let businessId: number;
let ownerId: number;
let history: SeededHistory;
let notedShift: number;

const Ids = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
async function idsOf(query: SQL): Promise<number[]> {
  return Ids.parse(await t.db.execute(query)).rows.map((row) => row.id);
}

/** A request, with the rows the database returned while answering it. */
async function measured(method: string, path: string, json?: unknown) {
  rowsRead = 0;
  const res = await t.request(method, path, { auth, ...(json === undefined ? {} : { json }) });
  const rows = rowsRead;
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return { body: res.body as unknown[], rows };
}

/** A list page's items by a key, checking the rows read stayed within `perItem` per item plus overhead. */
async function page(path: string, key = 'id', perItem = 1): Promise<number[]> {
  const { body, rows } = await measured('GET', path);
  expect(rows, `rows read for ${path}`).toBeLessThanOrEqual(body.length * perItem + OVERHEAD);
  return body.map((item) => Number((item as Record<string, unknown>)[key]));
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Default page, maximum, and two consecutive pages that are disjoint and continue the first. */
async function checkPaging(path: string, limits: { defaultTop: number; maxTop: number }, expectedFirst: number[], key = 'id', perItem = 1) {
  const first = await page(path, key, perItem);
  expect(first).toEqual(expectedFirst.slice(0, limits.defaultTop));
  const max = await page(withQuery(path, `$top=${limits.maxTop + 500}`), key, perItem);
  expect(max).toHaveLength(limits.maxTop);
  const size = Math.min(limits.maxTop, Math.floor(expectedFirst.length / 2));
  const one = await page(withQuery(path, `$top=${size}&$skip=0`), key, perItem);
  const two = await page(withQuery(path, `$top=${size}&$skip=${size}`), key, perItem);
  expect(one).toHaveLength(size);
  expect(two).toHaveLength(size);
  expect(one.filter((id) => two.includes(id))).toEqual([]);
  expect([...one, ...two]).toEqual(expectedFirst.slice(0, 2 * size));
}

beforeAll(async () => {
  t = await startTestService({}, { onRows: (rows) => (rowsRead += rows) });
  const owner = await ensureUser(t.db, { email: `history-${Date.now()}@example.test`, name: 'History owner' });
  const business = await createBusiness(t.db, { name: 'History', ianaTimeZone: 'Europe/London', owner });
  businessId = business.id;
  ownerId = owner.id;
  B = `/api/v2/business/${businessId}`;
  auth = basicAuth(await issueApiKey(t.db, owner.id, 'history'));
  history = await seedHistory(t.db, {
    businessId,
    employees: STAFF,
    shifts: SHIFTS,
    days: DAYS,
    kiosks: 6,
    now: new Date(),
    pinHash: await hashSecret('4821'),
    ianaTimeZone: 'Europe/London',
  });
  [notedShift = 0] = await idsOf(sql`SELECT id FROM clock_shifts WHERE business_id = ${businessId}::integer AND status = 'completed' ORDER BY id LIMIT 1`);
  await seedWideSetup(t.db, { businessId, ownerUserId: owner.id, kioskId: history.kioskIds[0] ?? 0, shiftId: notedShift, count: WIDE });
  await analyzeHistory(t.db);
}, 180_000);
afterAll(() => t.close());

/**
 * Matching employees to groups reads the business's set-up: its group definitions and, for
 * location-tree filters, its locations (set-up, not history: the same with or without shifts).
 */
async function groupSetupRows(): Promise<number> {
  const counts = await idsOf(sql`SELECT count(*) AS id FROM employee_groups WHERE ${inBusiness('employee_groups')}
    UNION ALL SELECT count(*) FROM locations WHERE ${inBusiness('locations')}`);
  return counts.reduce((sum, n) => sum + n, 0);
}

const inBusiness = (table: string) => sql`${sql.identifier(table)}.business_id = ${businessId}::integer`;

describe('history lists', () => {
  it('timesheet lines: 100 by default, 500 at most, ordered and filtered in SQL', async () => {
    const expected = await idsOf(sql`SELECT id FROM timesheet_lines WHERE ${inBusiness('timesheet_lines')} ORDER BY start_utc NULLS FIRST, id LIMIT 1000`);
    await checkPaging(`${B}/timesheet`, PAGE_LIMITS.history, expected);

    const employeeId = history.employeeIds[7] ?? 0;
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 19);
    const filtered = await page(`${B}/timesheet?$filter=EmployeeId eq ${employeeId} and startTime ge datetime'${since}'&$orderby=startTime desc`);
    const wanted = await idsOf(sql`SELECT id FROM timesheet_lines WHERE ${inBusiness('timesheet_lines')} AND employee_id = ${employeeId}::integer
      AND timezone(iana_time_zone, start_utc) >= ${since}::timestamp ORDER BY start_utc DESC, id DESC`);
    expect(wanted.length).toBeGreaterThan(0);
    expect(filtered).toEqual(wanted);

    // Keyset paging through a long history, as the route's description suggests.
    const last = expected[499] ?? 0;
    const after = await page(`${B}/timesheet?$filter=id gt ${last}&$orderby=id&$top=3`);
    expect(after).toEqual(await idsOf(sql`SELECT id FROM timesheet_lines WHERE ${inBusiness('timesheet_lines')} AND id > ${last}::integer ORDER BY id LIMIT 3`));

    const decimals = await page(`${B}/timesheet?$filter=units ge 9.5M and workTypeId eq '${history.workTypeIds[0]}'&$top=500`);
    expect(decimals).toEqual(
      await idsOf(sql`SELECT id FROM timesheet_lines WHERE ${inBusiness('timesheet_lines')} AND units >= 9.5 AND work_type_id = ${history.workTypeIds[0] ?? 0}::integer
        ORDER BY start_utc NULLS FIRST, id LIMIT 500`),
    );
  });

  it('the punch audit trail: 100 by default, 500 at most, oldest first, filtered in SQL', async () => {
    const expected = await idsOf(sql`SELECT id FROM punches WHERE ${inBusiness('punches')} ORDER BY time_of_record_utc, id LIMIT 1000`);
    await checkPaging(`${B}/kiosk/punches`, PAGE_LIMITS.history, expected);
    const kioskId = history.kioskIds[2] ?? 0;
    const from = new Date(Date.now() - 10 * 86_400_000);
    const filtered = await page(`${B}/kiosk/punches?KioskId=${kioskId}&FromUtc=${from.toISOString()}&$top=500`);
    expect(filtered).toEqual(
      await idsOf(sql`SELECT id FROM punches WHERE ${inBusiness('punches')} AND kiosk_id = ${kioskId}::integer
        AND time_of_record_utc >= ${from.toISOString()}::timestamptz ORDER BY time_of_record_utc, id LIMIT 500`),
    );
  });

  it('the employee directory: 100 by default and at most, in both shapes', async () => {
    const expected = await idsOf(sql`SELECT id FROM employees WHERE ${inBusiness('employees')} ORDER BY id LIMIT 1000`);
    await checkPaging(`${B}/employee/details`, PAGE_LIMITS.employees, expected);
    await checkPaging(`${B}/employee/unstructured`, PAGE_LIMITS.employees, expected);
    const named = await page(`${B}/employee/details?$filter=surname ge 'History001000' and surname lt 'History001050' and endDate eq null&$orderby=surname desc`);
    expect(named).toEqual(
      await idsOf(sql`SELECT id FROM employees WHERE ${inBusiness('employees')} AND surname >= 'History001000' AND surname < 'History001050'
        AND end_date IS NULL ORDER BY surname DESC, id DESC`),
    );
    const born = await page(`${B}/employee/details?$filter=dateOfBirth lt datetime'1970-01-10T00:00:00' and title eq 'Ms'`);
    expect(born).toEqual(
      await idsOf(sql`SELECT id FROM employees WHERE ${inBusiness('employees')} AND (details->>'dateOfBirth')::timestamptz < '1970-01-10T00:00:00Z'
        AND details->>'title' = 'Ms' ORDER BY id LIMIT 100`),
    );
  });
});

describe('set-up lists (more than a page of each)', () => {
  const settings = PAGE_LIMITS.settings;

  it('locations (with qualified names in SQL), work types, groups and kiosks', async () => {
    const live = (table: string) => sql`${inBusiness(table)} AND deleted_at IS NULL`;
    await checkPaging(`${B}/location`, settings, await idsOf(sql`SELECT id FROM locations WHERE ${live('locations')} ORDER BY id`));
    await checkPaging(`${B}/worktype`, settings, await idsOf(sql`SELECT id FROM work_types WHERE ${live('work_types')} ORDER BY id`));
    await checkPaging(`${B}/employeegroup`, settings, await idsOf(sql`SELECT id FROM employee_groups WHERE ${inBusiness('employee_groups')} ORDER BY id`));
    await checkPaging(`${B}/kiosk`, settings, await idsOf(sql`SELECT id FROM kiosks WHERE ${live('kiosks')} ORDER BY id`));
    const { body } = await measured('GET', `${B}/location?$filter=fullyQualifiedName eq 'North/Depot'`);
    expect(body).toMatchObject([{ name: 'Depot', fullyQualifiedName: 'North/Depot' }]);
  });

  it("an employee's locations, work types and shift conditions", async () => {
    const [nowhere] = await idsOf(sql`INSERT INTO employees (business_id, first_name, surname) VALUES (${businessId}::integer, 'No', 'Site') RETURNING id`);
    const global = await idsOf(sql`SELECT id FROM locations WHERE ${inBusiness('locations')} AND deleted_at IS NULL AND is_global ORDER BY id`);
    await checkPaging(`${B}/employee/${nowhere}/location`, settings, global);
    const kinds = (conditions: boolean) =>
      idsOf(sql`SELECT id FROM work_types WHERE ${inBusiness('work_types')} AND deleted_at IS NULL
        AND (mapping_type IS NOT DISTINCT FROM 'ShiftCondition') = ${conditions} ORDER BY id`);
    // The conditions set up against the employee (all of them here, for a long list); their
    // work types stay unrestricted, since none of the set-up ones is a work type.
    const conditions = await kinds(true);
    await t.db.execute(sql`UPDATE employees SET work_type_ids = ${sql.raw(`'{${conditions.join(',')}}'`)}::integer[] WHERE id = ${nowhere}::integer`);
    await checkPaging(`${B}/employee/${nowhere}/worktype`, settings, await kinds(false));
    await checkPaging(`${B}/employee/${nowhere}/shiftcondition`, settings, conditions);
    const assigned = history.employeeIds[3] ?? 0;
    expect(await page(`${B}/employee/${assigned}/location`)).toEqual(
      await idsOf(sql`SELECT unnest(location_ids) AS id FROM employees WHERE id = ${assigned}::integer`),
    );
  });

  it("businesses, access, a kiosk's devices and a shift's notes", async () => {
    await checkPaging('/api/v2/business', settings, await idsOf(sql`SELECT business_id AS id FROM business_access WHERE user_id = ${ownerId}::integer ORDER BY business_id`));
    // Access records carry no id: page by e-mail, oldest grant first.
    const Emails = z.object({ rows: z.array(z.object({ email: z.string() })) });
    const emails = Emails.parse(
      await t.db.execute(sql`SELECT model->>'email' AS email FROM business_access WHERE ${inBusiness('business_access')} ORDER BY created_at, user_id`),
    ).rows.map((row) => row.email);
    const emailsOf = async (path: string) => {
      const { body, rows } = await measured('GET', path);
      expect(rows).toBeLessThanOrEqual(body.length + OVERHEAD);
      return (body as Array<{ email: string }>).map((a) => a.email);
    };
    expect(emails.length).toBeGreaterThan(settings.maxTop);
    expect(await emailsOf(`${B}/access`)).toEqual(emails.slice(0, settings.defaultTop));
    expect(await emailsOf(`${B}/access?$top=5000`)).toHaveLength(settings.maxTop);
    expect(await emailsOf(`${B}/access?$skip=${settings.maxTop}&$top=${settings.maxTop}`)).toEqual(emails.slice(settings.maxTop));
    const restricted = await measured('GET', `${B}/access?$filter=accessType eq 'Restricted' and name ge 'Wide 01000'&$orderby=name desc`);
    expect((restricted.body as Array<{ name: string }>).map((a) => a.name)).toEqual(
      Array.from({ length: WIDE - 999 }, (_, i) => `Wide ${String(WIDE - i).padStart(5, '0')}`),
    );

    const kioskId = history.kioskIds[0] ?? 0;
    await checkPaging(`${B}/kiosk/${kioskId}/devices`, settings, await idsOf(sql`SELECT id FROM devices WHERE kiosk_id = ${kioskId}::integer ORDER BY id`));
    // A shift's notes are reached through the kiosk it was clocked at.
    const ShiftKiosk = z.object({ rows: z.array(z.object({ kiosk_id: z.coerce.number() })) });
    const notedKiosk = ShiftKiosk.parse(await t.db.execute(sql`SELECT kiosk_id FROM clock_shifts WHERE id = ${notedShift}::integer`)).rows[0]?.kiosk_id;
    const notesPath = `${B}/kiosk/${notedKiosk ?? 0}/shift/${notedShift}/notes`;
    await checkPaging(notesPath, settings, await idsOf(sql`SELECT id FROM shift_notes WHERE shift_id = ${notedShift}::integer ORDER BY created_at, id`), 'id', 2);
  });
});

describe('everyday kiosk calls with history', () => {
  it('the shift search without dates covers the default window, newest first, bounded', async () => {
    const now = Date.now();
    const { body, rows } = await measured('POST', `${B}/kiosk/shifts`, {});
    const shifts = body as Array<{ id: number; startTimeUtc: string; endTimeUtc: string | null }>;
    expect(shifts).toHaveLength(SHIFT_SEARCH.maxResults);
    // Shifts, breaks and names (a few rows per shift), and the business's group definitions, never the history.
    expect(rows).toBeLessThanOrEqual(shifts.length * 3 + (await groupSetupRows()) + OVERHEAD);
    const windowStart = now - SHIFT_SEARCH.defaultWindowDays * 86_400_000;
    for (const shift of shifts) expect(Date.parse(shift.endTimeUtc ?? shift.startTimeUtc)).toBeGreaterThanOrEqual(windowStart - 60_000);
    const newest = await idsOf(sql`SELECT id FROM clock_shifts WHERE ${inBusiness('clock_shifts')} AND status IN ('open', 'completed')
      AND start_utc <= now() ORDER BY start_utc DESC, id DESC LIMIT ${SHIFT_SEARCH.maxResults}::integer`);
    expect(shifts.map((s) => s.id)).toEqual(newest);

    // One employee's shifts of the default window: those that began in it or were running at its
    // start (one is open now).
    const employeeId = history.clockedOnIds[0] ?? 0;
    const from = new Date(windowStart).toISOString();
    const lookback = new Date(windowStart - SHIFT_SEARCH.overlapLookbackHours * 3_600_000).toISOString();
    const own = (await measured('POST', `${B}/kiosk/shifts`, { employeeId })).body as Array<{ id: number }>;
    expect(own.map((s) => s.id)).toEqual(
      await idsOf(sql`SELECT id FROM clock_shifts WHERE employee_id = ${employeeId}::integer AND status IN ('open', 'completed') AND (
          start_utc >= ${from}::timestamptz OR end_utc IS NULL OR (start_utc >= ${lookback}::timestamptz AND end_utc >= ${from}::timestamptz)
        ) ORDER BY start_utc DESC, id DESC`),
    );
    expect(own.length).toBeGreaterThan(1);

    const tooLong = await t.request('POST', `${B}/kiosk/shifts`, {
      auth,
      json: { fromDateUtc: new Date(now - (SHIFT_SEARCH.maxWindowDays + 1) * 86_400_000).toISOString(), toDateUtc: new Date(now).toISOString() },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ errors: [{ field: 'toDateUtc' }] });
  });

  it('the kiosk staff list is whole, and reads its staff only (not their history)', async () => {
    const { body, rows } = await measured('GET', `${B}/kiosk/${history.kioskIds[0]}/staff`);
    // A kiosk lists the staff of its location: theirs, or with no location assigned.
    const kioskId = history.kioskIds[0] ?? 0;
    const current = await idsOf(sql`SELECT id FROM employees WHERE ${inBusiness('employees')} AND is_kiosk_enabled
      AND (end_date IS NULL OR end_date > now())
      AND (cardinality(location_ids) = 0 OR (SELECT k.location_id FROM kiosks k WHERE k.id = ${kioskId}::integer) IS NULL
        OR (SELECT k.location_id FROM kiosks k WHERE k.id = ${kioskId}::integer) = ANY(location_ids))
      ORDER BY first_name, surname, id`);
    expect(current.length).toBeLessThan(KIOSK_STAFF_MAX);
    expect((body as Array<{ employeeId: number }>).map((e) => e.employeeId)).toEqual(current);
    expect(rows).toBeLessThanOrEqual(body.length + (await groupSetupRows()) + OVERHEAD);
    const onShift = (body as Array<{ employeeId: number; status: string }>).filter((e) => e.status === 'ClockedOn').map((e) => e.employeeId);
    expect(onShift).toEqual(current.filter((id) => history.clockedOnIds.includes(id)));
  });
});
