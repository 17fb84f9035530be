/**
 * The break and rest warnings at their edges, on a set clock (the tablet's and the service's
 * together, support/clocks.ts), in the business's zone (Europe/London): 20 seconds either side of
 * each limit. Over the spring-forward night and the fall-back night under the UK profile a night
 * worker's "Meal break due by" names the right wall time (six real hours after the clock-on, not
 * six on the wall) and a person back in the morning is warned, and told when clock-on opens, by
 * real hours of rest (11), not by the wall's; Australia's 12 hours' rest (the General Retail
 * Industry Award's; a business whose agreement lowers it to 10 is kiosk-own-rest.spec.ts);
 * California's meal break by the end of the 5th hour, and its second by the end of the
 * 10th once the first was taken. The file runs on a service of its own, seeded before the first
 * scenario and moved forward to each next one (the tests are in time order), so the data it leaves
 * at other dates confuses no other spec.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { KioskPage, fullName, kioskTime, type StaffMember } from './pages/kiosk';
import { punchAt, storedShift } from './pages/punchAt';
import { peopleOffShift } from './pages/offShift';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { apiKeyAuth, ServiceApi } from './support/serviceApi';
import type { DemoFile, ServiceInstance } from './support/serviceProcess';

const ZONE = 'Europe/London';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Either side of a limit: wide enough for the seconds a tap takes, narrow enough to be the edge. */
const EDGE_MS = 20_000;

/** Saturday 28 March 2026, 19:40 GMT: the first scenario's start (the clocks go forward at 01:00 GMT on the 29th). */
const FIRST_START = '2026-03-28T19:40:00Z';

const test = testWithOwnService({ label: 'rule-edges', clockAt: new Date(Date.parse(FIRST_START) - 10 * MINUTE) }).extend<{ startAt: string; edgeClocks: Clocks }>({
  startAt: ['', { option: true }],
  edgeClocks: async ({ context, startAt, ownService }, use) => {
    if (!startAt) throw new Error('test.use({ startAt }) names the instant the scenario starts at');
    const clocks = bothClocks(context, ownService.clock);
    await clocks.set(startAt);
    await use(clocks);
  },
});

type Who = StaffMember;

async function saveRules(request: APIRequestContext, service: ServiceInstance<DemoFile>, profile: 'UK' | 'AU' | 'CA', blockShortRest: boolean): Promise<void> {
  const saved = await request.post(`${service.baseURL}/api/v2/business/${service.demo.businessId}/breakrules`, { headers: apiKeyAuth(service.demo.apiKey), data: { profile, blockShortRest } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Signs in at `instant` (both clocks), reads the actions screen with `check`, and goes back to the grid. */
async function actionsAt(kiosk: KioskPage, clocks: Clocks, who: Who, instant: number, check: () => Promise<void>): Promise<void> {
  await clocks.set(new Date(instant));
  await kiosk.signIn(fullName(who), who.pin);
  await check();
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await expect(kiosk.grid()).toBeVisible();
}

interface Night {
  name: string;
  /** The scenario's first instant (the clocks are set here before the page loads). */
  startAt: string;
  /** The rest-taker's short shift (UTC instants): it ends the evening before the change. */
  restOn: string;
  restOff: string;
  /** The night worker's clock-on, before the change. */
  nightOn: string;
  /** The meal break's due time on the wall (six real hours after the clock-on). */
  dueShown: string;
  /** When clock-on opens again on the wall (eleven real hours after the short shift's end). */
  opensShown: string;
}

const NIGHTS: Night[] = [
  // 20:00 GMT + 11 h = 07:00 GMT = 08:00 BST (the wall shows 12 h); 21:00 GMT + 6 h = 03:00 GMT = 04:00 BST.
  { name: 'the spring-forward night (01:00 GMT becomes 02:00 BST)', startAt: FIRST_START, restOn: '2026-03-28T19:50:00Z', restOff: '2026-03-28T20:00:00Z', nightOn: '2026-03-28T21:00:00Z', dueShown: '04:00', opensShown: '08:00' },
  // 20:00 BST + 11 h = 06:00 GMT (the wall shows 10 h); 21:00 BST + 6 h = 02:00 GMT (03:00 on a wall that had not gone back).
  { name: 'the fall-back night (02:00 BST becomes 01:00 GMT)', startAt: '2026-10-24T18:40:00Z', restOn: '2026-10-24T18:50:00Z', restOff: '2026-10-24T19:00:00Z', nightOn: '2026-10-24T20:00:00Z', dueShown: '02:00', opensShown: '06:00' },
];

const AU_START = '2026-06-09T07:40:00Z';
const CA_START = '2026-06-12T07:20:00Z';

test.describe('break and rest warnings at their edges, on a set clock', () => {
  // In time order: the file's service clock only moves forward (spring, June, June, autumn).
  const [spring, autumn] = NIGHTS as [Night, Night];

  test.describe(() => {
    test.use({ startAt: spring.startAt });
    test(`UK rules over ${spring.name}`, async ({ page, request, ownService, edgeClocks }) => {
      await ukNight(spring, page, request, ownService, edgeClocks);
    });
  });

  test.describe(() => {
    test.use({ startAt: AU_START });
    test('Australian rules: 12 hours of rest, 20 seconds short and 20 seconds over', async ({ page, request, ownService: service, edgeClocks: clocks }) => {
      test.setTimeout(180_000);
      await saveRules(request, service, 'AU', false);
      const api = new ServiceApi(request, service.baseURL, service.demo);
      const kiosk = new KioskPage(page);
      await kiosk.enrol(service.baseURL, service.demo, 'Rule edges tablet (AU)');
      await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
      const [rester] = await peopleOffShift(kiosk, service.demo, 1);
      const shiftOn = '2026-06-09T07:50:00Z';
      await punchAt(kiosk, clocks, rester!, 'clockOn', shiftOn);
      await punchAt(kiosk, clocks, rester!, 'clockOff', '2026-06-09T08:00:00Z');
      await kiosk.waitForSync(30_000);
      const { end } = await storedShift(api, rester!, shiftOn);
      expect(end, 'the clock-off reached the service').not.toBeNull();
      const restsUntil = end! + 12 * HOUR;

      await actionsAt(kiosk, clocks, rester!, restsUntil - EDGE_MS, async () => {
        await expect(kiosk.actions().getByTestId('short-rest')).toHaveText('11 h 59 min since your last shift ended. The rules ask for 12 h 0 min of rest.');
        await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
      });
      await actionsAt(kiosk, clocks, rester!, restsUntil + EDGE_MS, async () => {
        await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
        await expect(kiosk.actions().getByTestId('short-rest')).toHaveCount(0);
      });
    });
  });

  test.describe(() => {
    test.use({ startAt: CA_START });
    test('California rules: the meal break by the end of the 5th hour and the second by the end of the 10th, 20 seconds before and after', async ({ page, request, ownService: service, edgeClocks: clocks }) => {
      test.setTimeout(180_000);
      await saveRules(request, service, 'CA', false);
      const api = new ServiceApi(request, service.baseURL, service.demo);
      const kiosk = new KioskPage(page);
      await kiosk.enrol(service.baseURL, service.demo, 'Rule edges tablet (CA)');
      await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
      const [worker] = await peopleOffShift(kiosk, service.demo, 1);
      // 08:30 BST: due by the end of the 5th hour, 13:30.
      const shiftOn = '2026-06-12T07:30:00Z';
      await punchAt(kiosk, clocks, worker!, 'clockOn', shiftOn);
      await kiosk.waitForSync(30_000);
      const { start } = await storedShift(api, worker!, shiftOn);
      const dueShown = kioskTime(new Date(start + 5 * HOUR), ZONE);
      expect(dueShown).toBe('13:30');
      await expect(kiosk.card(fullName(worker!)).getByTestId('meal-due')).toHaveText(`Meal break due by ${dueShown}`);

      await actionsAt(kiosk, clocks, worker!, start + 5 * HOUR - EDGE_MS, async () => {
        await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break due by ${dueShown}`);
      });
      await actionsAt(kiosk, clocks, worker!, start + 5 * HOUR + EDGE_MS, async () => {
        await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break was due by ${dueShown}`);
      });

      // A 31-minute meal, then the second meal period is due by the end of the 10th hour, 18:30.
      const mealStart = new Date(start + 5 * HOUR + MINUTE).toISOString();
      await punchAt(kiosk, clocks, worker!, 'startBreak', mealStart);
      await punchAt(kiosk, clocks, worker!, 'endBreak', new Date(Date.parse(mealStart) + 31 * MINUTE).toISOString());
      const secondShown = kioskTime(new Date(start + 10 * HOUR), ZONE);
      expect(secondShown).toBe('18:30');
      await actionsAt(kiosk, clocks, worker!, start + 10 * HOUR - EDGE_MS, async () => {
        await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break due by ${secondShown}`);
      });
      await actionsAt(kiosk, clocks, worker!, start + 10 * HOUR + EDGE_MS, async () => {
        await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break was due by ${secondShown}`);
      });
      await punchAt(kiosk, clocks, worker!, 'clockOff', new Date(start + 10 * HOUR + EDGE_MS + MINUTE).toISOString());
    });
  });

  test.describe(() => {
    test.use({ startAt: autumn.startAt });
    test(`UK rules over ${autumn.name}`, async ({ page, request, ownService, edgeClocks }) => {
      await ukNight(autumn, page, request, ownService, edgeClocks);
    });
  });
});

/**
 * One DST night under the UK rules, a short rest stopping a clock-on (so the kiosk says when it
 * opens, a wall time): one person's short shift ends in the evening and they come back in the
 * morning 20 seconds before and after 11 real hours; a night worker clocked on before the change
 * sees the meal break due six real hours later, and "was due" 20 seconds after it.
 */
async function ukNight(night: Night, page: Page, request: APIRequestContext, service: ServiceInstance<DemoFile>, clocks: Clocks): Promise<void> {
  test.setTimeout(240_000);
  await saveRules(request, service, 'UK', true);
  const api = new ServiceApi(request, service.baseURL, service.demo);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, service.demo, 'Rule edges tablet (UK)');
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const [rester, nightWorker] = await peopleOffShift(kiosk, service.demo, 2);

  await punchAt(kiosk, clocks, rester!, 'clockOn', night.restOn);
  await punchAt(kiosk, clocks, rester!, 'clockOff', night.restOff);
  await punchAt(kiosk, clocks, nightWorker!, 'clockOn', night.nightOn);
  await kiosk.waitForSync(30_000);
  const rest = await storedShift(api, rester!, night.restOn);
  expect(rest.end, 'the clock-off reached the service').not.toBeNull();
  const { start: nightStart } = await storedShift(api, nightWorker!, night.nightOn);

  // ---- the night worker: due six real hours after the clock-on, named as the wall shows it then ----
  const dueBy = nightStart + 6 * HOUR;
  expect(kioskTime(new Date(dueBy), ZONE)).toBe(night.dueShown);
  await expect(kiosk.card(fullName(nightWorker!)).getByTestId('meal-due')).toHaveText(`Meal break due by ${night.dueShown}`);
  await actionsAt(kiosk, clocks, nightWorker!, dueBy - EDGE_MS, async () => {
    await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break due by ${night.dueShown}`);
  });
  await actionsAt(kiosk, clocks, nightWorker!, dueBy + EDGE_MS, async () => {
    await expect(kiosk.actions().getByTestId('meal-due')).toHaveText(`Meal break was due by ${night.dueShown}`);
  });
  await punchAt(kiosk, clocks, nightWorker!, 'clockOff', new Date(dueBy + EDGE_MS + MINUTE).toISOString());

  // ---- the rest-taker: 11 real hours after the evening's clock-off, whatever the wall says ---------
  const restedAt = rest.end! + 11 * HOUR;
  expect(kioskTime(new Date(restedAt), ZONE)).toBe(night.opensShown);
  await actionsAt(kiosk, clocks, rester!, restedAt - EDGE_MS, async () => {
    await expect(kiosk.actions().getByTestId('short-rest')).toHaveText('10 h 59 min since your last shift ended. The rules ask for 11 h 0 min of rest.');
    await expect(kiosk.actions().getByText(`Clock-on opens at ${night.opensShown}, when your rest is complete.`, { exact: false })).toBeVisible();
    await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeDisabled();
  });
  await actionsAt(kiosk, clocks, rester!, restedAt + EDGE_MS, async () => {
    await expect(kiosk.actions().getByRole('button', { name: 'Clock on', exact: true })).toBeEnabled();
    await expect(kiosk.actions().getByTestId('short-rest')).toHaveCount(0);
  });
}
