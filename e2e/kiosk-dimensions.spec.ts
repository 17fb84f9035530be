/**
 * Reporting dimensions at the kiosk: the demo's counter kiosk has
 * `timesheetDimensionsEnabled` and the bakery a "Department" dimension (B/reportingdimension, a
 * project extension). The options step offers a picker for it; the value chosen goes into the
 * clock-on's outbox entry as `dimensionValueIds` (held in flight here to read it), reaches the
 * service and comes back on the shift search as `dimensionValues`. The options step is
 * screenshotted in both orientations, scanned with axe, and in Spanish too.
 */
import type { Route } from '@playwright/test';
import { KioskPage, fullName } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { apiKeyAuth } from './support/serviceApi';

test.describe('reporting dimensions at the kiosk', () => {
  test('the options step offers the Department values; the choice is queued with the clock-on and recorded on the shift', async ({ page, context, request, demo, serviceURL }) => {
    test.setTimeout(90_000);
    const counter = demo.counterKiosk;
    if (!counter) throw new Error('demo.json has no counter kiosk');
    const mia = counter.staff.find((s) => s.firstName === 'Mia')!;
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, { ...demo, kioskId: counter.kioskId }, 'E2E dimensions tablet');

    await kiosk.signIn(fullName(mia), mia.pin);
    await kiosk.choose('clockOn');
    await expect(kiosk.options().getByRole('heading', { name: 'Before you clock on' })).toBeVisible();
    const department = kiosk.options().getByRole('group', { name: /^Department/ });
    await expect(department.getByRole('radio')).toHaveCount(4);
    for (const label of ['None', 'Bakery', 'Catering', 'Front of house']) {
      await expect(department.getByRole('radio', { name: label, exact: true })).toBeVisible();
    }
    await expect(department.getByRole('radio', { name: 'None', exact: true })).toBeChecked();
    await kiosk.review('options-reporting-dimension', kiosk.options());
    await kiosk.switchLanguage('Español');
    await expect(kiosk.options().getByRole('group', { name: /^Department/ }).getByRole('radio', { name: 'Ninguno', exact: true })).toBeVisible();
    await kiosk.review('options-reporting-dimension-es', kiosk.options());
    await kiosk.header.getByRole('button', { name: 'Idioma: English' }).click();

    // Hold the clock-on in flight, to read the queued entry as the tablet keeps it.
    const held: Route[] = [];
    let releasing = false;
    await context.route('**/kiosk/*/clockon', (route) => void (releasing ? route.continue() : held.push(route)));
    await department.getByRole('radio', { name: 'Front of house', exact: true }).check();
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    const store = new KioskStore(page);
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [entry] = (await store.outbox()).filter((e) => e.op === 'clockOn' && e.employeeId === mia.employeeId);
    const headers = apiKeyAuth(demo.apiKey);
    const dimensions = await request.get(`${serviceURL}/api/v2/business/${demo.businessId}/reportingdimension`, { headers });
    type Dimension = { name: string; values: Array<{ id: number; name: string; reportingDimensionId: number }> };
    const front = ((await dimensions.json()) as Dimension[]).find((d) => d.name === 'Department')?.values.find((v) => v.name === 'Front of house');
    expect(front).toBeDefined();
    expect(entry?.body.dimensionValueIds).toEqual([front?.id]);
    releasing = true;
    for (const route of held) await route.continue();
    await kiosk.finishReceipt();
    await kiosk.waitForSync(30_000);

    const search = await request.post(`${serviceURL}/api/v2/business/${demo.businessId}/kiosk/shifts`, { headers, data: { employeeId: mia.employeeId } });
    expect(search.ok(), await search.text()).toBe(true);
    const [shift] = (await search.json()) as Array<{ dimensionValues: unknown; endTimeUtc: string | null }>;
    expect(shift).toMatchObject({ dimensionValues: [front], endTimeUtc: null });

    // Leave Mia clocked off for the next run against the same data.
    await kiosk.signIn(fullName(mia), mia.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');
    await kiosk.finishReceipt();
    await kiosk.waitForSync(30_000);
  });
});
