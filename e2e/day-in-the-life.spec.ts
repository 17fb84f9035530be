/**
 * A day in the life of the bakery, on a controlled clock (never the hour it runs): a service of its
 * own with the demo seeded at 06:20 on a Tuesday in June, and the tablet's clock with it; both move
 * through the day together (e2e/support/clocks.ts). Five people, their roster laid through the API
 * around the day: Fay (rostered 06:30, a minute late, forgets to clock off), Ava (rostered 07:00,
 * ten minutes early, an unpaid break, a note), Bram (not rostered, may only bake, Early start set up
 * against him but never ticked for him), Cara (rostered 07:30, an hour and a half late, a paid break
 * taken offline), Dan (not rostered, a one-minute shift by mistake, then clocked on offline from
 * his last choice) and Eve (new: the tablet has never checked her PIN, so during the outage she
 * punches unverified). An hour and a quarter of the day has no network.
 *
 * For every shift the options step must start from what is known (roster, only choice, last choice),
 * the receipt must say what was recorded (and the roster apart), and the stored shift and its
 * timesheet line must be exactly that; then the manager accepts the forgotten clock-off, approves
 * every line and exports them all. The changed screens are captured in both orientations on the way.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { TIMESHEET_EXPORT_COLUMNS } from '../src/contract/routes/timesheets';
import { roundShift } from '../src/domain/rounding';
import { toLocalDateTime } from '../src/domain/time';
import { BusinessDay, partsOf, type DayPerson, type ShiftAsTold } from './pages/businessDay';
import { KioskPage } from './pages/kiosk';
import { KioskRosterScreens } from './pages/kioskRoster';
import { ManagerMode } from './pages/manager';
import { bothClocks } from './support/clocks';
import { expect, test as base } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

const DAY = '2026-06-16';
const SEEDED_AT = '2026-06-16T05:20:00Z'; // 06:20 in London (BST)

/** A service of its own, seeded at 06:20 of the day; the browser's origin, so the app is its. */
const test = base.extend<{ service: ServiceInstance<DemoFile> }>({
  // Its own budget: starting a freshly seeded service takes 20-30 s on a busy machine.
  service: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, testInfo) => {
      const service = await startService({ demo: true, label: 'day-in-the-life', clockAt: SEEDED_AT });
      try {
        await use(service);
      } finally {
        if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('service output', { body: service.output(), contentType: 'text/plain' });
        await service.stop();
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ service }, use) => {
    await use(service.baseURL);
  },
});

/** A duration as the kiosk writes it (src/app/i18n/formatters.ts). */
function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (ms > 0 && minutes === 0) return 'under 1 min';
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

test('a day at the bakery: every shift is stored and paid as chosen and as its receipt said', async ({ page, context, request, service }) => {
  test.setTimeout(480_000);
  const clocks = bothClocks(context, service.clock);
  const zone = (await new BusinessDay(request, service, clocks, DAY, 'UTC').api.kiosk()).ianaTimeZone ?? 'Europe/London';
  const day = new BusinessDay(request, service, clocks, DAY, zone);
  await clocks.set(day.at('06:20'));

  // ---- the people and their roster, through the API ----------------------------------------
  const { location, workType } = await day.ids();
  const [bakery, counter] = [location('Bakery floor'), location('Front counter')];
  const [baking, counterService, earlyStart] = [workType('Baking'), workType('Counter service'), workType('Early start')];
  const fay = await day.hire('Fay', 'North', '2648');
  const ava = await day.hire('Ava', 'Baker', '7294');
  const bram = await day.hire('Bram', 'Dunn', '3816', { locationIds: [bakery], workTypeIds: [baking, earlyStart] });
  const cara = await day.hire('Cara', 'Lind', '5072');
  const dan = await day.hire('Dan', 'Moss', '9153');
  const eve = await day.hire('Eve', 'Shaw', '4072');
  await day.roster(fay, '06:30', '10:30', bakery, baking);
  await day.roster(ava, '07:00', '11:00', bakery, baking);
  await day.roster(cara, '07:30', '15:30', counter, counterService);

  const kiosk = new KioskPage(page);
  const roster = new KioskRosterScreens(kiosk);
  const store = new KioskStore(page);
  await kiosk.enrol(service.baseURL, service.demo);

  const rosterState = (person: DayPerson) => kiosk.card(person.name).getByTestId('roster-state');
  const group = (name: string) => kiosk.options().getByRole('group', { name: new RegExp(`^${name}`) });
  const checkedIn = async (fieldset: Locator, role: 'radio' | 'checkbox') =>
    fieldset.getByRole(role).evaluateAll((inputs) =>
      inputs.filter((input) => (input as HTMLInputElement).checked).map((input) => input.closest('label')?.textContent?.trim() ?? ''),
    );

  /**
   * Clocks on through the options step: checks what it starts from, makes the person's changes and
   * returns what the receipt said, with what was on screen when they confirmed.
   */
  async function clockOn(person: DayPerson, starts: { location: string; workType: string | null }, change: { location?: string; workType?: string } = {}, review?: string) {
    await kiosk.choose('clockOn');
    await expect(kiosk.options()).toBeVisible();
    await expect(group('Location').getByRole('radio', { name: starts.location, exact: true })).toBeChecked();
    await expect(group('Work type').getByRole('radio', { name: starts.workType ?? 'No work type', exact: true })).toBeChecked();
    // No shift condition is ticked for anyone: the demo's locations apply none by default.
    if ((await group('Shift conditions').count()) > 0) expect(await checkedIn(group('Shift conditions'), 'checkbox')).toEqual([]);
    if (review) await kiosk.review(review, kiosk.options());
    if (change.location) await kiosk.pickOption('Location', change.location);
    if (change.workType) await kiosk.pickOption('Work type', change.workType);
    const [chosenLocation = ''] = await checkedIn(group('Location'), 'radio');
    const [chosenWorkType = 'No work type'] = await checkedIn(group('Work type'), 'radio');
    const conditions = (await group('Shift conditions').count()) > 0 ? await checkedIn(group('Shift conditions'), 'checkbox') : [];
    await kiosk.confirmClockOn();
    const time = await kiosk.expectReceipt('clockOn', `Have a good shift, ${person.firstName}!`);
    const told: ShiftAsTold = {
      person,
      clockOn: time,
      recorded: partsOf(await kiosk.receiptRecorded().innerText()),
      location: chosenLocation,
      workType: chosenWorkType === 'No work type' ? null : chosenWorkType,
      conditions,
      breaks: [],
      clockOff: null,
    };
    // What the receipt says was recorded is what was on screen.
    expect(told.recorded).toEqual([told.location, told.workType, ...told.conditions].filter(Boolean));
    day.told.push(told);
    return told;
  }

  async function clockOff(told: ShiftAsTold): Promise<void> {
    await kiosk.signIn(told.person.name, told.person.pin);
    await kiosk.choose('clockOff');
    told.clockOff = await kiosk.expectReceipt('clockOff', `See you next time, ${told.person.firstName}!`);
    told.shiftFigure = (await kiosk.receiptFigure('This shift').innerText()).trim();
  }

  async function takeBreak(told: ShiftAsTold, from: string, to: string, paid: boolean, review?: string): Promise<string> {
    await day.goTo(from);
    await kiosk.signIn(told.person.name, told.person.pin);
    if (paid) await kiosk.paidBreakSwitch().check();
    await kiosk.choose('startBreak');
    const start = await kiosk.expectReceipt('startBreak', told.person.name);
    if (review) await kiosk.review(review, kiosk.receipt);
    await kiosk.finishReceipt();
    await day.goTo(to);
    await kiosk.signIn(told.person.name, told.person.pin);
    await kiosk.choose('endBreak');
    const end = await kiosk.expectReceipt('endBreak', told.person.name);
    const length = (await kiosk.receiptFigure(paid ? 'Paid break' : 'Unpaid break').innerText()).trim();
    await kiosk.finishReceipt();
    told.breaks.push({ start, end, paid });
    return length;
  }

  // ---- 06:20 the first two are due ------------------------------------------------------------
  await expect(rosterState(fay)).toHaveText('Due at 06:30');
  await expect(rosterState(ava)).toHaveText('Due at 07:00');
  await expect(rosterState(cara)).toHaveCount(0);
  expect(await kiosk.namesIn('Rostered now')).toEqual(expect.arrayContaining([fay.name, ava.name]));
  await kiosk.review('day-grid-due', rosterState(fay));

  // ---- 06:31 Fay, a minute late: her roster fills the options ---------------------------------
  await day.goTo('06:31');
  await kiosk.signIn(fay.name, fay.pin);
  await expect(roster.shiftCard()).toContainText('Your shift06:30–10:30 · Bakery floor · Baking');
  await expect(roster.shiftCard()).toHaveAttribute('data-arrival', 'late');
  const fayShift = await clockOn(fay, { location: 'Bakery floor', workType: 'Baking' });
  await expect(roster.receiptLine()).toHaveText('Rostered 06:30–10:30 · 1 min late');
  await kiosk.finishReceipt();

  // ---- 06:50 Ava, ten minutes early ----------------------------------------------------------
  await day.goTo('06:50');
  await kiosk.signIn(ava.name, ava.pin);
  await expect(roster.shiftCard()).toContainText('You are 10 minutes early. Thanks for coming in!');
  const avaShift = await clockOn(ava, { location: 'Bakery floor', workType: 'Baking' }, {}, 'day-options-from-roster');
  await expect(roster.receiptLine()).toHaveText('Rostered 07:00–11:00 · 10 min early');
  await expect(kiosk.receipt.getByText(/^0 min$/)).toHaveCount(0);
  await kiosk.review('day-receipt-clock-on', roster.receiptLine());
  await kiosk.finishReceipt();

  // ---- 07:25 Bram, not rostered, may only bake; Early start is his to tick, not ticked ---------
  await day.goTo('07:25');
  await kiosk.signIn(bram.name, bram.pin);
  await expect(roster.shiftCard()).toHaveCount(0);
  await expect(group('Shift conditions')).toHaveCount(0);
  const bramShift = await clockOn(bram, { location: 'Bakery floor', workType: 'Baking' }, {}, 'day-options-only-choice');
  await expect(roster.receiptLine()).toHaveCount(0);
  await kiosk.finishReceipt();

  // ---- 07:40 the grid: Cara is late, the others are on their rostered shifts -------------------
  await day.goTo('07:40');
  await expect(rosterState(cara)).toHaveText('Late · due at 07:30');
  await expect(rosterState(cara)).toHaveAttribute('data-roster', 'late');
  await expect(rosterState(fay)).toHaveText('Rostered until 10:30');
  await expect(rosterState(ava)).toHaveText('Rostered until 11:00');
  await expect(rosterState(bram)).toHaveCount(0);
  await kiosk.review('day-grid-roster', rosterState(cara));

  // ---- 09:00 Cara, an hour and a half late: still her roster card and her counter -------------
  await day.goTo('09:00');
  await kiosk.signIn(cara.name, cara.pin);
  await expect(roster.shiftCard()).toContainText('Your shift07:30–15:30 · Front counter · Counter service');
  await expect(roster.shiftCard()).toContainText('You are 1 h 30 min late. No worries, you are here now.');
  await kiosk.review('day-actions-late', roster.shiftCard());
  const caraShift = await clockOn(cara, { location: 'Front counter', workType: 'Counter service' });
  await expect(roster.receiptLine()).toHaveText('Rostered 07:30–15:30 · 1 h 30 min late');
  await kiosk.finishReceipt();

  // ---- 09:45 Fay is finishing --------------------------------------------------------------------
  await day.goTo('09:45');
  await expect(rosterState(fay)).toHaveText('Finishing · 10:30');

  // ---- Ava: an unpaid break, a note, clocks off ----------------------------------------------------
  expect(await takeBreak(avaShift, '10:00', '10:20', false)).toBe('20 min');
  await day.goTo('10:30');
  await kiosk.signIn(ava.name, ava.pin);
  await kiosk.actions().getByRole('button', { name: 'Leave a note' }).click();
  avaShift.note = 'Oven 2 runs hot: sourdough turned down 10 degrees.';
  await kiosk.main.getByRole('textbox', { name: /^Note/ }).fill(avaShift.note);
  await kiosk.main.getByRole('button', { name: 'Save note' }).click();
  await kiosk.expectReceipt('note', ava.name);
  await kiosk.finishReceipt();
  await day.goTo('11:02');
  await clockOff(avaShift);
  await expect(kiosk.receiptFigure('Unpaid breaks')).toHaveText('20 min');
  await kiosk.finishReceipt();

  // ---- 11:10 Dan clocks on by mistake and off again a minute later ------------------------------
  await day.goTo('11:10');
  await kiosk.signIn(dan.name, dan.pin);
  const danShort = await clockOn(dan, { location: 'Bakery floor', workType: null }, { location: 'Front counter', workType: 'Counter service' });
  await kiosk.finishReceipt();
  await day.goTo('11:11');
  await clockOff(danShort);
  await kiosk.review('day-receipt-short-shift', kiosk.receiptFigure('This shift'));
  await kiosk.finishReceipt();

  // ---- 11:30 to 12:45 no network ----------------------------------------------------------------
  await kiosk.waitForSync(30_000);
  await expect.poll(() => store.verifiers(), { timeout: 30_000 }).toEqual(expect.arrayContaining([cara.employeeId, bram.employeeId, dan.employeeId]));
  await day.goTo('11:30');
  await context.setOffline(true);
  expect(await takeBreak(caraShift, '12:05', '12:20', true, 'day-receipt-offline')).toBe('15 min');
  await day.goTo('12:25');
  await clockOff(bramShift);
  await expect(kiosk.receipt.getByText('Saved on this kiosk. It will be sent as soon as the network is back.')).toBeVisible();
  await kiosk.finishReceipt();
  // Eve, whom this tablet has never checked: let through unverified, photographed, her PIN sealed.
  await day.goTo('12:28');
  await kiosk.tapName(eve.name);
  await kiosk.enterPin(eve.pin);
  // Her first photo: the business's photo notice first.
  await kiosk.acknowledgePhotoNotice(15_000);
  await expect(kiosk.main.getByRole('heading', { name: 'Your PIN can’t be checked right now' })).toBeVisible();
  await expect(kiosk.main.getByLabel('Camera preview')).toBeVisible();
  await kiosk.main.getByRole('button', { name: 'Record my punch' }).click();
  await kiosk.expectActions(eve.firstName);
  const eveShift = await clockOn(eve, { location: 'Bakery floor', workType: null });
  await expect(kiosk.receipt.getByText('Your PIN could not be checked, so a manager will confirm this punch.')).toBeVisible();
  await expect(kiosk.receipt.getByText('Saved on this kiosk. It will be sent as soon as the network is back.')).toBeVisible();
  await kiosk.review('day-receipt-unverified', kiosk.receipt.getByTestId('receipt-countdown'));
  await expect(kiosk.receipt.getByTestId('receipt-countdown')).toBeInViewport({ ratio: 1 });
  await kiosk.finishReceipt();
  // Dan again, offline: his last choice here is where he starts.
  await day.goTo('12:30');
  await kiosk.signIn(dan.name, dan.pin);
  const danAfternoon = await clockOn(dan, { location: 'Front counter', workType: 'Counter service' });
  await expect(kiosk.receipt.getByText('Saved on this kiosk. It will be sent as soon as the network is back.')).toBeVisible();
  await kiosk.review('day-receipt-offline-clock-on', kiosk.receiptRecorded());
  await kiosk.finishReceipt();
  await day.goTo('12:45');
  await context.setOffline(false);
  await kiosk.waitForSync(60_000);

  // ---- the afternoon ---------------------------------------------------------------------------
  await day.goTo('15:36');
  await clockOff(caraShift);
  await kiosk.finishReceipt();
  await day.goTo('16:00');
  await clockOff(danAfternoon);
  await kiosk.finishReceipt();
  await day.goTo('16:30');
  await clockOff(eveShift);
  await kiosk.finishReceipt();

  // ---- 19:10 Fay is back: she forgot to clock off; she finished at her rostered end -----------
  await day.goTo('19:10');
  await roster.signInForgotten(fay.name, fay.pin);
  await expect(roster.rosteredFinish()).toContainText('I finished at 10:30');
  await roster.rosteredFinish().click();
  fayShift.clockOff = await kiosk.expectReceipt('clockOff');
  fayShift.statedFinish = '10:30';
  await expect(kiosk.receipt.getByText(/^A manager will confirm that you finished at /)).toBeVisible();
  await kiosk.finishReceipt();
  await kiosk.waitForSync(30_000);

  // ---- every stored shift is what was chosen and what the receipts said ------------------------
  const rules = await day.api.roundingRules();
  for (const told of day.told) {
    const shifts = await day.shiftsOf(told.person);
    const shift = shifts.find((s) => day.wall(s.startTimeUtc) === told.clockOn);
    day.expectStored(shift, told);
    if (!shift?.endTimeUtc) continue;
    const unpaid = (shift.breaks ?? []).filter((b) => !b.isPaidBreak).reduce((sum, b) => sum + Date.parse(b.endTimeUtc ?? '') - Date.parse(b.startTimeUtc), 0);
    if (told.shiftFigure) expect(told.shiftFigure, `${told.person.name}: the receipt's "This shift"`).toBe(duration(Date.parse(shift.endTimeUtc) - Date.parse(shift.startTimeUtc) - unpaid));
  }
  const [avaStored] = await day.shiftsOf(ava);
  expect((await day.api.shiftNotes(avaStored?.id ?? -1)).map((n) => n.note)).toContain(avaShift.note);

  // ---- the manager accepts Fay's finish, approves every line and exports them -----------------
  const manager = new ManagerMode(page, service.demo);
  await manager.signIn();
  await manager.goTo('Timesheets');
  await manager.correction(fay.name).getByRole('button', { name: /^Accept: / }).click();
  await manager.correction(fay.name).getByRole('button', { name: 'Yes, accept' }).click();
  await expect(manager.correction(fay.name)).toHaveCount(0);

  const lineIds: Array<{ told: ShiftAsTold; lineId: number }> = [];
  for (const told of day.told) {
    const shift = (await day.shiftsOf(told.person)).find((s) => day.wall(s.startTimeUtc) === told.clockOn);
    expect(shift?.timesheetLineId, `${told.person.name}'s line`).toBeTruthy();
    lineIds.push({ told, lineId: shift?.timesheetLineId ?? 0 });
  }
  for (const { told, lineId } of lineIds) {
    const row = page.locator(`[data-testid="timesheet-line"][data-line-id="${lineId}"]`);
    await expect(row, `${told.person.name}'s line on the Timesheets tab`).toBeVisible();
    if ((await row.getAttribute('data-status')) !== 'Approved') await row.getByRole('button', { name: /^Approve: / }).click();
    await expect(row).toHaveAttribute('data-status', 'Approved');
  }
  await manager.capture('day-manager-timesheets', () => expect(page.locator(`[data-testid="timesheet-line"][data-line-id="${lineIds[0]?.lineId}"]`)).toBeVisible());

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export approved (CSV)' }).click();
  const csv = readFileSync(await (await downloading).path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toBe(TIMESHEET_EXPORT_COLUMNS.join(','));

  // ---- each line: the shift's times rounded by the business's rules, what was chosen, exported --
  for (const { told, lineId } of lineIds) {
    const who = `${told.person.name}'s line from ${told.clockOn}`;
    const line = (await day.linesOf(told.person)).find((l) => l.id === lineId);
    const shift = (await day.shiftsOf(told.person)).find((s) => s.timesheetLineId === lineId);
    if (!line || !shift?.endTimeUtc) throw new Error(`${who}: no line or no closed shift`);
    const end = told.statedFinish ? day.at(told.statedFinish) : new Date(shift.endTimeUtc);
    const breaks = (shift.breaks ?? []).map((b) => ({ startUtc: new Date(b.startTimeUtc), endUtc: new Date(b.endTimeUtc ?? shift.endTimeUtc ?? ''), isPaidBreak: b.isPaidBreak }));
    const rounded = roundShift({ startUtc: new Date(shift.startTimeUtc), endUtc: end, breaks }, rules, zone, await day.api.rosterShiftOfLine(lineId));
    expect(line, who).toMatchObject({
      status: 'Approved',
      startTime: toLocalDateTime(rounded.startUtc, zone),
      endTime: toLocalDateTime(rounded.endUtc, zone),
      fullyQualifiedLocationName: told.location,
      workType: told.workType,
    });
    expect((line.breaks ?? []).map((b) => b.isPaidBreak), `${who}: breaks`).toEqual(told.breaks.map((b) => b.paid));
    const exported = rows.find((r) => r.includes(`,Approved,${lineId},`));
    expect(exported, `${who}: exported`).toBeDefined();
    expect(exported).toContain(`,${toLocalDateTime(rounded.startUtc, zone).slice(11, 16)},${toLocalDateTime(rounded.endUtc, zone).slice(11, 16)},`);
    expect(exported).toContain(`,${told.location},${told.workType ?? ''},Approved,${lineId}`);
  }
  expect(lineIds).toHaveLength(7);
});
