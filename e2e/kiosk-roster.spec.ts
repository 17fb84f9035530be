/**
 * The kiosk and the roster, against the worker's service, on a set clock
 * (AT below): a person
 * rostered soon clocks on early and is told so, kindly, with their shift; one who is late
 * likewise; with allowEmployeeShiftSelection, a person with two nearby shifts picks the one they
 * start and the clock-on carries its location; a person who forgot to clock off yesterday is
 * asked when they finished (the rostered end offered, a typed time checked), clocked off now, and
 * the correction reaches the service once, online and offline. A clock-off's receipt names the
 * person's next rostered shift. Every new screen is captured in
 * both orientations and checked with axe. People are new per test (the worker's service keeps its
 * data); the kiosk's matching settings are restored afterwards.
 */
import type { APIRequestContext } from '@playwright/test';
import type { TimeAndAttendanceKioskModel } from '../src/contract/generated/models';
import { KioskPage, kioskTime, kioskWeekdayDate } from './pages/kiosk';
import { KioskRosterScreens } from './pages/kioskRoster';
import { DemoApi } from './pages/manager';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import type { DemoFile } from './support/serviceProcess';
import { ServiceApi } from './support/serviceApi';
import type { Clocks } from './support/clocks';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The local HH:MM of an instant in `zone` (what a time field takes). */
function wallTime(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(instant);
}

interface Setup {
  api: DemoApi;
  service: ServiceApi;
  kiosk: TimeAndAttendanceKioskModel;
  zone: string;
  /** Now, to the whole minute. */
  now: number;
  roster(employeeId: number, start: number, hours: number, locationId?: number): Promise<void>;
}

/** Sets the kiosk's matching settings for the test; `restore` puts the old ones back. */
/**
 * Where the tablet's and the service's clocks start for every test here (set before the page
 * loads): a Wednesday, 13:00 in London, so the shifts below (from 30 hours back to an hour ahead)
 * never depend on the hour of the run.
 */
const AT = '2026-06-10T12:00:00Z';

async function setUp(request: APIRequestContext, serviceURL: string, demo: DemoFile, settings: Partial<TimeAndAttendanceKioskModel>, clocks: Clocks) {
  await clocks.set(AT);
  const api = new DemoApi(request, serviceURL, demo);
  const service = new ServiceApi(request, serviceURL, demo);
  const before = await service.kiosk();
  const kiosk = await service.updateKiosk({ ...before, ...settings });
  const setup: Setup = {
    api,
    service,
    kiosk,
    zone: kiosk.ianaTimeZone ?? 'Europe/London',
    now: Math.floor((await clocks.now()).getTime() / MINUTE) * MINUTE,
    async roster(employeeId, start, hours, locationId = kiosk.locationId ?? undefined) {
      await api.post(`${api.business}/rostershift?publish=true`, {
        employeeId,
        locationId,
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + hours * HOUR).toISOString(),
      });
    },
  };
  const restore = () =>
    service.updateKiosk({
      ...kiosk,
      clockOnWindowMinutes: before.clockOnWindowMinutes,
      clockOffWindowMinutes: before.clockOffWindowMinutes,
      allowEmployeeShiftSelection: before.allowEmployeeShiftSelection,
    });
  return { setup, restore };
}

interface Correction {
  employeeId: number;
  statedFinishUtc: string;
  suggestedBy: string;
  status: string;
  shiftId: number | null;
}

const correctionsOf = async (api: DemoApi, employeeId: number) =>
  (await api.get<Correction[]>(`${api.business}/shiftcorrections?status=Pending`)).filter((c) => c.employeeId === employeeId);

test.describe('the kiosk knows the roster', () => {
  test('early: the matched shift and a kind word, on the actions screen and the receipt', async ({ page, request, serviceURL, demo, clocks }) => {
    test.setTimeout(90_000);
    const { setup, restore } = await setUp(request, serviceURL, demo, { clockOnWindowMinutes: 30, allowEmployeeShiftSelection: false }, clocks);
    try {
      const person = await setup.api.addPerson('Early');
      const start = setup.now + 12 * MINUTE;
      await setup.roster(person.employeeId, start, 8);
      const kiosk = new KioskPage(page);
      const roster = new KioskRosterScreens(kiosk);
      await kiosk.enrol(serviceURL, demo);
      await kiosk.signIn(person.name, person.pin);
      const shift = `${kioskTime(new Date(start), setup.zone)}–${kioskTime(new Date(start + 8 * HOUR), setup.zone)}`;
      await expect(roster.shiftCard()).toContainText(`Your shift${shift}`);
      await expect(roster.shiftCard()).toHaveAttribute('data-arrival', 'early');
      await expect(roster.shiftCard()).toContainText(/You are (10|11|12) minutes early\. Thanks for coming in!/);
      await kiosk.review('actions-roster-early', roster.shiftCard());

      await kiosk.choose('clockOn');
      await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
      if (await kiosk.options().isVisible()) await kiosk.confirmClockOn();
      await kiosk.expectReceipt('clockOn');
      // What was recorded (the rostered location, preselected from the roster), then the roster beside it.
      const rosteredAt = (await setup.service.referenceData()).locations.find((l) => l.id === setup.kiosk.locationId);
      if (rosteredAt) await expect(roster.receiptRecorded()).toContainText(rosteredAt.name);
      await expect(roster.receiptLine()).toHaveText(new RegExp(`^Rostered ${shift} · (10|11|12) min early$`));
      await kiosk.review('receipt-roster', roster.receiptLine());
    } finally {
      await restore();
    }
  });

  test('late: said kindly, and in the receipt', async ({ page, request, serviceURL, demo, clocks }) => {
    test.setTimeout(60_000);
    const { setup, restore } = await setUp(request, serviceURL, demo, { clockOnWindowMinutes: 30, allowEmployeeShiftSelection: false }, clocks);
    try {
      const person = await setup.api.addPerson('Late');
      await setup.roster(person.employeeId, setup.now - 20 * MINUTE, 6);
      const kiosk = new KioskPage(page);
      const roster = new KioskRosterScreens(kiosk);
      await kiosk.enrol(serviceURL, demo);
      await kiosk.signIn(person.name, person.pin);
      await expect(roster.shiftCard()).toHaveAttribute('data-arrival', 'late');
      await expect(roster.shiftCard()).toContainText(/You are (20|21|22) minutes late\. No worries, you are here now\./);
      await kiosk.review('actions-roster-late', roster.shiftCard());
      await kiosk.choose('clockOn');
      await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
      if (await kiosk.options().isVisible()) await kiosk.confirmClockOn();
      await kiosk.expectReceipt('clockOn');
      await expect(roster.receiptLine()).toHaveText(/ · (20|21|22) min late$/);
    } finally {
      await restore();
    }
  });

  test('shift pick: with two nearby shifts the person picks one, and the clock-on carries its location', async ({ page, request, serviceURL, demo, clocks }) => {
    test.setTimeout(90_000);
    const { setup, restore } = await setUp(request, serviceURL, demo, { clockOnWindowMinutes: 30, allowEmployeeShiftSelection: true }, clocks);
    try {
      const { locations } = await setup.service.referenceData();
      const [first, second] = locations;
      if (!first || !second) throw new Error('the demo business needs two locations');
      const person = await setup.api.addPerson('Picker');
      const startA = setup.now + 5 * MINUTE;
      const startB = setup.now + 15 * MINUTE;
      await setup.roster(person.employeeId, startA, 4, first.id);
      await setup.roster(person.employeeId, startB, 4, second.id);
      const kiosk = new KioskPage(page);
      const roster = new KioskRosterScreens(kiosk);
      await kiosk.enrol(serviceURL, demo);
      await kiosk.signIn(person.name, person.pin);
      const labelB = `${kioskTime(new Date(startB), setup.zone)}–${kioskTime(new Date(startB + 4 * HOUR), setup.zone)} · ${second.name}`;
      await expect(roster.shiftPick()).toBeVisible();
      // The nearest one is chosen until the person picks.
      await expect(roster.shiftPick().getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(` · ${first.name}$`));
      await roster.pickShift(labelB);
      await expect(roster.shiftPickCard()).toContainText(/You are (13|14|15) minutes early/);
      await kiosk.review('actions-shift-pick', roster.shiftPickCard());

      await kiosk.choose('clockOn');
      await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
      if (await kiosk.options().isVisible()) {
        await expect(kiosk.options().getByRole('group', { name: /^Location/ }).getByRole('radio', { name: second.name, exact: true })).toBeChecked();
        await kiosk.confirmClockOn();
      }
      await kiosk.expectReceipt('clockOn');
      await expect(roster.receiptRecorded()).toContainText(second.name);
      const timesB = `${kioskTime(new Date(startB), setup.zone)}–${kioskTime(new Date(startB + 4 * HOUR), setup.zone)}`;
      await expect(roster.receiptLine()).toHaveText(new RegExp(`^Rostered ${timesB} · (13|14|15) min early$`));
      await expect.poll(async () => (await setup.service.shifts(person.employeeId))[0]?.locationId ?? null, { timeout: 15_000 }).toBe(second.id);
    } finally {
      await restore();
    }
  });

  test("clock-off: the receipt names the next rostered shift (tomorrow's, not the one being left nor last week's); with none ahead, the plain next step", async ({ page, request, serviceURL, demo, clocks }) => {
    test.setTimeout(90_000);
    const { setup, restore } = await setUp(request, serviceURL, demo, { clockOnWindowMinutes: 30, allowEmployeeShiftSelection: false }, clocks);
    try {
      const { locations } = await setup.service.referenceData();
      const at = locations.find((l) => l.id === setup.kiosk.locationId);
      if (!at) throw new Error('the demo kiosk has no location');
      const leaving = await setup.api.addPerson('Leaving');
      const unrostered = await setup.api.addPerson('Unrostered');
      // On a shift that started two hours ago; the next one tomorrow at 09:00 (London), after one last week.
      await setup.roster(leaving.employeeId, setup.now - 2 * HOUR, 3);
      const tomorrow = setup.now + 20 * HOUR;
      await setup.roster(leaving.employeeId, tomorrow, 6);
      await setup.roster(leaving.employeeId, setup.now - 7 * 24 * HOUR, 6);
      for (const person of [leaving, unrostered]) await setup.service.clockOnAt(person.employeeId, new Date(setup.now - 2 * HOUR));

      const kiosk = new KioskPage(page);
      await kiosk.enrol(serviceURL, demo);
      await kiosk.signIn(leaving.name, leaving.pin);
      await kiosk.choose('clockOff');
      await kiosk.expectReceipt('clockOff');
      const next = kiosk.receipt.getByTestId('receipt-next-shift');
      const times = `${kioskTime(new Date(tomorrow), setup.zone)}–${kioskTime(new Date(tomorrow + 6 * HOUR), setup.zone)}`;
      expect(times).toBe('09:00–15:00');
      await expect(next).toHaveText(`Your next shift: ${kioskWeekdayDate(new Date(tomorrow), setup.zone)}, ${times} · ${at.name}`);
      await expect(kiosk.receipt).not.toContainText('Clock on when your next shift starts.');
      await kiosk.review('receipt-next-shift', next);
      await kiosk.finishReceipt();

      await kiosk.signIn(unrostered.name, unrostered.pin);
      await kiosk.choose('clockOff');
      await kiosk.expectReceipt('clockOff');
      await expect(kiosk.receipt).toContainText('Clock on when your next shift starts.');
      await expect(next).toBeHidden();
    } finally {
      await restore();
    }
  });
});

test.describe('forgotten clock-off', () => {
  test('asked when they finished: the rostered end offered, a wrong time refused, clocked off now; the correction arrives', async ({ page, request, serviceURL, demo, clocks }) => {
    test.setTimeout(120_000);
    const { setup, restore } = await setUp(request, serviceURL, demo, { clockOnWindowMinutes: 30 }, clocks);
    try {
      const person = await setup.api.addPerson('Forgot');
      // Yesterday at 07:00 (the clocks are set, see AT): the refused time below, an
      // hour before the clock-on, is on the clock-on's day.
      const start = setup.now - 30 * HOUR;
      const end = start + 8 * HOUR;
      await setup.roster(person.employeeId, start, 8);
      const clockOn = new Date(start + 4 * MINUTE);
      await setup.api.clockOn(person.employeeId, clockOn.toISOString());
      const kiosk = new KioskPage(page);
      const roster = new KioskRosterScreens(kiosk);
      await kiosk.enrol(serviceURL, demo);
      // The grid says since when, with the day: the shift began yesterday (or before); the card
      // shows the day alone (the time is in its accessible name), then, once the kept roster has
      // arrived, that the rostered shift has ended.
      await kiosk.expectStatus(person.name, /On since (yesterday at \d{1,2}:\d{2}|\d{1,2} \w+, \d{1,2}:\d{2})/);
      const card = kiosk.card(person.name);
      await expect(card.getByTestId('roster-state')).toHaveText(`Shift ended · ${kioskTime(new Date(end), setup.zone)}`);
      await expect(card).toContainText(/On since (yesterday|\d{1,2} \w+)Shift ended · \d{1,2}:\d{2}$/);
      await kiosk.review('grid-since-yesterday', card);

      await roster.signInForgotten(person.name, person.pin);
      await expect(roster.rosteredFinish()).toContainText(`I finished at ${kioskTime(new Date(end), setup.zone)}`);
      await kiosk.review('finish-time', roster.finishScreen());
      await kiosk.switchLanguage('Español');
      await expect(roster.finishScreen().getByRole('heading', { name: '¿A qué hora terminaste?', level: 1 })).toBeVisible();
      await kiosk.review('finish-time-es', roster.finishScreen());
      await kiosk.header.getByRole('button', { name: 'Idioma: English' }).click();
      await expect(roster.finishScreen().getByRole('heading', { name: 'When did you finish?', level: 1 })).toBeVisible();

      // A time before the clock-on (on the clock-on's day, chosen by default) is refused, saying why.
      await roster.setFinishTime(wallTime(new Date(clockOn.getTime() - HOUR), setup.zone));
      await roster.clockMeOff();
      await expect(roster.finishScreen().getByText(/^That is before you clocked on \(.+\)\. Choose a later time\.$/)).toBeVisible();
      await expect(roster.finishClock().getByLabel('Hour')).toHaveAttribute('aria-invalid', 'true');
      await kiosk.review('finish-time-problem', roster.finishScreen());

      await roster.rosteredFinish().click();
      await kiosk.expectReceipt('clockOff');
      await expect(kiosk.receipt.getByText(/^A manager will confirm that you finished at /)).toBeVisible();
      await expect(kiosk.receipt.getByTestId('receipt-hours')).toHaveCount(0);
      await kiosk.review('receipt-forgotten-clock-off', roster.clockOnForToday());

      await expect.poll(() => correctionsOf(setup.api, person.employeeId), { timeout: 15_000 }).toHaveLength(1);
      const [correction] = await correctionsOf(setup.api, person.employeeId);
      expect(correction).toMatchObject({ suggestedBy: 'roster', status: 'Pending' });
      expect(Date.parse(correction?.statedFinishUtc ?? '')).toBe(end);
      expect(correction?.shiftId).not.toBeNull();

      // Clock on for today follows without the PIN again.
      await roster.clockOnForToday().click();
      await kiosk.expectActions(person.firstName);
      expect(await kiosk.offeredPunches()).toEqual(['clockOn']);
    } finally {
      await restore();
    }
  });

  test('offline: the typed finish is kept with the clock-off and arrives once when the network is back', async ({ page, context, request, serviceURL, demo, clocks }) => {
    test.setTimeout(120_000);
    const { setup, restore } = await setUp(request, serviceURL, demo, {}, clocks);
    try {
      const person = await setup.api.addPerson('Offline');
      const clockOn = new Date(setup.now - 20 * HOUR);
      await setup.api.clockOn(person.employeeId, clockOn.toISOString());
      const kiosk = new KioskPage(page);
      const roster = new KioskRosterScreens(kiosk);
      await kiosk.enrol(serviceURL, demo);

      // Online first, so the tablet learns the PIN; still working for now.
      await roster.signInForgotten(person.name, person.pin);
      await expect(roster.rosteredFinish()).toHaveCount(0);
      await roster.stillWorking();
      await kiosk.expectActions(person.firstName);
      await kiosk.actions().getByRole('button', { name: 'Not you?' }).click();
      await expect.poll(() => new KioskStore(page).verifiers(), { timeout: 15_000 }).toContain(person.employeeId);

      await context.setOffline(true);
      await roster.signInForgotten(person.name, person.pin);
      const finish = new Date(clockOn.getTime() + 8 * HOUR);
      await roster.pickFinishDay(kioskWeekdayDate(finish, setup.zone));
      await roster.setFinishTime(wallTime(finish, setup.zone));
      await roster.clockMeOff();
      await kiosk.expectReceipt('clockOff');
      await expect(kiosk.receipt.getByText('Saved on this kiosk. It will be sent as soon as the network is back.')).toBeVisible();
      await expect(kiosk.receipt.getByText(/^A manager will confirm that you finished at /)).toBeVisible();
      await kiosk.finishReceipt();
      expect(await correctionsOf(setup.api, person.employeeId)).toHaveLength(0);

      await context.setOffline(false);
      await kiosk.waitForSync(30_000);
      await expect.poll(() => correctionsOf(setup.api, person.employeeId), { timeout: 15_000 }).toHaveLength(1);
      const [correction] = await correctionsOf(setup.api, person.employeeId);
      expect(correction).toMatchObject({ suggestedBy: 'typed', status: 'Pending' });
      expect(Date.parse(correction?.statedFinishUtc ?? '')).toBe(finish.getTime());
      const shifts = await setup.service.shifts(person.employeeId);
      expect(shifts).toHaveLength(1);
      expect(shifts[0]?.endTimeUtc).not.toBeNull();
      // A second sync changes nothing: still one correction.
      await kiosk.waitForSync();
      expect(await correctionsOf(setup.api, person.employeeId)).toHaveLength(1);
    } finally {
      await restore();
    }
  });
});
