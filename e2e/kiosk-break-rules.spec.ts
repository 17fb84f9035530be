/**
 * Break and rest rules at the kiosk, on a set clock (the tablet's and the service's together):
 * under the UK profile, a person clocked on at 08:30 sees "Meal break due by 14:30" on their card
 * and after their PIN, "was due" once it has passed (offline), and at the next clock-on a warning
 * when less than 11 hours have passed since that shift ended, worked out offline from the
 * tablet's own journal; a minute short of 11 hours it still warns, at 11 hours it does not. A
 * manager who chooses, in Settings, to stop a clock-on after a short rest gets exactly that. The
 * screens are captured at 1280x800 and 800x1280 and checked with axe. The service is the test's
 * own (it starts at the scenario's instant), so its data confuses no other spec.
 */
import type { APIRequestContext } from '@playwright/test';
import { KioskPage, fullName, kioskTime } from './pages/kiosk';
import { ManagerMode } from './pages/manager';
import { peopleOffShift } from './pages/offShift';
import { bothClocks, type Clocks } from './support/clocks';
import { expect, test as base } from './support/fixtures';
import { reviewScreen } from './support/screens';
import { apiKeyAuth, ServiceApi } from './support/serviceApi';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 08:30 British Summer Time. */
const CLOCK_ON = '2026-06-10T07:30:00Z';

const test = base.extend<{ rulesService: ServiceInstance<DemoFile>; rulesClocks: Clocks }>({
  rulesService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const service = await startService({ demo: true, label: 'break-rules', clockAt: new Date(Date.parse(CLOCK_ON) - 20 * MINUTE) });
      try {
        await use(service);
      } finally {
        await service.stop();
      }
    },
    { timeout: 200_000 },
  ],
  rulesClocks: async ({ context, rulesService }, use) => {
    const clocks = bothClocks(context, rulesService.clock);
    await clocks.set(new Date(Date.parse(CLOCK_ON) - 20 * MINUTE));
    await use(clocks);
  },
  baseURL: async ({ rulesService }, use) => {
    await use(rulesService.baseURL);
  },
});

test('meal break due and a short rest, online and offline, under the UK profile', async ({ page, context, request, rulesService: service, rulesClocks: clocks }) => {
  test.setTimeout(240_000);
  const demo = service.demo;
  const api = new ServiceApi(request, service.baseURL, demo);
  const saved = await request.post(`${service.baseURL}/api/v2/business/${demo.businessId}/breakrules`, {
    headers: apiKeyAuth(demo.apiKey),
    data: { profile: 'UK', blockShortRest: false },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const zone = (await api.kiosk()).ianaTimeZone ?? 'Europe/London';

  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'Break rules tablet');
  // Someone not on shift (the demo has people clocked on around the seeding time).
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const person = (await peopleOffShift(kiosk, demo))[0]!;
  const name = fullName(person);

  // ---- 08:30 clock-on: the break is due 6 hours later, at 14:30 ----------------------------------
  await clocks.set(new Date(Date.parse(CLOCK_ON) + 10_000));
  await kiosk.signIn(name, person.pin);
  await kiosk.choose('clockOn');
  await kiosk.confirmClockOn();
  await kiosk.expectReceipt('clockOn');
  await kiosk.finishReceipt();
  const dueBy = kioskTime(new Date(Date.parse(CLOCK_ON) + 6 * HOUR + 10_000), zone);
  expect(dueBy).toBe('14:30');
  const cardMeal = kiosk.card(name).getByTestId('meal-due');
  await expect(cardMeal).toHaveText(`Meal break due by ${dueBy}`);
  await expect(kiosk.card(name)).toHaveAccessibleDescription(new RegExp(`Meal break due by ${dueBy}`));
  await reviewScreen(page, 'break-rules-grid-meal-due');

  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break due by ${dueBy}`);
  await reviewScreen(page, 'break-rules-actions-meal-due');
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await kiosk.waitForSync(30_000);

  // ---- 14:31, offline: overdue; the clock-off waits in the outbox ---------------------------------
  await context.setOffline(true);
  // Forward (not set): the grid's minute timer fires, as it would have over the hours.
  await clocks.forward(Date.parse(CLOCK_ON) + 6 * HOUR + MINUTE + 10_000 - (await page.evaluate(() => Date.now())));
  await expect(cardMeal).toHaveText(`Meal break was due by ${dueBy}`);
  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break was due by ${dueBy}`);
  await reviewScreen(page, 'break-rules-actions-meal-overdue');
  await kiosk.choose('clockOff');
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await expect(cardMeal).toHaveCount(0);

  // ---- an hour later, still offline: a short rest from the tablet's own journal --------------------
  await clocks.forward(HOUR);
  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveText(
    /^(59 min|1 h 0 min) since your last shift ended\. The rules ask for 11 h 0 min of rest\.$/,
  );
  // A warning informs: Clock on is still offered.
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
  await reviewScreen(page, 'break-rules-short-rest-offline');
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await context.setOffline(false);
  await kiosk.waitForSync(60_000);

  // ---- the edges, from the clock-off the service stored: a minute short of 11 h, then 11 h ---------
  const shift = (await api.shifts(person.employeeId)).find((s) => s.endTimeUtc && Date.parse(s.startTimeUtc) >= Date.parse(CLOCK_ON));
  const ended = Date.parse(shift?.endTimeUtc ?? '');
  expect(Number.isNaN(ended), 'the offline clock-off reached the service').toBe(false);
  await clocks.set(new Date(ended + 11 * HOUR - MINUTE - 5_000));
  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveText('10 h 58 min since your last shift ended. The rules ask for 11 h 0 min of rest.');
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await clocks.set(new Date(ended + 11 * HOUR + 2_000));
  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeVisible();
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveCount(0);
});

test('a manager chooses the UK rules and to stop a clock-on after a short rest; the kiosk does', async ({ page, request, rulesService: service, rulesClocks: clocks }) => {
  test.setTimeout(240_000);
  const demo = service.demo;
  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'Break rules settings tablet');
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Settings');
  const card = page.getByRole('region', { name: 'Break and rest rules' });
  // Saved at once: the radio shows the stored choice once the service has it.
  await card.getByRole('radio', { name: /^United Kingdom/ }).click();
  await expect(card.getByText('Break and rest rules saved.')).toBeVisible();
  await expect(card.getByRole('radio', { name: /^United Kingdom/ })).toBeChecked();
  await card.getByRole('switch', { name: /^Stop a clock-on after a short rest/ }).click();
  await expect(card.getByRole('switch', { name: /^Stop a clock-on after a short rest/ })).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'break-rules-manager-settings');
  const stored = await request.get(`${service.baseURL}/api/v2/business/${demo.businessId}/breakrules`, { headers: apiKeyAuth(demo.apiKey) });
  expect(await stored.json()).toEqual({ profile: 'UK', blockShortRest: true });
  await manager.exit();

  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const person = (await peopleOffShift(kiosk, demo, 1, ['Everyone else']))[0]!;
  const name = fullName(person);
  // A short shift, 08:30 to 08:40, then back at 09:40: an hour's rest.
  await clocks.set(new Date(Date.parse(CLOCK_ON) + 10_000));
  await kiosk.signIn(name, person.pin);
  await kiosk.choose('clockOn');
  await kiosk.confirmClockOn();
  await kiosk.expectReceipt('clockOn');
  await kiosk.finishReceipt();
  await clocks.forward(10 * MINUTE);
  await kiosk.signIn(name, person.pin);
  await kiosk.choose('clockOff');
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await clocks.forward(HOUR);
  await kiosk.signIn(name, person.pin);
  const opens = kioskTime(new Date(Date.parse(CLOCK_ON) + 10 * MINUTE + 11 * HOUR + 10_000), await zoneOf(request, service.baseURL, demo));
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveText(/^(59 min|1 h 0 min) since your last shift ended\. The rules ask for 11 h 0 min of rest\.$/);
  await expect(kiosk.actions().getByText(`Clock-on opens at ${opens}, when your rest is complete.`, { exact: false })).toBeVisible();
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeDisabled();
  await reviewScreen(page, 'break-rules-clock-on-stopped');
});

async function zoneOf(request: APIRequestContext, serviceURL: string, demo: DemoFile): Promise<string> {
  return (await new ServiceApi(request, serviceURL, demo).kiosk()).ianaTimeZone ?? 'Europe/London';
}
