/**
 * Who a kiosk lists and what it offers, on the demo data, through the real app: a kiosk at one
 * location lists only that location's staff, and each person is offered only their work types and
 * conditions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasicKioskEmployeeModel, UkTimeAndAttendanceLookupDataModel } from '../../contract/generated/models';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { ensureDemo, type DemoFile } from './seedDemo';

let t: TestService;
let dataDir: string;
let demo: DemoFile;
beforeAll(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-locations-'));
  t.clock.set('2026-11-25T14:00:00Z');
  const options = { dataDir, baseUrl: 'http://127.0.0.1:1', ianaTimeZone: 'Europe/London', firstKioskId: () => Promise.resolve(0), now: t.clock.now() };
  demo = (await ensureDemo(t.db, t.service, options)).file;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

const kioskPath = (kioskId: number) => `/api/v2/business/${demo.businessId}/kiosk/${kioskId}`;

async function namesAt(kioskId: number): Promise<string[]> {
  const res = await t.request('GET', `${kioskPath(kioskId)}/staff`, { auth: basicAuth(demo.apiKey) });
  expect(res.status, res.text).toBe(200);
  return BasicKioskEmployeeModel.array().parse(res.body).map((s) => s.name ?? '').sort();
}

async function offerOf(kioskId: number, employeeId: number) {
  const res = await t.request('GET', `${kioskPath(kioskId)}/lookupdata/${employeeId}`, { auth: basicAuth(demo.apiKey) });
  expect(res.status, res.text).toBe(200);
  const data = UkTimeAndAttendanceLookupDataModel.parse(res.body);
  return { workTypes: (data.workTypes ?? []).map((w) => w.description).sort(), conditions: (data.shiftConditions ?? []).map((c) => c.description) };
}

describe('the demo shows who a kiosk lists and what it offers', () => {
  it("lists the bakery's eighteen at its kiosk and the counter's staff at the counter's", async () => {
    const counter = demo.counterKiosk!;
    expect(demo.staff).toHaveLength(18);
    expect(await namesAt(demo.kioskId)).toEqual(demo.staff.map((s) => `${s.firstName} ${s.surname}`).sort());
    expect(await namesAt(counter.kioskId)).toEqual(['Chloe Martin', 'Dev Patel', 'Mia Chen', 'Noah Evans', 'Priya Shah']);
  });

  it('offers each person their own work types and conditions', async () => {
    const [amara, ben, chloe] = demo.staff;
    expect(await offerOf(demo.kioskId, amara!.employeeId)).toEqual({ workTypes: ['Baking', 'Counter service', 'Deliveries'], conditions: [] });
    expect(await offerOf(demo.kioskId, ben!.employeeId)).toEqual({ workTypes: ['Baking'], conditions: ['Early start'] });
    expect(await offerOf(demo.counterKiosk!.kioskId, chloe!.employeeId)).toEqual({ workTypes: ['Baking', 'Counter service'], conditions: [] });
  });
});
