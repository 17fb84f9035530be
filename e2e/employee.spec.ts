/**
 * The employee flow on an enrolled kiosk, against the real shared service: a whole shift (clock
 * on with options, paid break, clock off) checked on the receipts, on the staff grid and through
 * the API (clocked shift and timesheet line); a note on the open shift; employee number entry;
 * Spanish with receipt times in the kiosk's zone; the idle timeout, driven by Playwright's clock.
 * Each test uses its own demo staff member (e2e/support/staff.ts). PIN lockout, forgot PIN and
 * change PIN are in employee-pin.spec.ts, the photo kiosk in employee-photo.spec.ts.
 */
import type { Page } from '@playwright/test';
import { roundShift } from '../src/domain/rounding';
import { toLocalDateTime } from '../src/domain/time';
import { KioskPage, fullName, kioskTime, kioskTimesBetween, kioskWeekdayDate } from './pages/kiosk';
import { ManagerMode } from './pages/manager';
import { holdPageClock } from './support/clocks';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { ServiceApi } from './support/serviceApi';
import { staffFor } from './support/staff';

/** What the chime and vibration spy (installed before the app loads) counted. */
interface Feedback {
  __vibrations: unknown[];
  __tones: number;
}

test.describe('employee flow', () => {
  test('a whole shift: clock on with options, paid break, clock off; receipts, grid and timesheet agree', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(90_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const zone = (await api.kiosk()).ianaTimeZone ?? 'missing zone';
    const amara = staffFor(demo, 'fullShift');
    const name = fullName(amara);
    await page.addInitScript(() => {
      const spy = window as unknown as Feedback;
      spy.__vibrations = [];
      spy.__tones = 0;
      Object.defineProperty(navigator, 'vibrate', { value: (pattern: unknown) => (spy.__vibrations.push(pattern), true), configurable: true });
      const proto = AudioScheduledSourceNode.prototype;
      const start = Object.getOwnPropertyDescriptor(proto, 'start')?.value as (this: AudioScheduledSourceNode, when?: number) => void;
      Object.defineProperty(proto, 'start', {
        value(this: AudioScheduledSourceNode, when?: number) {
          spy.__tones += 1;
          start.call(this, when);
        },
        configurable: true,
      });
    });
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);

    await kiosk.expectStatus(name, 'Not clocked on');

    // Clock on: the demo kiosk offers two locations and work types, so the options step appears.
    await kiosk.tapName(name);
    await expect(kiosk.main.getByRole('heading', { name: `Hi ${amara.firstName}` })).toBeVisible();
    await kiosk.expectDigitsEntered(0);
    await kiosk.review('pin-pad', kiosk.okKey());
    await kiosk.enterPin(amara.pin);
    await kiosk.expectActions(amara.firstName);
    await expect(kiosk.statusLine()).toHaveText('You are not clocked on.');
    expect(await kiosk.offeredPunches()).toEqual(['clockOn']);
    await kiosk.review('actions-off', kiosk.actions());

    await kiosk.choose('clockOn');
    await expect(kiosk.options().getByRole('heading', { name: 'Before you clock on' })).toBeVisible();
    await kiosk.review('options', kiosk.options());
    await kiosk.pickOption('Location', 'Front counter');
    await kiosk.pickOption('Work type', 'Counter service');
    let before = new Date();
    await kiosk.confirmClockOn();
    const clockedOnAt = await kiosk.expectReceipt('clockOn', `Have a good shift, ${amara.firstName}!`);
    expect(kioskTimesBetween(before, new Date(), zone)).toContain(clockedOnAt);
    await expect(kiosk.receiptDate()).toHaveText(kioskWeekdayDate(new Date(), zone));
    // The receipt says what was recorded, hours only where there are some (never "0 min"), and
    // what comes next; a chime and a buzz confirm it.
    await expect(kiosk.receiptRecorded()).toHaveText('Front counter · Counter service');
    await expect(kiosk.receipt.getByText(/^0 min$/)).toHaveCount(0);
    await expect(kiosk.receiptNext('Clock off when you finish.')).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as Feedback).__vibrations.length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as Feedback).__tones)).toBeGreaterThanOrEqual(2);
    await kiosk.review('receipt-clock-on', kiosk.receipt); // within the receipt's 10 s
    await kiosk.finishReceipt();
    await kiosk.expectStatus(name, `Clocked on since ${clockedOnAt}`);
    // Status at a glance: Amara is in the "On shift" group, which comes before everyone else.
    expect(await kiosk.namesIn('On shift')).toContain(name);
    expect(await kiosk.namesIn('Everyone else')).not.toContain(name);
    const groups = (await kiosk.grid().getByRole('heading', { level: 2 }).allInnerTexts()).map((g) => g.replace(/\s*\d+$/, ''));
    // People the roster expects now (if any, at this hour) come between.
    expect(groups[0]).toBe('On shift');
    expect(groups.at(-1)).toBe('Everyone else');
    await kiosk.review('grid', kiosk.card(name));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await kiosk.review('grid-dark', kiosk.card(name));
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    // A paid break.
    await kiosk.signIn(name, amara.pin);
    await expect(kiosk.statusLine()).toHaveText(new RegExp(`^Clocked on since ${clockedOnAt} · (\\d+ min|under 1 min)$`));
    expect(await kiosk.offeredPunches()).toEqual(['startBreak', 'clockOff']);
    await kiosk.review('actions-on', kiosk.actions());
    await kiosk.paidBreakSwitch().check();
    await expect(kiosk.paidBreakSwitch()).toBeChecked();
    await kiosk.review('actions-paid-break', kiosk.paidBreakSwitch());
    before = new Date();
    await kiosk.choose('startBreak');
    const breakStartedAt = await kiosk.expectReceipt('startBreak', name);
    expect(kioskTimesBetween(before, new Date(), zone)).toContain(breakStartedAt);
    await expect(kiosk.receiptNext('Tap “End break” when you are back.')).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await kiosk.review('receipt-break-start-dark', kiosk.receipt); // within the receipt's 10 s
    await page.emulateMedia({ colorScheme: 'light' });
    await kiosk.finishReceipt();
    await kiosk.expectStatus(name, `On break since ${breakStartedAt}`);

    await kiosk.signIn(name, amara.pin);
    await expect(kiosk.statusLine()).toHaveText(new RegExp(`^On break since ${breakStartedAt} · (\\d+ min|under 1 min)$`));
    expect(await kiosk.offeredPunches()).toEqual(['endBreak', 'clockOff']);
    await kiosk.review('actions-break', kiosk.actions());
    before = new Date();
    await kiosk.choose('endBreak');
    const breakEndedAt = await kiosk.expectReceipt('endBreak', name);
    expect(kioskTimesBetween(before, new Date(), zone)).toContain(breakEndedAt);
    await expect(kiosk.receiptFigure('Paid break')).toHaveText(/^(\d+ min|under 1 min)$/);
    await expect(kiosk.receiptNext('Clock off when you finish.')).toBeVisible();
    await kiosk.review('receipt-break-end', kiosk.receipt); // within the receipt's 10 s
    await kiosk.finishReceipt();
    await kiosk.expectStatus(name, `Clocked on since ${clockedOnAt}`);

    // Clock off.
    await kiosk.signIn(name, amara.pin);
    before = new Date();
    await kiosk.choose('clockOff');
    const clockedOffAt = await kiosk.expectReceipt('clockOff', `See you next time, ${amara.firstName}!`);
    expect(kioskTimesBetween(before, new Date(), zone)).toContain(clockedOffAt);
    await expect(kiosk.receiptFigure('This shift')).toHaveText(/^(\d+ min|under 1 min)$/);
    await expect(kiosk.receipt.getByText(/^0 min$/)).toHaveCount(0);
    // The break was paid, so nothing is deducted.
    await expect(kiosk.receiptFigure('Unpaid breaks')).toHaveCount(0);
    await kiosk.review('receipt-clock-off', kiosk.receipt); // within the receipt's 10 s
    await kiosk.finishReceipt();
    await kiosk.expectStatus(name, 'Clocked off');

    // The service has the shift, and its timesheet line has the paid break.
    await kiosk.waitForSync();
    const [shift] = await api.shifts(amara.employeeId);
    expect(shift, 'the clocked shift').toBeDefined();
    if (!shift) return;
    expect(shift.employee?.employeeId).toBe(amara.employeeId);
    expect(shift.locationFullyQualifiedName).toBe('Front counter');
    expect(shift.workTypeName).toBe('Counter service');
    expect(kioskTime(shift.startTimeUtc, zone)).toBe(clockedOnAt);
    expect(shift.endTimeUtc, 'the shift is closed').not.toBeNull();
    expect(kioskTime(shift.endTimeUtc ?? '', zone)).toBe(clockedOffAt);
    expect(shift.breaks).toHaveLength(1);
    const shiftBreak = shift.breaks?.[0];
    expect(shiftBreak?.isPaidBreak).toBe(true);
    expect(kioskTime(shiftBreak?.startTimeUtc ?? '', zone)).toBe(breakStartedAt);
    expect(kioskTime(shiftBreak?.endTimeUtc ?? '', zone)).toBe(breakEndedAt);
    expect(shift.timesheetLineId, 'clock-off wrote a timesheet line').not.toBeNull();

    const lines = await api.timesheetLines(amara.employeeId);
    const line = lines.find((candidate) => candidate.id === shift.timesheetLineId);
    expect(line, `timesheet line ${String(shift.timesheetLineId)} among ${JSON.stringify(lines)}`).toBeDefined();
    expect(line).toMatchObject({
      employeeId: amara.employeeId,
      workType: 'Counter service',
      fullyQualifiedLocationName: 'Front counter',
      breaks: [{ isPaidBreak: true }],
    });
    // Timesheet times are wall-clock times in the kiosk's zone, like the shift's *Local times, and
    // are the clocked times rounded by the business's rules (the demo rounds; the raw punches stay
    // on the clocked shift, checked above).
    const rules = await api.roundingRules();
    const endUtc = new Date(shift.endTimeUtc ?? '');
    const rounded = roundShift(
      {
        startUtc: new Date(shift.startTimeUtc),
        endUtc,
        breaks: [{ startUtc: new Date(shiftBreak?.startTimeUtc ?? ''), endUtc: new Date(shiftBreak?.endTimeUtc ?? ''), isPaidBreak: true }],
      },
      rules,
      zone,
      await api.rosterShiftOfLine(line?.id ?? 0),
    );
    expect(line?.startTime).toBe(toLocalDateTime(rounded.startUtc, zone));
    expect(line?.endTime).toBe(toLocalDateTime(rounded.endUtc, zone));
    expect(line?.breaks?.[0]?.startTime).toBe(toLocalDateTime(rounded.breaks[0]!.startUtc, zone));

    // Manager mode's Timesheets says the break was paid: "(0 min unpaid)" read like a break not taken.
    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('Timesheets');
    await expect(manager.timesheetLine(name)).toContainText('1 break (paid)');
  });

  test('a clocked-on employee leaves a note; the receipt returns to the grid by itself after 10 s', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const grace = staffFor(demo, 'note');
    const name = fullName(grace);
    const text = `Left early delivery at the back door (${Date.now()})`;
    await page.clock.install();
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);

    await kiosk.signIn(name, grace.pin);
    await kiosk.choose('clockOn');
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();

    await kiosk.signIn(name, grace.pin);
    await kiosk.actions().getByRole('button', { name: 'Leave a note' }).click();
    const note = kiosk.main.getByRole('textbox', { name: /^Note/ });
    await expect(kiosk.main.getByRole('heading', { name: 'Leave a note' })).toBeVisible();
    await expect(kiosk.main.getByRole('button', { name: 'Save note' })).toBeDisabled();
    await kiosk.review('note', note);
    await note.fill(text);
    await kiosk.main.getByRole('button', { name: 'Save note' }).click();
    await kiosk.expectReceipt('note', name);

    // The receipt counts down and goes back to the grid on its own (DONE_RETURN_SECONDS = 10); a
    // tap on it gives the time again.
    await page.clock.runFor(5_000);
    await expect(kiosk.receipt.getByText(/^Back to the list in 5 seconds/)).toBeVisible();
    await kiosk.receipt.getByRole('heading', { level: 1 }).click();
    await page.clock.runFor(9_000);
    await expect(kiosk.receipt.getByText(/^Back to the list in 1 second\./)).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(kiosk.grid()).toBeVisible();

    await kiosk.waitForSync();
    const [shift] = await api.shifts(grace.employeeId);
    expect(shift?.endTimeUtc, 'the shift is still open').toBeNull();
    const notes = await api.shiftNotes(shift?.id ?? -1);
    expect(notes.map((n) => ({ note: n.note, visibility: n.visibility, employeeId: n.employee?.id }))).toContainEqual({
      note: text,
      visibility: 'Visible',
      employeeId: grace.employeeId,
    });
  });

  test("a shift open longer than the service's LONG_SHIFT_MINUTES shows the long-shift notice", async ({ page, request, serviceURL, demo }) => {
    const api = new ServiceApi(request, serviceURL, demo);
    const hana = staffFor(demo, 'longShift');
    // The shared service runs with the default limit, 12 hours; this shift began 13 hours ago.
    await api.clockOnAt(hana.employeeId, new Date(Date.now() - 13 * 60 * 60_000));
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);
    await kiosk.tapName(fullName(hana));
    await kiosk.enterPin(hana.pin);
    // Asked first when she finished (kiosk-roster.spec.ts); she is still working.
    await kiosk.main.getByRole('button', { name: 'I am still working', exact: true }).click();
    await kiosk.expectActions(hana.firstName);
    const notice = kiosk.main.getByText('You have been on shift for a long time. Remember to clock off.');
    await kiosk.review('actions-long-shift', notice);
    await expect(kiosk.actions().getByRole('button', { name: 'Clock off' })).toBeVisible();
  });

  test('receipts count the hours: a shift begun 2.5 h ago, an unpaid break deducted, today and this week', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const zone = (await api.kiosk()).ianaTimeZone ?? 'missing zone';
    const jonas = staffFor(demo, 'hours');
    const name = fullName(jonas);
    const started = new Date(Date.now() - 150 * 60_000);
    await api.clockOnAt(jonas.employeeId, started);
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);

    // An unpaid break (the switch left off).
    await kiosk.signIn(name, jonas.pin);
    await expect(kiosk.paidBreakSwitch()).not.toBeChecked();
    await kiosk.choose('startBreak');
    await kiosk.expectReceipt('startBreak', name);
    await kiosk.finishReceipt();
    await kiosk.signIn(name, jonas.pin);
    await kiosk.choose('endBreak');
    await kiosk.expectReceipt('endBreak', name);
    await expect(kiosk.receiptFigure('Unpaid break')).toHaveText(/^(\d+ min|under 1 min)$/);
    await kiosk.finishReceipt();

    await kiosk.signIn(name, jonas.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');
    // The shift began on the service (not at this tablet): its start came with the service's shifts.
    const shift = kiosk.receiptFigure('This shift');
    await expect(shift).toHaveText(/^2 h (29|30|31) min$/);
    await expect(kiosk.receiptFigure('Unpaid breaks')).toHaveText(/^(\d+ min|under 1 min)$/);
    await expect(kiosk.receipt.getByText('Hours worked, unpaid breaks deducted', { exact: true })).toBeVisible();
    // Today is this shift (not said twice) unless it began yesterday; the week only when it is more than today.
    const sameDay = kioskWeekdayDate(started, zone) === kioskWeekdayDate(new Date(), zone);
    if (sameDay) await expect(kiosk.receiptFigure('Today')).toHaveCount(0);
    await expect(kiosk.receipt.getByText(/^0 min$/)).toHaveCount(0);
    // What comes next: their next rostered shift when the demo roster has one ahead, else the plain step.
    const ahead = await api.nextRosterShift(jonas.employeeId, new Date(Date.now() - 60_000));
    if (ahead) await expect(kiosk.receipt.getByTestId('receipt-next-shift')).toContainText(`Your next shift: ${kioskWeekdayDate(ahead.startUtc, zone)}, ${kioskTime(ahead.startUtc, zone)}–${kioskTime(ahead.endUtc, zone)}`);
    else await expect(kiosk.receiptNext('Clock on when your next shift starts.')).toBeVisible();
    await kiosk.review('receipt-clock-off-hours', kiosk.receipt); // within the receipt's 10 s
  });

  test("offline, receipts still count the shift and its unpaid break from what the tablet holds, and stay 15 s", async ({ page, context, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const keira = staffFor(demo, 'offlineHours');
    const name = fullName(keira);
    // The receipt's countdown on a clock the test moves on (it also runs in real time).
    await page.clock.install();
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);

    // Online: clock on; the tablet learns Keira's PIN verifier in the background.
    await kiosk.signIn(name, keira.pin);
    await kiosk.choose('clockOn');
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();
    const store = new KioskStore(page);
    await expect.poll(() => store.verifiers(), { timeout: 15_000 }).toContain(keira.employeeId);
    await kiosk.waitForSync();

    await context.setOffline(true);
    await kiosk.signIn(name, keira.pin);
    await kiosk.choose('startBreak');
    await kiosk.expectReceipt('startBreak', name);
    await kiosk.finishReceipt();
    await kiosk.signIn(name, keira.pin);
    await kiosk.choose('endBreak');
    await kiosk.expectReceipt('endBreak', name);
    await expect(kiosk.receiptFigure('Unpaid break')).toHaveText(/^(\d+ min|under 1 min)$/);
    await kiosk.finishReceipt();
    await kiosk.signIn(name, keira.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');
    await expect(kiosk.receiptFigure('This shift')).toHaveText(/^(\d+ min|under 1 min)$/);
    await expect(kiosk.receiptFigure('Unpaid breaks')).toHaveText(/^(\d+ min|under 1 min)$/);
    await expect(kiosk.receipt.getByText(/^0 min$/)).toHaveCount(0);
    await expect(kiosk.receipt.getByText('Saved on this kiosk. It will be sent as soon as the network is back.')).toBeVisible();
    // A receipt with a notice (saved, not yet sent) stays 15 s instead of 10, its countdown on screen.
    const countdown = kiosk.receipt.getByTestId('receipt-countdown');
    await expect(countdown).toBeInViewport({ ratio: 1 });
    await page.clock.runFor(11_000);
    await expect(countdown).toHaveText(/^Back to the list in [1-4] seconds?\b/);
    await page.clock.runFor(5_000);
    await expect(kiosk.grid()).toBeVisible();
    await context.setOffline(false);
    await kiosk.waitForSync(30_000);
  });

  test('employee number entry: an unknown number is refused, a known one leads to the PIN and the actions', async ({ page, serviceURL, demo }) => {
    const dev = staffFor(demo, 'byNumber');
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);

    await kiosk.useEmployeeNumber();
    await expect(kiosk.main.getByRole('button', { name: 'OK' })).toBeDisabled();

    // Nobody on this kiosk has this number, so the kiosk asks the service (checkid), which says no.
    const unknown = String(demo.staff.reduce((max, member) => Math.max(max, member.employeeId), 0) + 1000);
    const checked = page.waitForResponse((response) => response.url().includes(`/kiosk/${demo.kioskId}/checkid`));
    await kiosk.typeDigits(unknown);
    await expect(kiosk.numberDisplay()).toHaveText(unknown);
    await expect(kiosk.main.getByRole('button', { name: 'OK' })).toBeEnabled();
    await kiosk.review('number-entry', kiosk.numberDisplay());
    await kiosk.main.getByRole('button', { name: 'OK' }).click();
    expect((await checked).status()).toBe(404);
    await expect(kiosk.alert).toHaveText('No one with that number can use this kiosk.');
    await expect(kiosk.numberDisplay()).toHaveText('');

    await kiosk.typeDigits(String(dev.employeeId));
    await kiosk.main.getByRole('button', { name: 'OK' }).click();
    await expect(kiosk.main.getByRole('heading', { name: `Hi ${dev.firstName}` })).toBeVisible();
    await expect(kiosk.main.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    await kiosk.enterPin(dev.pin);
    await kiosk.expectActions(dev.firstName);
    expect(await kiosk.offeredPunches()).toEqual(['clockOn']);
  });

  test.describe('on a tablet set to US English', () => {
    test.use({ locale: 'en-US' });

    test("times follow the business's locale (a London kiosk writes 24-hour), not the browser's", async ({ page, serviceURL, demo }) => {
      const kiosk = new KioskPage(page);
      await kiosk.enrol(serviceURL, demo);
      expect(await page.evaluate(() => new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle), 'the browser itself writes 12-hour').toBe('h12');
      await expect(kiosk.header.getByText(/^\d{1,2}:\d{2}$/)).toBeVisible();
      await expect(kiosk.header.getByText(/\b(AM|PM)\b/)).toHaveCount(0);
    });
  });

  test.describe('on a tablet whose own clock is in another zone', () => {
    // The kiosk (demo) is in Europe/London; the tablet says Auckland, 11 to 13 hours away.
    test.use({ timezoneId: 'Pacific/Auckland' });

    test('Español: grid and PIN pad in Spanish, receipt time in the kiosk zone; the next person gets English again', async ({ page, request, serviceURL, demo }) => {
      test.setTimeout(60_000);
      const api = new ServiceApi(request, serviceURL, demo);
      const zone = (await api.kiosk()).ianaTimeZone ?? 'missing zone';
      expect(zone).toBe('Europe/London');
      const finn = staffFor(demo, 'spanish');
      const name = fullName(finn);
      const kiosk = new KioskPage(page);
      await kiosk.enrol(serviceURL, demo);

      await kiosk.switchLanguage('Español');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      const grid = kiosk.main.getByRole('region', { name: 'Toca tu nombre' });
      await expect(kiosk.main.getByRole('heading', { name: 'Toca tu nombre' })).toBeVisible();
      await expect(kiosk.main.getByText('para fichar la entrada, tomar una pausa o fichar la salida')).toBeVisible();
      await expect(kiosk.main.getByRole('searchbox', { name: 'Busca tu nombre' })).toBeVisible();
      await expect(kiosk.main.getByRole('button', { name: 'Usar mi número de empleado' })).toBeVisible();
      await expect(grid.getByRole('button', { name: `${name}, Sin fichar` })).toBeVisible();
      await expect(kiosk.header.getByRole('button', { name: 'Idioma: English' })).toBeVisible();
      await kiosk.review('grid-es', grid);

      await grid.getByRole('button', { name: `${name}, Sin fichar` }).click();
      await expect(kiosk.main.getByRole('heading', { name: `Hola, ${finn.firstName}` })).toBeVisible();
      await expect(kiosk.main.getByRole('heading', { name: 'Escribe tu PIN' })).toBeVisible();
      await expect(kiosk.main.getByRole('status', { name: '0 dígitos escritos' })).toBeVisible();
      await expect(kiosk.main.getByRole('button', { name: '¿Olvidaste el PIN?' })).toBeVisible();
      await expect(kiosk.main.getByRole('button', { name: 'Cancelar' })).toBeVisible();
      await expect(kiosk.main.getByRole('button', { name: 'Borrar el último dígito' })).toBeVisible();

      await kiosk.typeDigits(finn.pin, 'Dígito');
      await kiosk.okKey().click();
      await expect(kiosk.actions().getByRole('heading', { name: `Hola, ${finn.firstName}` })).toBeVisible();
      await expect(kiosk.statusLine()).toHaveText('No has fichado la entrada.');
      await kiosk.actions().getByRole('button', { name: 'Fichar entrada' }).click();
      await expect(kiosk.options().getByRole('heading', { name: 'Antes de fichar la entrada' })).toBeVisible();
      await kiosk.options().getByRole('button', { name: 'Fichar entrada' }).click();

      await expect(kiosk.receipt.getByRole('heading', { name: 'Entrada fichada' })).toBeVisible();
      await expect(kiosk.receipt.getByText(`¡Buen turno, ${finn.firstName}!`)).toBeVisible();
      const shown = (await kiosk.receiptTime().innerText()).trim();
      const shownDate = (await kiosk.receiptDate().innerText()).trim();

      // The receipt shows the recorded instant in the kiosk's zone, not the tablet's.
      await kiosk.waitForSync();
      const [shift] = await api.shifts(finn.employeeId);
      const at = shift?.startTimeUtc ?? 'no shift';
      expect(shown).toBe(kioskTime(at, zone, 'es'));
      expect(shownDate).toBe(kioskWeekdayDate(at, zone, 'es'));
      expect(kioskTime(at, 'Pacific/Auckland', 'es'), 'the two zones differ, so the check above means something').not.toBe(shown);

      // "Listo" ends the session: the next person sees the tablet's language again.
      await kiosk.receipt.getByRole('button', { name: 'Listo' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await kiosk.expectStatus(name, `Clocked on since ${kioskTime(at, zone)}`);
    });
  });

  test.describe('idle timeout (30 s without a touch), on a fake clock', () => {
    test.beforeEach(async ({ page }) => {
      await page.clock.install();
    });

    /**
     * Stops the page's clock just after now, so only the test moves it: a running clock adds the
     * real seconds each step takes, which on a busy machine ate the one second of margin below.
     */
    const holdClock = (page: Page) => holdPageClock(page);

    test('half a PIN: a touch restarts the wait; 30 quiet seconds return to the grid and forget the digits', async ({ page, serviceURL, demo }) => {
      const chloe = staffFor(demo, 'idle');
      const name = fullName(chloe);
      const kiosk = new KioskPage(page);
      await kiosk.enrol(serviceURL, demo);

      await kiosk.tapName(name);
      await kiosk.typeDigits(chloe.pin.slice(0, 1));
      await holdClock(page);
      await page.clock.fastForward(20_000);
      await kiosk.typeDigits(chloe.pin.slice(1, 2));
      await kiosk.expectDigitsEntered(2);

      // 20 s + 20 s since the name was tapped, but only 20 s since the last touch.
      await page.clock.fastForward(20_000);
      await kiosk.expectDigitsEntered(2);
      await page.clock.fastForward(9_000);
      await kiosk.expectDigitsEntered(2);
      await page.clock.fastForward(1_500);
      await expect(kiosk.grid()).toBeVisible();
      await expect(kiosk.main.getByRole('heading', { name: 'Enter your PIN' })).toBeHidden();

      await page.clock.resume();
      await kiosk.tapName(name);
      await kiosk.expectDigitsEntered(0);
    });

    test("the actions screen goes back to the grid after 30 s, and the next tap on the name asks for the PIN again", async ({ page, serviceURL, demo }) => {
      const chloe = staffFor(demo, 'idle');
      const name = fullName(chloe);
      const kiosk = new KioskPage(page);
      await kiosk.enrol(serviceURL, demo);

      await kiosk.signIn(name, chloe.pin);
      await holdClock(page);
      // The wait runs from the last touch: one made on the held clock (the greeting does nothing
      // when tapped), so the real time the sign-in took on a busy machine is not counted in it.
      await kiosk.actions().getByRole('heading', { level: 1 }).click();
      await page.clock.fastForward(29_000);
      await kiosk.expectActions(chloe.firstName);
      await page.clock.fastForward(1_500);
      await expect(kiosk.grid()).toBeVisible();
      await expect(kiosk.actions()).toBeHidden();

      await page.clock.resume();
      await kiosk.tapName(name);
      await kiosk.expectDigitsEntered(0);
      await expect(kiosk.actions()).toBeHidden();
    });
  });
});
