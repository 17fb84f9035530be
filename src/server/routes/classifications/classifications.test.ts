/**
 * AU award classifications (contract section 4): an AU kiosk's lookupdata offers
 * the business's classifications (a UK one's has no such field), a clock-on records the one chosen
 * and the shift search shows it back (kiosk and self-service alike), and a classification the
 * business does not offer is refused, on AU as on UK. Through the real app and database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { selfServiceAuth } from '../../testing/selfServiceFixture';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
let statements: string[] | null = null;
beforeAll(async () => {
  t = await startTestService({}, { onRows: (_rows, sql) => statements?.push(sql) });
  t.clock.set('2026-07-06T08:00:00Z');
});
afterAll(() => t.close());

const Classification = z.object({ id: z.number().int(), description: z.string() });
const Shift = z.object({ id: z.number().int(), classificationId: z.number().int().nullable(), classificationName: z.string().nullable() });

async function addClassification(tenant: Tenant, description: string): Promise<number> {
  const res = await t.request('POST', `${tenant.base}/classification`, { auth: tenant.manager.auth, json: { description } });
  expect(res.status, res.text).toBe(200);
  return Classification.parse(res.body).id;
}

describe('an AU business', () => {
  let au: Tenant;
  let level1 = 0;
  let level2 = 0;
  beforeAll(async () => {
    au = await createTenant(t, { employees: 2, country: 'AU', ianaTimeZone: 'Australia/Sydney' });
    level2 = await addClassification(au, 'Level 2 Retail Employee');
    level1 = await addClassification(au, 'Level 1 Retail Employee');
  });

  it('offers its classifications in lookupdata, by description, and no removed one', async () => {
    const removed = await addClassification(au, 'Level 9 (retired)');
    expect((await t.request('DELETE', `${au.base}/classification/${removed}`, { auth: au.manager.auth })).status).toBe(200);
    const res = await t.request('GET', `${au.kiosk}/lookupdata/${au.employees[0]!.id}`, { auth: au.manager.auth });
    expect(res.status, res.text).toBe(200);
    expect(z.object({ classifications: z.array(Classification) }).parse(res.body).classifications).toEqual([
      { id: level1, description: 'Level 1 Retail Employee' },
      { id: level2, description: 'Level 2 Retail Employee' },
    ]);
  });

  it('records the classification chosen at clock-on and shows it on the shift (kiosk search)', async () => {
    const employeeId = au.employees[0]!.id;
    const on = await t.request('POST', `${au.kiosk}/clockon`, { auth: au.manager.auth, json: { employeeId, classificationId: level2 } });
    expect(on.status, on.text).toBe(200);
    const res = await t.request('POST', `${au.base}/kiosk/shifts`, { auth: au.manager.auth, json: { employeeId } });
    expect(res.status, res.text).toBe(200);
    const [shift] = z.array(Shift).parse(res.body);
    expect(shift).toMatchObject({ classificationId: level2, classificationName: 'Level 2 Retail Employee' });
    // A shift without one says so with nulls (the fields are always there on AU).
    const other = au.employees[1]!.id;
    expect((await t.request('POST', `${au.kiosk}/clockon`, { auth: au.manager.auth, json: { employeeId: other } })).status).toBe(200);
    const plain = z.array(Shift).parse((await t.request('POST', `${au.base}/kiosk/shifts`, { auth: au.manager.auth, json: { employeeId: other } })).body);
    expect(plain[0]).toMatchObject({ classificationId: null, classificationName: null });
    // Clocked off, the shift's timesheet line carries its classification (AU timesheet line models).
    t.clock.set('2026-07-06T16:00:00Z');
    expect((await t.request('POST', `${au.kiosk}/clockoff`, { auth: au.manager.auth, json: { employeeId } })).status).toBe(200);
    const lines = await t.request('GET', `${au.base}/timesheet?$filter=employeeId eq ${employeeId}`, { auth: au.manager.auth });
    expect(lines.status, lines.text).toBe(200);
    const [line] = z.array(z.object({ id: z.number(), classificationId: z.string().nullable(), classification: z.string().nullable() })).parse(lines.body);
    expect(line).toMatchObject({ classificationId: String(level2), classification: 'Level 2 Retail Employee' });
    const one = await t.request('GET', `${au.base}/timesheet/${line?.id}`, { auth: au.manager.auth });
    expect(one.body).toMatchObject({ classificationId: level2, classification: 'Level 2 Retail Employee' });
  });

  it("refuses a classification the business does not offer: another business's, a removed one, a made-up id", async () => {
    const elsewhere = await createTenant(t, { employees: 0, country: 'AU' });
    const theirs = await addClassification(elsewhere, 'Their level');
    const removed = await addClassification(au, 'Gone');
    await t.request('DELETE', `${au.base}/classification/${removed}`, { auth: au.manager.auth });
    const employeeId = au.employees[1]!.id;
    await t.request('POST', `${au.kiosk}/clockoff`, { auth: au.manager.auth, json: { employeeId } });
    for (const classificationId of [theirs, removed, 999999]) {
      const res = await t.request('POST', `${au.kiosk}/clockon`, { auth: au.manager.auth, json: { employeeId, classificationId } });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'classificationId' }] });
    }
  });

  it('roster shifts keep the classification an AU body names, refuse an unknown one, and show it with its name', async () => {
    const employeeId = au.employees[0]!.id;
    const shift = { employeeId, startTime: '2026-07-08T09:00:00', endTime: '2026-07-08T17:00:00' };
    const RosterShift = z.object({ id: z.number(), classificationId: z.number().nullable(), classificationName: z.string().nullable() });
    const refused = await t.request('POST', `${au.base}/rostershift?publish=true`, { auth: au.manager.auth, json: { ...shift, classificationId: 999999 } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ field: 'classificationId' }] });
    const created = await t.request('POST', `${au.base}/rostershift?publish=true`, { auth: au.manager.auth, json: { ...shift, classificationId: level1 } });
    expect(created.status, created.text).toBe(200);
    const id = RosterShift.parse(created.body).id;
    expect(created.body).toMatchObject({ classificationId: level1, classificationName: 'Level 1 Retail Employee' });
    const listed = await t.request('GET', `${au.base}/rostershift?FromDate=2026-07-08T00:00:00&ToDate=2026-07-08T00:00:00`, { auth: au.manager.auth });
    expect(z.array(RosterShift).parse(listed.body).find((s) => s.id === id)).toMatchObject({ classificationId: level1 });
    // A PUT replaces the shift: without classificationId it has none.
    const cleared = await t.request('PUT', `${au.base}/rostershift/${id}?publish=true`, { auth: au.manager.auth, json: shift });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ classificationId: null, classificationName: null });
  });

  it('self-service: lookupdata offers them, the AU clock-on body records one, the shift search shows it', async () => {
    t.clock.set('2026-07-07T08:00:00Z');
    const ess = await createTenant(t, { employees: 1, country: 'AU', ianaTimeZone: 'Australia/Sydney' });
    const level = await addClassification(ess, 'Level 3');
    const employeeId = ess.employees[0]!.id;
    const { auth } = await selfServiceAuth(t, ess, employeeId);
    const S = `/api/v2/ess/${employeeId}/timeandattendance`;
    const lookup = await t.request('GET', `${S}/lookupdata`, { auth });
    expect(z.object({ classifications: z.array(Classification) }).parse(lookup.body).classifications).toEqual([{ id: level, description: 'Level 3' }]);
    const refused = await t.request('POST', `${S}/clockon`, { auth, json: { classificationId: level + 1000 } });
    expect(refused.status, refused.text).toBe(400);
    const other = await addClassification(ess, 'Level 4');
    const headers = { 'idempotency-key': 'ess-au-clockon-1' };
    const on = await t.request('POST', `${S}/clockon`, { auth, json: { classificationId: level }, headers });
    expect(on.status, on.text).toBe(200);
    // The regional body is what the key is checked against: another classification is another request.
    const changed = await t.request('POST', `${S}/clockon`, { auth, json: { classificationId: other }, headers });
    expect(changed.status, changed.text).toBe(422);
    const shifts = await t.request('POST', `${S}/shifts`, { auth, json: {} });
    expect(z.array(Shift).parse(shifts.body)[0]).toMatchObject({ classificationId: level, classificationName: 'Level 3' });
  });
});

describe('the check rides on the clock-on choices read', () => {
  it('a clock-on naming a classification and a location costs no statement more than one naming only the location', async () => {
    const au = await createTenant(t, { employees: 2, country: 'AU' });
    const level = await addClassification(au, 'Level 4');
    const location = await t.request('POST', `${au.base}/location`, { auth: au.manager.auth, json: { name: 'Shop', isGlobal: true } });
    const locationId = Classification.pick({ id: true }).parse(location.body).id;
    const count = async (json: object) => {
      statements = [];
      try {
        const res = await t.request('POST', `${au.kiosk}/clockon`, { auth: au.manager.auth, json });
        expect(res.status, res.text).toBe(200);
        // The observer must have seen the punch itself: its locking read and its write.
        expect(statements.some((sql) => sql.endsWith('for update'))).toBe(true);
        expect(statements.some((sql) => sql.includes('insert into "punches"'))).toBe(true);
        return statements.length;
      } finally {
        statements = null;
      }
    };
    const plain = await count({ employeeId: au.employees[0]!.id, locationId });
    const classified = await count({ employeeId: au.employees[1]!.id, locationId, classificationId: level });
    expect(classified).toBe(plain);
  });
});

describe('a UK business', () => {
  let uk: Tenant;
  beforeAll(async () => {
    uk = await createTenant(t, { employees: 2 });
  });

  it('has no classifications field in lookupdata or on shifts, and cannot add a classification', async () => {
    const lookup = await t.request('GET', `${uk.kiosk}/lookupdata/${uk.employees[0]!.id}`, { auth: uk.manager.auth });
    expect(lookup.status).toBe(200);
    expect(Object.keys(lookup.body as object)).not.toContain('classifications');
    const added = await t.request('POST', `${uk.base}/classification`, { auth: uk.manager.auth, json: { description: 'Level 1' } });
    expect(added.status).toBe(400);
    expect((await t.request('GET', `${uk.base}/classification`, { auth: uk.manager.auth })).body).toEqual([]);
    const employeeId = uk.employees[0]!.id;
    expect((await t.request('POST', `${uk.kiosk}/clockon`, { auth: uk.manager.auth, json: { employeeId } })).status).toBe(200);
    const shifts = await t.request('POST', `${uk.base}/kiosk/shifts`, { auth: uk.manager.auth, json: { employeeId } });
    const [shift] = z.array(z.record(z.string(), z.unknown())).parse(shifts.body);
    expect(Object.keys(shift ?? {})).not.toContain('classificationId');
  });

  it("refuses a kiosk clock-on naming a classification (the UK kiosk body has the field; a UK business has none to name)", async () => {
    const elsewhere = await createTenant(t, { employees: 0, country: 'AU' });
    const theirs = await addClassification(elsewhere, 'Level 1');
    const res = await t.request('POST', `${uk.kiosk}/clockon`, { auth: uk.manager.auth, json: { employeeId: uk.employees[1]!.id, classificationId: theirs } });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'classificationId' }] });
  });

  it('ignores classificationId on a self-service clock-on (not a field of UkClockOnModel)', async () => {
    const ess = await createTenant(t, { employees: 1 });
    const employeeId = ess.employees[0]!.id;
    const { auth } = await selfServiceAuth(t, ess, employeeId);
    const on = await t.request('POST', `/api/v2/ess/${employeeId}/timeandattendance/clockon`, { auth, json: { classificationId: 12345 } });
    expect(on.status, on.text).toBe(200);
  });
});
