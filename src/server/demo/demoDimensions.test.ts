/**
 * Reporting dimensions on the demo data, through the real app: the counter's kiosk has
 * them on and offers the business's "Department" values at clock-on; the bakery floor's kiosk
 * (the demo kiosk the browser tests use) keeps them off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UkTimeAndAttendanceLookupDataModel } from '../../contract/generated/models';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { ensureDemo, type DemoFile } from './seedDemo';

let t: TestService;
let dataDir: string;
let demo: DemoFile;
beforeAll(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-dimensions-'));
  t.clock.set('2026-11-25T14:00:00Z');
  const options = { dataDir, baseUrl: 'http://127.0.0.1:1', ianaTimeZone: 'Europe/London', firstKioskId: () => Promise.resolve(0), now: t.clock.now() };
  demo = (await ensureDemo(t.db, t.service, options)).file;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

const lookup = async (kioskId: number, employeeId: number) => {
  const res = await t.request('GET', `/api/v2/business/${demo.businessId}/kiosk/${kioskId}/lookupdata/${employeeId}`, { auth: basicAuth(demo.apiKey) });
  expect(res.status, res.text).toBe(200);
  return UkTimeAndAttendanceLookupDataModel.parse(res.body);
};

it("offers the Department dimension at the counter's kiosk, and none at the bakery floor's", async () => {
  const counter = demo.counterKiosk!;
  const atCounter = await lookup(counter.kioskId, counter.staff[0]!.employeeId);
  expect(atCounter.reportingDimensionsEnabled).toBe(true);
  expect(atCounter.reportingDimensionGroups?.map((g) => g.text)).toEqual(['Department']);
  expect(atCounter.reportingDimensionValues?.map((v) => v.text)).toEqual(['Bakery', 'Catering', 'Front of house']);
  const atFloor = await lookup(demo.kioskId, demo.staff[0]!.employeeId);
  expect(atFloor).toMatchObject({ reportingDimensionsEnabled: false, reportingDimensionGroups: [], reportingDimensionValues: [] });
});
