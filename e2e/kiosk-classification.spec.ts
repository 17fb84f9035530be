/**
 * An AU kiosk: the demo's Australian café (DEMO=1 seeds it beside the UK bakery,
 * <DATA_DIR>/demo-au.json) offers its award classifications at clock-on. The choice goes into the
 * clock-on's outbox entry (held in flight here to read it), reaches the service and comes back on
 * the shift search. The options step is screenshotted in both orientations, scanned with axe, and
 * in Spanish too; a UK kiosk's options step has no classification choice (employee.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Route } from '@playwright/test';
import { KioskPage, fullName } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { apiKeyAuth } from './support/serviceApi';
import type { DemoFile } from './support/serviceProcess';

/** The AU demo's file, beside the worker's service's demo.json. */
function auDemo(dataDir: string): DemoFile {
  return JSON.parse(readFileSync(join(dataDir, 'demo-au.json'), 'utf8')) as DemoFile;
}

test.describe('AU kiosk: award classifications', () => {
  test('the options step offers the classifications; the choice is queued with the clock-on and recorded on the shift', async ({ page, context, request, serviceURL, workerService }) => {
    test.setTimeout(90_000);
    const demo = auDemo(workerService.dataDir);
    const mia = demo.staff[0]!;
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo, 'E2E AU tablet', 'Bondi Beach Café');

    await kiosk.signIn(fullName(mia), mia.pin);
    await kiosk.choose('clockOn');
    await expect(kiosk.options().getByRole('heading', { name: 'Before you clock on' })).toBeVisible();
    const choice = kiosk.options().getByRole('group', { name: /^Classification/ });
    await expect(choice.getByRole('radio')).toHaveCount(4);
    for (const label of ['No classification', 'Retail Employee Level 1', 'Retail Employee Level 2', 'Retail Employee Level 3']) {
      await expect(choice.getByRole('radio', { name: label, exact: true })).toBeVisible();
    }
    await expect(choice.getByRole('radio', { name: 'No classification', exact: true })).toBeChecked();
    await kiosk.review('options-au-classification', kiosk.options());
    await kiosk.switchLanguage('Español');
    await expect(kiosk.options().getByRole('group', { name: /^Categoría profesional/ })).toBeVisible();
    await kiosk.review('options-au-classification-es', kiosk.options());
    await kiosk.header.getByRole('button', { name: 'Idioma: English' }).click();

    // Hold the clock-on in flight, to read the queued entry as the tablet keeps it.
    const held: Route[] = [];
    let releasing = false;
    await context.route('**/kiosk/*/clockon', (route) => void (releasing ? route.continue() : held.push(route)));
    await kiosk.pickOption('Classification', 'Retail Employee Level 2');
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    const store = new KioskStore(page);
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [entry] = (await store.outbox()).filter((e) => e.op === 'clockOn' && e.employeeId === mia.employeeId);
    const lookup = await request.get(`${serviceURL}/api/v2/business/${demo.businessId}/classification`, { headers: apiKeyAuth(demo.apiKey) });
    const level2 = ((await lookup.json()) as Array<{ id: number; description: string }>).find((c) => c.description === 'Retail Employee Level 2');
    expect(entry?.body.classificationId).toBe(level2?.id);
    releasing = true;
    for (const route of held) await route.continue();
    await kiosk.finishReceipt();
    await kiosk.waitForSync(30_000);

    const search = await request.post(`${serviceURL}/api/v2/business/${demo.businessId}/kiosk/shifts`, {
      headers: apiKeyAuth(demo.apiKey),
      data: { employeeId: mia.employeeId },
    });
    expect(search.ok(), await search.text()).toBe(true);
    const [shift] = (await search.json()) as Array<{ classificationId: number | null; classificationName: string | null; endTimeUtc: string | null }>;
    expect(shift).toMatchObject({ classificationId: level2?.id, classificationName: 'Retail Employee Level 2', endTimeUtc: null });

    // Leave Mia clocked off for the next run against the same data.
    await kiosk.signIn(fullName(mia), mia.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');
    await kiosk.finishReceipt();
    await kiosk.waitForSync(30_000);
  });
});
