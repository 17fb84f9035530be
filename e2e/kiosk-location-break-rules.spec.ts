/**
 * The break rules of the location a kiosk stands at, before a clock-on and on the grid, on a set
 * clock (the tablet's and the service's together). The business keeps the Australian rules (12
 * hours' rest, a meal within 5 hours); its counter kiosk stands at "Front counter", which has no
 * rules of its own but sits under "UK shops", whose override is the UK's (11 hours, 6 hours). A
 * person at the counter sees the meal break due under the UK's 6 hours on their card and after
 * their PIN; after a short shift, a rest of 10 h 0 min is warned about at the UK minimum, and 11 h
 * 1 min is not (the business's 12 hours would still warn). When "UK shops" refuses a clock-on after
 * a short rest, the counter's tablet refuses it, offline too; without the override, the counter
 * follows the business's rules, which warn (at 12 hours) and never refuse, while a clock-on at the
 * bakery floor (Australian rules that refuse), chosen on the options screen, is refused when it is
 * recorded, offline, and one at the counter goes ahead. The service is the
 * test's own (the overrides would change what other specs' counter kiosk does).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { UkLocationModel } from '../src/contract/generated/models';
import { counterKioskOf } from './pages/counterKiosk';
import { KioskPage, fullName, kioskTime } from './pages/kiosk';
import { peopleOffShift } from './pages/offShift';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { KioskStore } from './support/kioskStore';
import { reviewScreen } from './support/screens';
import { ServiceApi } from './support/serviceApi';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 08:30 British Summer Time. */
const CLOCK_ON = '2026-06-10T07:30:00Z';

const test = testWithOwnService({ label: 'location-break-rules', clockAt: new Date(Date.parse(CLOCK_ON) - 20 * MINUTE) }).extend<{ ruleClocks: Clocks }>({
  ruleClocks: async ({ context, ownService }, use) => {
    await use(bothClocks(context, ownService.clock));
  },
});

async function post(request: APIRequestContext, url: string, headers: Record<string, string>, data: unknown, method: 'post' | 'put' = 'post') {
  const res = await request[method](url, { headers, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as unknown;
}

/** Reloads the tablet (it takes its policy again when it starts) and waits until it keeps these overrides. */
async function reloadForPolicy(page: Page, kiosk: KioskPage, locationRules: unknown[]) {
  await page.reload();
  await expect(kiosk.grid()).toBeVisible({ timeout: 15_000 });
  const store = new KioskStore(page);
  await expect.poll(async () => (await store.meta<{ locationRules?: unknown }>('policy'))?.locationRules, { message: 'the tablet keeps the new overrides', timeout: 30_000 }).toEqual(locationRules);
}

test("a kiosk follows its location's rules (inherited from the location above) before a clock-on and on the grid", async ({ page, context, request, ownService: service, ruleClocks: clocks }) => {
  test.setTimeout(300_000);
  await clocks.set(CLOCK_ON);
  const demo = service.demo;
  const { counter, headers, business, kioskModel } = await counterKioskOf(request, service);
  const zone = kioskModel.ianaTimeZone;

  // An Australian business; "UK shops" keeps the UK's rules; the counter's location moves under it.
  await post(request, `${business}/breakrules`, headers, { profile: 'AU', blockShortRest: false });
  const ukShops = UkLocationModel.parse(await post(request, `${business}/location`, headers, { name: 'UK shops' })).id;
  const frontCounter = UkLocationModel.parse(await (await request.get(`${business}/location/${kioskModel.locationId}`, { headers })).json());
  await post(request, `${business}/location/${frontCounter.id}`, headers, { ...frontCounter, parentId: ukShops }, 'put');
  const ukRules = (blockShortRest: boolean) => ({ breakRules: { profile: 'UK', blockShortRest }, attestations: null });
  await post(request, `${business}/location/${ukShops}/rules`, headers, ukRules(false));
  expect((await (await request.get(`${business}/location/${frontCounter.id}/rules`, { headers })).json())).toEqual({ locationId: frontCounter.id, breakRules: null, attestations: null });

  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, { ...demo, kioskId: counter.kioskId }, 'Counter location rules tablet');
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const person = (await peopleOffShift(kiosk, { ...demo, staff: counter.staff }, 1, ['Everyone else']))[0]!;
  const name = fullName(person);

  // ---- 08:30 clock-on: the meal break is due under the UK's 6 hours, not the business's 5 ---------
  await clocks.set(new Date(Date.parse(CLOCK_ON) + 10_000));
  await kiosk.clockOnAsIs(person);
  const dueBy = kioskTime(new Date(Date.parse(CLOCK_ON) + 6 * HOUR + 10_000), zone);
  expect(dueBy).toBe('14:30');
  await expect(kiosk.card(name).getByTestId('meal-due')).toHaveText(`Meal break due by ${dueBy}`);
  await reviewScreen(page, 'location-rules-grid-meal-due');
  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break due by ${dueBy}`);
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();

  // ---- 09:30 clock-off; the next morning, at 10 h 0 min of rest: warned at the UK's minimum -------
  await clocks.forward(HOUR);
  await kiosk.signIn(name, person.pin);
  await kiosk.choose('clockOff');
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await kiosk.waitForSync(30_000);
  const shift = (await new ServiceApi(request, service.baseURL, { ...demo, kioskId: counter.kioskId }).shifts(person.employeeId)).find((s) => s.endTimeUtc && Date.parse(s.startTimeUtc) >= Date.parse(CLOCK_ON));
  const ended = Date.parse(shift?.endTimeUtc ?? '');
  expect(Number.isNaN(ended), 'the clock-off reached the service').toBe(false);
  // Each check sets the clocks again: they run on at real speed, and the rest is shown to the minute.
  await clocks.set(new Date(ended + 10 * HOUR + 5_000));
  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveText('10 h 0 min since your last shift ended. The rules ask for 11 h 0 min of rest.');
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();

  // ---- "UK shops" refuses a clock-on after a short rest: the counter's tablet does, offline too ----
  await post(request, `${business}/location/${ukShops}/rules`, headers, ukRules(true));
  await reloadForPolicy(page, kiosk, [{ locationId: ukShops, ...ukRules(true) }]);
  await context.setOffline(true);
  await clocks.set(new Date(ended + 10 * HOUR + 5_000));
  await kiosk.signIn(name, person.pin);
  const opens = kioskTime(new Date(ended + 11 * HOUR), zone);
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveText('10 h 0 min since your last shift ended. The rules ask for 11 h 0 min of rest.');
  await expect(kiosk.actions().getByText(`Clock-on opens at ${opens}, when your rest is complete.`, { exact: false })).toBeVisible();
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeDisabled();
  await reviewScreen(page, 'location-rules-clock-on-stopped');
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();

  // ---- 11 h 1 min: enough under the UK's rules (the business's 12 hours would still warn) ----------
  await clocks.set(new Date(ended + 11 * HOUR + MINUTE + 5_000));
  await kiosk.signIn(name, person.pin);
  await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveCount(0);
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await context.setOffline(false);

  // ---- without the override, the counter follows the business's rules: warned at 12 h, never refused;
  // the bakery floor refuses (Australian rules, blocking), so a clock-on there, chosen on the options
  // screen, is refused when recorded, offline, while one at the counter goes ahead.
  await post(request, `${business}/location/${ukShops}/rules`, headers, { breakRules: null, attestations: null });
  const bakery = ((await (await request.get(`${business}/kiosk/${demo.kioskId}`, { headers })).json()) as { locationId: number }).locationId;
  const bakeryRules = { breakRules: { profile: 'AU', blockShortRest: true }, attestations: null };
  await post(request, `${business}/location/${bakery}/rules`, headers, bakeryRules);
  await reloadForPolicy(page, kiosk, [{ locationId: bakery, ...bakeryRules }]);
  await context.setOffline(true);
  await clocks.set(new Date(ended + 11 * HOUR + MINUTE + 5_000));
  await kiosk.signIn(name, person.pin);
  const shortRest = '11 h 1 min since your last shift ended. The rules ask for 12 h 0 min of rest.';
  await expect(kiosk.actions().getByTestId('short-rest')).toHaveText(shortRest);
  await kiosk.choose('clockOn');
  await kiosk.pickOption('Location', 'Bakery floor');
  await kiosk.confirmClockOn();
  const refusal = `${shortRest} Clock-on opens at ${kioskTime(new Date(ended + 12 * HOUR), zone)}, when your rest is complete. Ask a manager if you are needed sooner.`;
  await expect(kiosk.options().getByText(refusal)).toBeVisible();
  await reviewScreen(page, 'location-rules-clock-on-refused-there');
  await kiosk.pickOption('Location', 'UK shops/Front counter');
  await kiosk.confirmClockOn();
  await kiosk.expectReceipt('clockOn');
  await kiosk.finishReceipt();
  await context.setOffline(false);
  await kiosk.waitForSync(30_000);
  const open = (await new ServiceApi(request, service.baseURL, { ...demo, kioskId: counter.kioskId }).shifts(person.employeeId)).filter((s) => s.endTimeUtc === null);
  expect(open.map((s) => s.locationId)).toEqual([frontCounter.id]);
});
