/**
 * Locations, as a new user meets them on the demo: the bakery's counter kiosk lists only
 * the staff of the front counter, and a work type the business requires (its timesheet settings,
 * not the kiosk's own switch) is asked for on the options step before the clock-on is sent. The
 * options step with the business's requirement is screenshotted in both orientations (axe too).
 */
import { KioskPage, fullName } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { apiKeyAuth } from './support/serviceApi';

test.describe("a kiosk at one location, and the business's required work type", () => {
  test("the counter's kiosk lists the counter's staff, and asks for the work type the business requires", async ({ page, request, demo, serviceURL }) => {
    test.setTimeout(90_000);
    const counter = demo.counterKiosk;
    if (!counter) throw new Error('demo.json has no counter kiosk');
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, { ...demo, kioskId: counter.kioskId }, 'E2E counter tablet');

    const names = ['Chloe Martin', 'Dev Patel', 'Mia Chen', 'Noah Evans', 'Priya Shah'];
    await expect(kiosk.grid().getByRole('listitem')).toHaveCount(names.length);
    for (const name of names) await expect(kiosk.grid().getByText(name, { exact: true })).toBeVisible();
    await expect(kiosk.grid().getByText(fullName(demo.staff[0]!), { exact: true })).toHaveCount(0);

    const settingsUrl = `${serviceURL}/api/v2/business/${demo.businessId}/timesheetsettings`;
    const headers = apiKeyAuth(demo.apiKey);
    const before = (await (await request.get(settingsUrl, { headers })).json()) as Record<string, unknown>;
    const saved = await request.put(settingsUrl, { headers, data: { ...before, requireWorkType: true } });
    expect(saved.ok(), await saved.text()).toBe(true);
    try {
      // The tablet learns the business's settings with its next refresh (the policy it keeps).
      await page.reload();
      await expect(kiosk.grid()).toBeVisible({ timeout: 15_000 });
      const noah = counter.staff.find((s) => s.firstName === 'Noah')!;
      await kiosk.signIn(fullName(noah), noah.pin);
      await kiosk.choose('clockOn');
      const workType = kiosk.options().getByRole('group', { name: /^Work type/ });
      await expect(workType).toContainText('required');
      await expect(workType.getByRole('radio', { name: 'No work type', exact: true })).toHaveCount(0);
      await kiosk.confirmClockOn();
      await expect(kiosk.options().getByText('Choose a work type to continue.')).toBeVisible();
      await kiosk.review('options-business-requires-work-type', kiosk.options());

      await kiosk.pickOption('Work type', 'Counter service');
      await kiosk.confirmClockOn();
      await kiosk.expectReceipt('clockOn');
      await kiosk.finishReceipt();
      await kiosk.waitForSync(30_000);
      // Leave Noah clocked off for the next run against the same data.
      await kiosk.signIn(fullName(noah), noah.pin);
      await kiosk.choose('clockOff');
      await kiosk.expectReceipt('clockOff');
      await kiosk.finishReceipt();
      await kiosk.waitForSync(30_000);
    } finally {
      await request.put(settingsUrl, { headers, data: before });
    }
  });
});
