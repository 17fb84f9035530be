/**
 * A location's own questions at clock-off, at the kiosk: the business asks nothing, its front
 * counter asks "Are you leaving work free of any injury?" at every clock-off (a location override,
 * `POST B/location/{id}/rules`). A person clocked on at the counter's kiosk (so to the counter) is
 * asked at clock-off, offline: the tablet finds the shift's location in its own journal, and the
 * answer reaches the service once the network is back. Then the counter asks it only after shifts
 * over 4 hours, and two people who forgot to clock off say when they finished, offline: the one
 * whose shift as stated lasted 3 hours is not asked; the one whose lasted 5 is, and the answer
 * arrives with the clock-off and its stated finish. The clocks (tablet and service) are set; the
 * service is the test's own (the override would change what other specs' counter kiosk asks).
 */
import type { APIRequestContext } from '@playwright/test';
import { AttestationModel } from '../src/contract/supporting/attestations';
import { counterKioskOf } from './pages/counterKiosk';
import { KioskPage, fullName, kioskTime } from './pages/kiosk';
import { KioskRosterScreens } from './pages/kioskRoster';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { apiKeyAuth } from './support/serviceApi';
import type { DemoFile, ServiceInstance } from './support/serviceProcess';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Each test begins at its own instant, later than the one before ended (the file shares its service).
const FIRST_START = '2026-06-10T07:30:00Z';
const SECOND_START = '2026-06-12T07:30:00Z';

const test = testWithOwnService({ label: 'location-rules', clockAt: new Date(Date.parse(FIRST_START) - 20 * MINUTE) }).extend<{ ruleClocks: Clocks }>({
  ruleClocks: async ({ context, ownService }, use) => {
    await use(bothClocks(context, ownService.clock));
  },
});

async function answersOf(request: APIRequestContext, service: ServiceInstance<DemoFile>, employeeId: number) {
  const res = await request.get(`${service.baseURL}/api/v2/business/${service.demo.businessId}/attestations`, { headers: apiKeyAuth(service.demo.apiKey) });
  expect(res.status(), await res.text()).toBe(200);
  return AttestationModel.array()
    .parse(await res.json())
    .filter((a) => a.employeeId === employeeId)
    .map((a) => a.answers);
}

test("a location's questions are asked at clock-off of a shift there, offline", async ({ page, context, request, ownService: service, ruleClocks: clocks }) => {
  await clocks.set(FIRST_START);
  test.setTimeout(240_000);
  const demo = service.demo;
  const { counter, headers, business, kioskModel } = await counterKioskOf(request, service);
  expect(kioskModel.locationId).not.toBeNull();
  expect((await (await request.get(`${business}/attestationsettings`, { headers })).json())).toEqual({ rules: [] });
  const saved = await request.post(`${business}/location/${kioskModel.locationId}/rules`, {
    headers,
    data: { breakRules: null, attestations: { rules: [{ question: 'Injury', askWhen: 'Always', hours: 0 }] } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, { ...demo, kioskId: counter.kioskId }, 'Counter rules tablet');
  const person = counter.staff.find((s) => s.firstName === 'Priya') ?? counter.staff[0]!;
  await kiosk.clockOnAsIs(person);
  await kiosk.waitForSync(30_000);

  await context.setOffline(true);
  await kiosk.signIn(fullName(person), person.pin);
  await kiosk.choose('clockOff');
  const question = page.getByTestId('attest-Injury');
  await expect(question.getByRole('group', { name: 'Are you leaving work free of any injury?' })).toBeVisible();
  await question.getByRole('radio', { name: 'Yes, no injury' }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await context.setOffline(false);
  await kiosk.waitForSync(60_000);

  await expect.poll(() => answersOf(request, service, person.employeeId), { timeout: 30_000 }).toEqual([[{ question: 'Injury', version: 1, answer: 'NoInjury' }]]);
});

test('a forgotten clock-off is asked the questions due for the shift as stated, offline', async ({ page, context, request, ownService: service, ruleClocks: clocks }) => {
  test.setTimeout(240_000);
  await clocks.set(SECOND_START);
  const demo = service.demo;
  const { counter, headers, business, kioskModel } = await counterKioskOf(request, service);
  const saved = await request.post(`${business}/location/${kioskModel.locationId}/rules`, {
    headers,
    data: { breakRules: null, attestations: { rules: [{ question: 'Injury', askWhen: 'ShiftLongerThan', hours: 4 }] } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const kiosk = new KioskPage(page);
  const roster = new KioskRosterScreens(kiosk);
  await kiosk.enrol(service.baseURL, { ...demo, kioskId: counter.kioskId }, 'Counter forgotten tablet');
  const [short, long] = counter.staff.filter((s) => s.firstName !== 'Priya');
  if (!short || !long) throw new Error('the counter has too few staff');
  const clockOn = Date.parse(SECOND_START) + 10_000;
  await clocks.set(new Date(clockOn));
  for (const person of [short, long]) await kiosk.clockOnAsIs(person);
  await kiosk.waitForSync(30_000);

  // 14 hours on, offline: both forgot to clock off.
  await clocks.forward(14 * HOUR);
  await context.setOffline(true);
  await roster.signInForgotten(fullName(short), short.pin);
  await roster.setFinishTime(kioskTime(new Date(clockOn + 3 * HOUR), kioskModel.ianaTimeZone));
  await roster.clockMeOff();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();

  await roster.signInForgotten(fullName(long), long.pin);
  await roster.setFinishTime(kioskTime(new Date(clockOn + 5 * HOUR), kioskModel.ianaTimeZone));
  await roster.clockMeOff();
  const question = page.getByTestId('attest-Injury');
  await expect(question.getByRole('group', { name: 'Are you leaving work free of any injury?' })).toBeVisible();
  await question.getByRole('radio', { name: 'No, I was hurt at work' }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await expect(kiosk.receipt.getByText(/^A manager will confirm that you finished at /)).toBeVisible();
  await kiosk.finishReceipt();

  await context.setOffline(false);
  await kiosk.waitForSync(60_000);
  await expect.poll(() => answersOf(request, service, long.employeeId), { timeout: 30_000 }).toEqual([[{ question: 'Injury', version: 1, answer: 'Injured' }]]);
  expect(await answersOf(request, service, short.employeeId)).toEqual([]);
  const corrections = await request.get(`${business}/shiftcorrections`, { headers });
  expect(corrections.status(), await corrections.text()).toBe(200);
  const stated = ((await corrections.json()) as Array<{ employeeId: number; statedFinishUtc: string }>).filter((c) => c.employeeId === long.employeeId);
  expect(stated.map((c) => Date.parse(c.statedFinishUtc))).toEqual([Math.floor((clockOn + 5 * HOUR) / MINUTE) * MINUTE]);
});
