/**
 * A business's own minimum rest between shifts, at the kiosk, on a set clock (the tablet's and the
 * service's together) over the London fall-back night (02:00 BST becomes 01:00 GMT on 25 October
 * 2026). A manager picks the Australian profile (12 hours' rest), then 10 hours as the business's
 * own minimum (an agreement lowering the Award's), and to stop a clock-on after a short rest; the
 * location override shows the same field and saves its own minimum with the override. Two people
 * finish in the evening, a minute apart: in the morning, the one whose shift ended 9 h 59 min
 * before is warned "since your last shift ended" and refused, told clock-on opens at the wall time
 * 10 real hours after (9 on the wall); the one whose shift ended 10 h before is not warned and
 * clocks on; and 10 hours (not the Award's 12) after the refused person's shift, they may clock on
 * too. Screens are captured in both orientations and axe-checked. The service is the file's own,
 * so its data confuses no other spec.
 */
import type { APIRequestContext } from '@playwright/test';
import { KioskPage, fullName, kioskTime, type StaffMember } from './pages/kiosk';
import { punchAt, storedShift } from './pages/punchAt';
import { ManagerMode } from './pages/manager';
import { peopleOffShift } from './pages/offShift';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { reviewScreen } from './support/screens';
import { apiKeyAuth, ServiceApi } from './support/serviceApi';
import type { DemoFile, ServiceInstance } from './support/serviceProcess';

const ZONE = 'Europe/London';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Saturday 24 October 2026, 19:30 BST. */
const START = '2026-10-24T18:30:00Z';

const test = testWithOwnService({ label: 'own-rest', clockAt: new Date(Date.parse(START) - 10 * MINUTE) }).extend<{ restClocks: Clocks }>({
  restClocks: async ({ context, ownService }, use) => {
    const clocks = bothClocks(context, ownService.clock);
    await clocks.set(START);
    await use(clocks);
  },
});

/** When the service recorded the end of the person's shift that started at or after `from`. */
async function storedEnd(api: ServiceApi, who: StaffMember, from: string): Promise<number> {
  const { end } = await storedShift(api, who, from);
  expect(end, `the clock-off of ${fullName(who)} reached the service`).not.toBeNull();
  return end!;
}

async function storedRules(request: APIRequestContext, service: ServiceInstance<DemoFile>): Promise<unknown> {
  const res = await request.get(`${service.baseURL}/api/v2/business/${service.demo.businessId}/breakrules`, { headers: apiKeyAuth(service.demo.apiKey) });
  expect(res.status()).toBe(200);
  return res.json();
}

test("a business's own 10 hours' rest over the fall-back night: 9 h 59 min warned and refused, 10 h not", async ({ page, request, ownService: service, restClocks: clocks }) => {
  test.setTimeout(300_000);
  const demo = service.demo;
  const api = new ServiceApi(request, service.baseURL, demo);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'Own rest tablet');

  // ---- the manager: Australia, then the business's own 10 hours, then stop a short-rest clock-on ----
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Settings');
  const card = page.getByRole('region', { name: 'Break and rest rules' });
  const minimum = card.getByRole('combobox', { name: 'Minimum rest between shifts' });
  await card.getByRole('radio', { name: /^Australia/ }).click();
  await expect(card.getByRole('radio', { name: /^Australia/ })).toBeChecked();
  await expect(minimum).toHaveValue('profile');
  await expect(minimum.locator('option:checked')).toHaveText('As the rules say (12 h 0 min)');
  await minimum.selectOption({ label: '10 h 0 min' });
  await expect(card.getByText('Break and rest rules saved.')).toBeVisible();
  await expect(minimum).toHaveValue('600');
  await card.getByRole('switch', { name: /^Stop a clock-on after a short rest/ }).click();
  await expect(card.getByRole('switch', { name: /^Stop a clock-on after a short rest/ })).toBeChecked();
  await expect.poll(() => storedRules(request, service)).toEqual({ profile: 'AU', blockShortRest: true, minimumRestMinutes: 600 });
  await card.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'break-rules-own-minimum-rest');

  // The location override offers the same field once the location keeps its own rules (then back to the business's).
  const perLocation = page.getByRole('region', { name: 'Rules per location' });
  await expect(perLocation.getByRole('combobox', { name: 'Location' })).toBeVisible();
  const there = perLocation.getByRole('combobox', { name: 'Minimum rest between shifts' });
  await expect(there).toHaveCount(0);
  await perLocation.getByRole('radio', { name: 'United Kingdom' }).click();
  await expect(there.locator('option:checked')).toHaveText('As the rules say (11 h 0 min)');
  await perLocation.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'location-rules-own-minimum-rest');
  // Its own 9 hours is saved with the location's override; a change of profile keeps it.
  const locationId = Number(await perLocation.getByRole('combobox', { name: 'Location' }).inputValue());
  const locationRules = async () => {
    const res = await request.get(`${service.baseURL}/api/v2/business/${demo.businessId}/location/${locationId}/rules`, { headers: apiKeyAuth(demo.apiKey) });
    return ((await res.json()) as { breakRules: unknown }).breakRules;
  };
  await there.selectOption({ label: '9 h 0 min' });
  await expect.poll(locationRules).toEqual({ profile: 'UK', blockShortRest: false, minimumRestMinutes: 540 });
  await perLocation.getByRole('radio', { name: 'California' }).click();
  await expect.poll(locationRules).toEqual({ profile: 'CA', blockShortRest: false, minimumRestMinutes: 540 });
  await expect(there).toHaveValue('540');
  await perLocation.getByRole('radio', { name: 'Same as the location above, else the business' }).first().click();
  await expect(there).toHaveCount(0);
  await expect.poll(locationRules).toBeNull();
  await manager.exit();

  // ---- the evening: two short shifts, the second to end a minute after the first ------------------
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const [rested, short] = await peopleOffShift(kiosk, demo, 2);
  await punchAt(kiosk, clocks, rested!, 'clockOn', '2026-10-24T18:40:00Z');
  await punchAt(kiosk, clocks, short!, 'clockOn', '2026-10-24T18:41:00Z');
  await punchAt(kiosk, clocks, rested!, 'clockOff', '2026-10-24T19:59:00Z');
  await punchAt(kiosk, clocks, short!, 'clockOff', '2026-10-24T20:00:00Z');
  await kiosk.waitForSync(30_000);
  const restedEnd = await storedEnd(api, rested!, '2026-10-24T18:40:00Z');
  const shortEnd = await storedEnd(api, short!, '2026-10-24T18:41:00Z');

  // ---- the morning after the clocks went back: 10 real hours after the later shift, 9 on the wall ----
  const opens = kioskTime(new Date(shortEnd + 10 * HOUR), ZONE);
  expect(opens).toBe('06:00');
  expect(kioskTime(new Date(shortEnd), ZONE)).toBe('21:00');
  // 9 h 59 min and a few seconds after the later shift ended.
  await clocks.set(new Date(shortEnd + 10 * HOUR - MINUTE + 5_000));
  await kiosk.signIn(fullName(short!), short!.pin);
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveText('9 h 59 min since your last shift ended. The rules ask for 10 h 0 min of rest.');
  await expect(kiosk.actions().getByText(`Clock-on opens at ${opens}, when your rest is complete.`, { exact: false })).toBeVisible();
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeDisabled();
  await reviewScreen(page, 'own-rest-clock-on-stopped');
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await expect(kiosk.grid()).toBeVisible();

  // About then, for the one whose shift ended a minute earlier: 10 h of rest and a few seconds, no warning, clocked on
  // (the clocks never go back: the tablet's journal is in time order).
  await clocks.set(new Date(Math.max(restedEnd + 10 * HOUR + 5_000, (await clocks.now()).getTime())));
  await kiosk.signIn(fullName(rested!), rested!.pin);
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveCount(0);
  await kiosk.choose('clockOn');
  await kiosk.confirmClockOn();
  await kiosk.expectReceipt('clockOn');
  await kiosk.finishReceipt();

  // Ten real hours after the later shift (not the Award's twelve): clock-on opens for them too.
  await clocks.set(new Date(shortEnd + 10 * HOUR + 5_000));
  await kiosk.signIn(fullName(short!), short!.pin);
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveCount(0);
});
