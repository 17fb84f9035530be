/**
 * A clock-off waits, held, while its receipt offers the undo (src/offline/undoPunch.ts), and the
 * receipt's tab keeps a Web Lock for it (src/offline/holdLocks.ts), so the rest of the tablet knows
 * whether anyone can still take it back:
 * - closed straight away, the tab cannot send it; the service worker's Background Sync wake sees
 *   the lock freed and sends it then, with no page of the app open (src/offline/storedSync.ts).
 *   Before, it stayed on the tablet until the app was next opened, with the shift open meanwhile.
 * - a second tab of the app opening meanwhile leaves the first tab's undo working; before, its
 *   start ended every hold and the undo came too late.
 * Each test adds the person it needs, so it shares no one with other specs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KioskPage, kioskTime } from './pages/kiosk';
import { findFullChromium } from './support/browser';
import { expect, test } from './support/fixtures';
import { goodPin } from './support/pins';
import { TABLET_CONTEXT } from './support/screens';
import { ServiceApi } from './support/serviceApi';
import { uniqueWord } from './support/staff';


test('a clock-off stays undoable while its receipt shows; its tab closed at once, the service worker sends it then, once, at the time its receipt showed', async ({ playwright, launchOptions, request, serviceURL, demo }) => {
  test.setTimeout(90_000);
  const api = new ServiceApi(request, serviceURL, demo);
  const zone = (await api.kiosk()).ianaTimeZone ?? 'missing zone';
  const person = { firstName: 'Noor', surname: `Closedtab ${uniqueWord()}`, email: null, mobileNumber: null, pin: goodPin() };
  const employeeId = await api.addStaff(person);
  // Chromium offers no Background Sync to incognito profiles, which test contexts are, nor in its
  // headless shell: a tablet's browser has a profile of its own, as this throwaway one, in the full
  // browser.
  const profile = mkdtempSync(join(tmpdir(), 'kiosk-clock-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...TABLET_CONTEXT,
    executablePath: findFullChromium(),
    baseURL: serviceURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);
    await kiosk.clockOnAsIs(person);
    await kiosk.waitForSync();

    // While the receipt shows, the wake leaves the clock-off alone: it can still be undone.
    await kiosk.signIn(`${person.firstName} ${person.surname}`, person.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');
    await page.waitForTimeout(3_000); // time for the service worker's wake to send it, were it going to
    await kiosk.receipt.getByRole('button', { name: 'Undo clock-off' }).click();
    await expect(kiosk.main.getByRole('status').filter({ hasText: 'Clock-off undone: you are still clocked on.' })).toBeVisible();
    await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
    await expect(kiosk.grid()).toBeVisible();

    await kiosk.signIn(`${person.firstName} ${person.surname}`, person.pin);
    await kiosk.choose('clockOff');
    const clockedOffAt = await kiosk.expectReceipt('clockOff');
    const [open] = await api.shifts(employeeId);
    expect(open?.endTimeUtc ?? null, 'held for its undo, the clock-off has not left the tablet yet').toBeNull();
    await page.close();
    expect(context.pages(), 'no page of the app is open').toHaveLength(0);

    // Well before the hold's 30 s are up: the freed lock says nobody can undo it any more.
    await expect
      .poll(async () => (await api.shifts(employeeId)).map((shift) => shift.endTimeUtc ?? null), {
        message: 'the shift at the service, closed by the service worker',
        timeout: 15_000,
        intervals: [500],
      })
      .toEqual([expect.any(String)]);
    const [shift] = await api.shifts(employeeId);
    expect(kioskTime(shift?.endTimeUtc ?? '', zone)).toBe(clockedOffAt);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("a second tab of the app opening while a clock-off's receipt shows leaves its undo working", async ({ page, context, request, serviceURL, demo }) => {
  test.setTimeout(60_000);
  const api = new ServiceApi(request, serviceURL, demo);
  const person = { firstName: 'Ines', surname: `Twotabs ${uniqueWord()}`, email: null, mobileNumber: null, pin: goodPin() };
  const name = `${person.firstName} ${person.surname}`;
  const employeeId = await api.addStaff(person);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo);
  await kiosk.clockOnAsIs(person);
  await kiosk.waitForSync();

  await kiosk.signIn(name, person.pin);
  await kiosk.choose('clockOff');
  await kiosk.expectReceipt('clockOff');
  const second = new KioskPage(await context.newPage());
  await second.page.goto('/');
  // A sign-in there needs its whole runtime, whose start is what ends the holds it finds.
  await second.signIn(name, person.pin);
  await second.expectActions(person.firstName);
  await second.page.close();

  await kiosk.receipt.getByRole('button', { name: 'Undo clock-off' }).click();
  await kiosk.expectActions(person.firstName);
  await expect(kiosk.main.getByRole('status').filter({ hasText: 'Clock-off undone: you are still clocked on.' })).toBeVisible();
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await kiosk.waitForSync();
  const shifts = await api.shifts(employeeId);
  expect(shifts).toHaveLength(1);
  expect(shifts[0]?.endTimeUtc ?? null, 'the undone clock-off never reached the service').toBeNull();
});
