/**
 * The kiosk at rest, against the real built service, on Playwright's clock (no real waits): after
 * the kiosk's "idle screen after" preference with nobody touching the names, a screen readable
 * across the room (the business name, a large clock, "Tap to start" and "tap your name") covers the
 * grid, not before; a tap brings the names back. Screens in both orientations, axe-checked, plus a
 * tall 800x1280 tablet. The "back to the names after" preference lengthens the wait mid-flow, and
 * the idle screen never covers someone part-way through.
 */
import { KioskPage, fullName } from './pages/kiosk';
import { DemoApi } from './pages/manager';
import { KioskStore } from './support/kioskStore';
import { captureScreen } from './support/screens';
import { expect, test } from './support/fixtures';
import { staffFor } from './support/staff';

const BUSINESS = 'Harbour Street Bakery';

test.describe('the idle screen', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('comes after the set time with a large clock and "tap your name", and a tap returns to the names', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(90_000);
    const api = new DemoApi(request, serviceURL, demo);
    const original = await api.get<Record<string, unknown>>(`${api.kiosk}/preferences`);
    try {
      // Two minutes, not the default minute, so the test shows the kiosk follows the setting.
      await api.put(`${api.kiosk}/preferences`, { ...original, idleScreenSeconds: 120 });
      const kiosk = new KioskPage(page);
      await kiosk.enrol(serviceURL, demo, 'Idle screen e2e tablet', BUSINESS);
      const store = new KioskStore(page);
      await expect.poll(async () => (await store.meta<{ idleScreenSeconds?: number }>('preferences'))?.idleScreenSeconds, { message: 'the tablet took the preference' }).toBe(120);

      const idle = page.getByTestId('idle-screen');
      // A minute and a half at rest: past the default, short of the setting.
      await page.clock.fastForward(90_000);
      await expect(kiosk.grid()).toBeVisible();
      await expect(idle).toBeHidden();
      await page.clock.fastForward(31_000);
      await expect(idle).toBeVisible();

      await expect(idle.getByText(BUSINESS)).toBeVisible();
      const clock = idle.getByRole('timer', { name: 'Current time' });
      await expect(clock).toHaveText(/^\d{1,2}:\d{2}/);
      await expect(idle.getByRole('button', { name: 'Tap to start' })).toBeVisible();
      await expect(idle.getByText(/tap your name/i)).toBeVisible();
      // Readable across the room: the time is at least 96 px tall type, the business name at least 32 px.
      const px = (locator: typeof clock) => locator.evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
      expect(await px(clock)).toBeGreaterThanOrEqual(96);
      expect(await px(idle.getByText(BUSINESS))).toBeGreaterThanOrEqual(32);
      // The names underneath cannot be reached while it covers them.
      await expect(kiosk.main).toHaveAttribute('inert', '');

      await kiosk.review('kiosk-idle-screen', idle);
      const size = page.viewportSize();
      await page.setViewportSize({ width: 800, height: 1280 });
      await expect(idle).toBeVisible();
      await captureScreen(page, 'kiosk-idle-screen-800x1280');
      if (size) await page.setViewportSize(size);

      // The clock keeps time while it shows.
      const before = await clock.textContent();
      await page.clock.fastForward(61_000);
      await expect(clock).not.toHaveText(before ?? '');

      await idle.click();
      await expect(idle).toBeHidden();
      await expect(kiosk.grid()).toBeVisible();
      // The tap only wakes the kiosk: it does not go through to a name underneath.
      await expect(kiosk.main.getByRole('heading', { name: 'Enter your PIN' })).toBeHidden();
      await expect(kiosk.main).not.toHaveAttribute('inert', '');
      // At rest again, it comes back after the same time.
      await page.clock.fastForward(121_000);
      await expect(idle).toBeVisible();
      await page.keyboard.press('Space');
      await expect(idle).toBeHidden();
    } finally {
      await api.put(`${api.kiosk}/preferences`, original);
    }
  });

  test('"back to the names after" gives someone part-way more time, and the idle screen does not cover them', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(90_000);
    const api = new DemoApi(request, serviceURL, demo);
    const original = await api.get<Record<string, unknown>>(`${api.kiosk}/preferences`);
    try {
      await api.put(`${api.kiosk}/preferences`, { ...original, idleScreenSeconds: 30, stepTimeoutSeconds: 120 });
      const kiosk = new KioskPage(page);
      await kiosk.enrol(serviceURL, demo, 'Step timeout e2e tablet', BUSINESS);
      const store = new KioskStore(page);
      await expect.poll(async () => (await store.meta<{ stepTimeoutSeconds?: number }>('preferences'))?.stepTimeoutSeconds, { message: 'the tablet took the preference' }).toBe(120);

      const person = staffFor(demo, 'idle');
      await kiosk.tapName(fullName(person));
      await kiosk.typeDigits(person.pin.slice(0, 1));
      // Past the default 30 s and past the idle screen's 30 s: still on the PIN pad, digit kept.
      await page.clock.fastForward(100_000);
      await kiosk.expectDigitsEntered(1);
      await expect(page.getByTestId('idle-screen')).toBeHidden();
      await page.clock.fastForward(21_000);
      await expect(kiosk.grid()).toBeVisible();
      await expect(kiosk.main.getByRole('heading', { name: 'Enter your PIN' })).toBeHidden();
    } finally {
      await api.put(`${api.kiosk}/preferences`, original);
    }
  });
});
