/**
 * Fewer taps, on an isolated service (its own demo data) whose business is cut down to one
 * location and no work types or shift conditions, so nothing needs choosing at clock-on:
 * 1. Clock on goes straight from the actions to the receipt (no options screen), with the kiosk's
 *    location on the punch.
 * 2. With the kiosk switched to isPhotoRequired and Chromium's fake camera
 *    (--use-fake-device-for-media-stream, see e2e/support/browser.ts): the one tap on "Clock on"
 *    opens the camera (after the photo notice, read once before a person's first photo), a 3-2-1
 *    countdown runs, the still is taken and shown with "Retake", and the punch is recorded with it by itself; the service has the shift and the punch carried a JPEG.
 *    There is no API to read a punch photo back, so the proof is that the service refuses a
 *    clock-on without an image on this kiosk (checked directly) yet accepted the kiosk's.
 */
import type { Locator, Page } from '@playwright/test';
import { KioskPage, fullName } from './pages/kiosk';
import { expectNoSeriousA11yViolations } from './support/axe';
import { holdPageClock } from './support/clocks';
import { captureScreen, reviewScreen, VIEWPORTS } from './support/screens';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { ServiceApi } from './support/serviceApi';
import { cameraRequests, countCameraRequests, failStills, silenceCamera } from './support/cameraSpy';
import { KioskStore } from './support/kioskStore';
import { CAMERA_START_MS } from '../src/app/features/kiosk/useCamera';

const test = testWithOwnService({ label: 'photo' });

/**
 * Screenshots in both orientations with the page's clock paused (reviewScreen's axe scan needs the
 * clock running, so the test scans separately).
 */
async function photographBoth(page: Page, name: string, ready: Locator): Promise<void> {
  const original = page.viewportSize();
  for (const orientation of ['portrait', 'landscape'] as const) {
    await page.setViewportSize(VIEWPORTS[orientation]);
    await expect(ready).toBeVisible();
    await captureScreen(page, name);
  }
  if (original) await page.setViewportSize(original);
}

/** Whether the camera preview is really playing frames. */
function isPlaying(video: HTMLVideoElement): boolean {
  return video.readyState >= 2 && !video.paused && video.videoWidth > 0;
}

/** Leaves the business one location (the kiosk's) and no work types or shift conditions. */
async function nothingToChoose(api: ServiceApi): Promise<string> {
  const kioskLocation = (await api.kiosk()).locationId;
  const { locations, workTypes } = await api.referenceData();
  for (const location of locations) if (location.id !== kioskLocation) await api.remove('location', location.id);
  for (const workType of workTypes) await api.remove('worktype', workType.id);
  const kept = locations.find((l) => l.id === kioskLocation);
  if (!kept) throw new Error('the demo kiosk has no location');
  return kept.name;
}

test.describe.serial('nothing to choose', () => {
  test('clock on skips the options screen and carries the kiosk location', async ({ page, request, ownService }) => {
    test.setTimeout(60_000);
    const demo = ownService.demo;
    const api = new ServiceApi(request, ownService.baseURL, demo);
    const location = await nothingToChoose(api);
    const [, , third] = demo.staff;
    if (!third) throw new Error('the demo has fewer than three staff');

    const kiosk = new KioskPage(page);
    await kiosk.enrol(ownService.baseURL, demo);
    await kiosk.signIn(fullName(third), third.pin);
    await kiosk.choose('clockOn');
    await kiosk.expectReceipt('clockOn', `Have a good shift, ${third.firstName}!`);
    await expect(kiosk.options()).toHaveCount(0);
    // The location stands alone: the demo's first twelve staff are rostered hours away from the
    // moment the demo was seeded (src/server/demo/demoRoster.ts), so no roster line names it.
    await expect(kiosk.receipt.getByText(location, { exact: true })).toBeVisible();
    await expect(kiosk.receipt.getByTestId('receipt-roster')).toHaveCount(0);

    await kiosk.waitForSync();
    const [shift] = await api.shifts(third.employeeId);
    expect(shift?.locationFullyQualifiedName).toBe(location);
  });

  test('photo-required kiosk: one tap, a 3-2-1 countdown, the still with Retake, then the punch by itself; the service has it with its photo', async ({ page, request, ownService }) => {
    test.setTimeout(60_000);
    const demo = ownService.demo;
    const api = new ServiceApi(request, ownService.baseURL, demo);
    const [first, second] = demo.staff;
    if (!first || !second) throw new Error('the demo has fewer than two staff');

    const model = await api.kiosk();
    expect(model.isPhotoRequired).toBe(false);
    const updated = await api.updateKiosk({ ...model, isPhotoRequired: true });
    expect(updated.isPhotoRequired).toBe(true);

    // The page's timers run when the test says, so each stage of the countdown can be looked at.
    await page.clock.install();
    const kiosk = new KioskPage(page);
    const device = await kiosk.enrol(ownService.baseURL, demo);

    // The service now refuses a clock-on without a photo from this kiosk.
    const refused = await api.asDevice(device.token, `/kiosk/${demo.kioskId}/clockon`, { employeeId: second.employeeId, recordedTimeUtc: new Date().toISOString() });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { code?: string }).code).toBe('photo-required');

    await kiosk.signIn(fullName(first), first.pin);
    await kiosk.choose('clockOn'); // no options (nothing to choose), no "Take photo"
    await kiosk.acknowledgePhotoNotice(); // their first photo: read once, then never again

    const live = kiosk.main.locator('video[aria-label="Camera preview"]');
    await expect(kiosk.main.getByRole('heading', { name: 'Look at the camera' })).toBeVisible();
    await expect.poll(() => live.evaluate(isPlaying), { message: 'the fake camera plays in the preview' }).toBe(true);
    const countdown = kiosk.main.getByTestId('photo-countdown');
    await expect(countdown).toHaveText(/^[123]$/);
    await expect(kiosk.main.getByRole('status').filter({ hasText: /^Photo in [123]$/ })).toBeVisible();
    // The page's time stands still while the countdown is photographed and stepped through.
    await holdPageClock(page, 250);
    const shown = Number((await countdown.innerText()).trim());
    await photographBoth(page, 'photo', countdown);
    // The whole step fits a landscape tablet: "Back" is not cut off (it was, at 800 px).
    await expect(kiosk.main.getByRole('button', { name: 'Back' })).toBeInViewport({ ratio: 1 });
    for (let left = shown - 1; left >= 1; left -= 1) {
      await page.clock.runFor(1_000);
      await expect(countdown).toHaveText(String(left));
    }

    // The countdown ends in a still, shown with Retake while the kiosk waits a moment.
    await page.clock.runFor(1_000);
    const still = kiosk.main.getByRole('img', { name: 'Your photo' });
    await expect(still).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await expect(live).toBeHidden();
    await expect(kiosk.main.getByRole('status').filter({ hasText: 'Using this photo in 2 seconds' })).toBeVisible();
    await photographBoth(page, 'photo-taken', still);
    await kiosk.main.getByRole('button', { name: 'Retake' }).click();
    await expect(still).toBeHidden();
    await expect.poll(() => live.evaluate(isPlaying), { message: 'the preview plays again after Retake' }).toBe(true);
    await expect(countdown).toHaveText('3');

    // Time runs again (axe needs the page's timers): the countdown, the still, then the punch by itself.
    const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith(`/kiosk/${demo.kioskId}/clockon`));
    await page.clock.resume();
    await expectNoSeriousA11yViolations(page, 'photo countdown');
    await expect(still).toBeVisible({ timeout: 8_000 });
    await expectNoSeriousA11yViolations(page, 'photo taken');
    await kiosk.expectReceipt('clockOn', `Have a good shift, ${first.firstName}!`);
    const receiptText = await kiosk.receipt.innerText();
    const body = (await sent).postDataJSON() as { image?: string; employeeId?: number };
    expect(body.employeeId).toBe(first.employeeId);
    expect(Buffer.from(body.image ?? '', 'base64').subarray(0, 3), 'a JPEG went with the punch').toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    await kiosk.waitForSync();
    const [shift] = await api.shifts(first.employeeId);
    expect(shift, 'the clock-on reached the service').toBeDefined();
    expect(shift?.endTimeUtc).toBeNull();
    expect(shift?.locationFullyQualifiedName, 'the clock-on has a location').toBeTruthy();
    expect(receiptText, 'the receipt names the location the punch carried').toContain(shift?.locationFullyQualifiedName ?? 'no location');
    const [other] = await api.shifts(second.employeeId);
    expect(other, 'the refused clock-on left nothing behind').toBeUndefined();
  });

  test('a camera that goes quiet is asked again by itself, then named with "Try again"; a still that fails is taken again; nothing is lost', async ({ page, request, ownService }) => {
    test.setTimeout(90_000);
    const demo = ownService.demo;
    const api = new ServiceApi(request, ownService.baseURL, demo);
    const [first, second] = demo.staff;
    if (!first || !second) throw new Error('the demo has fewer than two staff');
    expect((await api.kiosk()).isPhotoRequired, 'left on by the test before').toBe(true);

    await countCameraRequests(page);
    await page.clock.install();
    const kiosk = new KioskPage(page);
    await kiosk.enrol(ownService.baseURL, demo);
    const still = kiosk.main.getByRole('img', { name: 'Your photo' });
    const asked = (times: number) => expect.poll(() => cameraRequests(page), { message: `the camera asked for ${times} times` }).toBe(times);

    // Their clock-on: the camera never answers the first request; past the deadline it is asked again and the photo is taken.
    await kiosk.signIn(fullName(second), second.pin);
    await silenceCamera(page, 1);
    await kiosk.choose('clockOn');
    await kiosk.acknowledgePhotoNotice();
    await expect(kiosk.main.getByText('Starting the camera…')).toBeVisible();
    await asked(1);
    await page.clock.fastForward(CAMERA_START_MS);
    await asked(2);
    await expect(still).toBeVisible({ timeout: 15_000 });
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();
    await kiosk.waitForSync();

    // A break: the camera stays quiet through both tries, and the person is told so, with "Try again" and "Back".
    await kiosk.signIn(fullName(first), first.pin);
    await silenceCamera(page, 2);
    await kiosk.choose('startBreak');
    await asked(3);
    await page.clock.fastForward(CAMERA_START_MS);
    await asked(4);
    await page.clock.fastForward(CAMERA_START_MS);
    const silent = kiosk.main.getByText('The camera did not start. Try again, or ask a manager.');
    await expect(silent).toBeVisible();
    await reviewScreen(page, 'photo-camera-silent', { ready: () => expect(silent).toBeVisible() });
    await expect(kiosk.main.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(await new KioskStore(page).outbox(), 'nothing recorded while the camera is quiet').toEqual([]);

    // Try again: the camera answers, but the still cannot be encoded once; the person is told and tries again.
    await failStills(page, 1);
    await kiosk.main.getByRole('button', { name: 'Try again' }).click();
    await asked(5);
    const failed = kiosk.main.getByText('The photo could not be taken. Try again.');
    await expect(failed).toBeVisible({ timeout: 15_000 });
    await reviewScreen(page, 'photo-still-failed', { ready: () => expect(failed).toBeVisible() });
    const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith(`/kiosk/${demo.kioskId}/startbreak`));
    await kiosk.main.getByRole('button', { name: 'Try again' }).click();
    await expect(still).toBeVisible({ timeout: 15_000 });
    await kiosk.expectReceipt('startBreak');
    const body = (await sent).postDataJSON() as { image?: string; employeeId?: number };
    expect(body.employeeId).toBe(first.employeeId);
    expect(Buffer.from(body.image ?? '', 'base64').subarray(0, 3), 'a JPEG went with the break').toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    await kiosk.waitForSync();
    const [theirs] = await api.shifts(second.employeeId);
    expect(theirs?.endTimeUtc, 'the clock-on after the quiet camera reached the service').toBeNull();
    const [firsts] = await api.shifts(first.employeeId);
    expect(firsts?.breaks, 'one break, recorded once').toHaveLength(1);
  });

  test("the kiosk's preferences: a dark theme on a light tablet, no sound or vibration, times in en-US", async ({ page, request, ownService }) => {
    test.setTimeout(60_000);
    const demo = ownService.demo;
    const api = new ServiceApi(request, ownService.baseURL, demo);
    await api.updateKiosk({ ...(await api.kiosk()), isPhotoRequired: false });
    await api.setPreferences({ sounds: false, theme: 'dark', locale: 'en-US' });
    const person = demo.staff[3];
    if (!person) throw new Error('the demo has fewer than four staff');
    await page.addInitScript(() => {
      const spy = window as unknown as { __vibrations: unknown[] };
      spy.__vibrations = [];
      Object.defineProperty(navigator, 'vibrate', { value: (pattern: unknown) => (spy.__vibrations.push(pattern), true), configurable: true });
    });
    await page.emulateMedia({ colorScheme: 'light' });

    const kiosk = new KioskPage(page);
    await kiosk.enrol(ownService.baseURL, demo);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark', { timeout: 10_000 });
    await kiosk.signIn(fullName(person), person.pin);
    await kiosk.choose('clockOn');
    await kiosk.expectReceipt('clockOn');
    await expect(kiosk.receiptTime()).toHaveText(/^\d{1,2}:\d{2}\s?(AM|PM)$/);
    // Nothing to wait for in a "no": give the receipt's one-off effect a moment, then look.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations)).toEqual([]);
    await kiosk.review('receipt-dark-preference', kiosk.receipt); // within the receipt's 10 s
  });
});
