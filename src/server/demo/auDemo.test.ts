/** The AU demo: DEMO=1 seeds an AU café beside the UK bakery, its kiosk offering award classifications. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { AU_DEMO_CLASSIFICATIONS, AU_DEMO_FILE, ensureAuDemo } from './seedAuDemo';
import { DemoFile, ensureDemo } from './seedDemo';

let t: TestService;
let dataDir: string;
beforeAll(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-au-'));
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

describe('the AU demo', () => {
  it('is an AU business whose kiosk offers classifications, reached with the UK demo manager, kept in demo-au.json', async () => {
    t.clock.set('2026-11-25T18:00:00Z');
    const options = { dataDir, baseUrl: 'http://127.0.0.1:1', ianaTimeZone: 'Europe/London', firstKioskId: () => Promise.resolve(0), now: t.clock.now() };
    const { file: uk } = await ensureDemo(t.db, t.service, options);
    const au = await ensureAuDemo(t.db, t.service, { dataDir, baseUrl: options.baseUrl, manager: uk.manager });
    expect(DemoFile.parse(JSON.parse(readFileSync(join(dataDir, AU_DEMO_FILE), 'utf8')))).toEqual(au);
    expect(au.businessId).not.toBe(uk.businessId);
    const auth = basicAuth(au.apiKey);
    const business = await t.request('GET', `/api/v2/business/${au.businessId}`, { auth });
    expect(business.body).toMatchObject({ country: 'AU', ianaTimeZone: 'Australia/Sydney' });
    const lookup = await t.request('GET', `/api/v2/business/${au.businessId}/kiosk/${au.kioskId}/lookupdata/${au.staff[0]!.employeeId}`, { auth });
    const offered = z.object({ classifications: z.array(z.object({ description: z.string() })) }).parse(lookup.body).classifications;
    expect(offered.map((c) => c.description)).toEqual([...AU_DEMO_CLASSIFICATIONS]);
    // A second start finds it and keeps the file; losing the file issues new PINs for the same café.
    expect(await ensureAuDemo(t.db, t.service, { dataDir, baseUrl: options.baseUrl, manager: uk.manager })).toEqual(au);
    rmSync(join(dataDir, AU_DEMO_FILE));
    const again = await ensureAuDemo(t.db, t.service, { dataDir, baseUrl: options.baseUrl, manager: uk.manager });
    expect(existsSync(join(dataDir, AU_DEMO_FILE))).toBe(true);
    expect({ businessId: again.businessId, kioskId: again.kioskId }).toEqual({ businessId: au.businessId, kioskId: au.kioskId });
    const pin = await t.request('POST', `/api/v2/business/${au.businessId}/kiosk/${au.kioskId}/checkpin`, {
      auth: basicAuth(again.apiKey),
      json: { employeeId: again.staff[0]!.employeeId, pin: again.staff[0]!.pin },
    });
    expect(pin.status, pin.text).toBe(200);
  });
});
