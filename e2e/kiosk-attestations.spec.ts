/**
 * Attestations at clock-off on a set clock (the tablet's and the service's together), under the
 * California profile and a business asking "Did you get your meal break?" when a meal break was
 * missed: a clock-off 20 seconds before the end of the 5th hour asks nothing; 20 seconds after it
 * asks, online (the answer reaches the service with its wording's version and flags the line) and
 * offline (the answer waits in the outbox with its clock-off and arrives when the network is
 * back). Managers see the answers and the flag on Timesheets. The screens are captured at
 * 1280x800 and 800x1280 and checked with axe. The service is the test's own.
 */
import type { APIRequestContext } from '@playwright/test';
import { AttestationModel } from '../src/contract/supporting/attestations';
import { KioskPage, fullName, type StaffMember } from './pages/kiosk';
import { ManagerMode } from './pages/manager';
import { peopleOffShift } from './pages/offShift';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { reviewScreen } from './support/screens';
import { apiKeyAuth, ServiceApi } from './support/serviceApi';
import type { DemoFile, ServiceInstance } from './support/serviceProcess';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CLOCK_ON = '2026-06-10T07:30:00Z';
const EDGE_MARGIN_MS = 20_000;

const test = testWithOwnService({ label: 'attestations', clockAt: new Date(Date.parse(CLOCK_ON) - 20 * MINUTE) }).extend<{ attestClocks: Clocks }>({
  attestClocks: async ({ context, ownService }, use) => {
    const clocks = bothClocks(context, ownService.clock);
    await clocks.set(new Date(Date.parse(CLOCK_ON) - 20 * MINUTE));
    await use(clocks);
  },
});

async function post(request: APIRequestContext, service: ServiceInstance<DemoFile>, path: string, data: unknown): Promise<void> {
  const res = await request.post(`${service.baseURL}/api/v2/business/${service.demo.businessId}/${path}`, { headers: apiKeyAuth(service.demo.apiKey), data });
  expect(res.status(), await res.text()).toBe(200);
}

async function attestationsOf(request: APIRequestContext, service: ServiceInstance<DemoFile>, employeeId: number): Promise<AttestationModel[]> {
  const res = await request.get(`${service.baseURL}/api/v2/business/${service.demo.businessId}/attestations`, { headers: apiKeyAuth(service.demo.apiKey) });
  expect(res.status(), await res.text()).toBe(200);
  return (AttestationModel.array().parse(await res.json())).filter((a) => a.employeeId === employeeId);
}

test('a missed meal break reported at clock-off, online and offline, at the end of the 5th hour', async ({ page, context, request, ownService: service, attestClocks: clocks }) => {
  test.setTimeout(300_000);
  const demo = service.demo;
  const api = new ServiceApi(request, service.baseURL, demo);
  await post(request, service, 'breakrules', { profile: 'CA', blockShortRest: false });
  await post(request, service, 'attestationsettings', { rules: [{ question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 }] });

  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'Attestations tablet');
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const [early, online, offline] = await peopleOffShift(kiosk, demo, 3);

  // ---- 08:30: three people clock on; each one's 5th hour ends 5 hours after their own clock-on ----
  await clocks.set(new Date(Date.parse(CLOCK_ON) + 10_000));
  const started = new Map<number, number>();
  for (const person of [early!, online!, offline!]) {
    await kiosk.signIn(fullName(person), person.pin);
    await kiosk.choose('clockOn');
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();
  }
  await kiosk.waitForSync(30_000);
  for (const person of [early!, online!, offline!]) {
    const open = (await api.shifts(person.employeeId)).find((s) => !s.endTimeUtc);
    started.set(person.employeeId, Date.parse(open?.startTimeUtc ?? ''));
  }
  const fifthHourEnds = (person: StaffMember) => (started.get(person.employeeId) ?? Number.NaN) + 5 * HOUR;

  // ---- 20 s before the end of the 5th hour: nothing owed, nothing asked ------------------------------
  await clocks.set(new Date(fifthHourEnds(early!) - EDGE_MARGIN_MS));
  await kiosk.signIn(fullName(early!), early!.pin);
  await kiosk.choose('clockOff');
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();

  // ---- 20 s after it, online: asked, answered, recorded with the wording's version -------------------
  await clocks.set(new Date(fifthHourEnds(online!) + EDGE_MARGIN_MS));
  await kiosk.signIn(fullName(online!), online!.pin);
  await kiosk.choose('clockOff');
  const question = page.getByTestId('attest-MealBreak');
  await expect(question.getByRole('group', { name: 'Did you get your meal break?' })).toBeVisible();
  await expect(page.getByTestId('attest-clock-off')).toBeDisabled();
  await reviewScreen(page, 'attestation-meal-break');
  await question.getByRole('radio', { name: "No, I wasn't able to" }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await kiosk.waitForSync(30_000);
  await expect.poll(async () => (await attestationsOf(request, service, online!.employeeId)).map((a) => a.answers), { timeout: 30_000 }).toEqual([[{ question: 'MealBreak', version: 1, answer: 'NotAble' }]]);
  const [recorded] = await attestationsOf(request, service, online!.employeeId);
  expect(recorded).toMatchObject({ reportsMissedBreak: true });
  expect(recorded?.timesheetLineId).not.toBeNull();
  expect(await attestationsOf(request, service, early!.employeeId)).toEqual([]);

  // ---- offline: the answer waits with its clock-off and arrives once the network is back -------------
  await context.setOffline(true);
  await clocks.set(new Date(fifthHourEnds(offline!) + EDGE_MARGIN_MS));
  await kiosk.signIn(fullName(offline!), offline!.pin);
  await kiosk.choose('clockOff');
  await page.getByTestId('attest-MealBreak').getByRole('radio', { name: 'No, I chose to skip it' }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await expect(kiosk.syncIndicator).toHaveAttribute('data-pending', '1');
  expect(await attestationsOf(request, service, offline!.employeeId)).toEqual([]);
  await context.setOffline(false);
  await kiosk.waitForSync(60_000);
  await expect.poll(async () => (await attestationsOf(request, service, offline!.employeeId)).map((a) => a.answers), { timeout: 30_000 }).toEqual([[{ question: 'MealBreak', version: 1, answer: 'ChoseToSkip' }]]);

  // ---- managers see the answers and the flag on Timesheets --------------------------------------------
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Timesheets');
  const line = page.locator(`[data-testid="timesheet-line"][data-line-id="${recorded?.timesheetLineId ?? 0}"]`);
  await expect(line.getByTestId('line-attestation')).toHaveText("Did you get your meal break? No, I wasn't able to (wording v1)");
  await expect(line.getByTestId('missed-break')).toHaveText('Missed break reported');
  await line.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'attestation-timesheets');
});
