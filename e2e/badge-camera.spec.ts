/**
 * Camera scanning against the real built service: a badge really issued by the service, drawn as a
 * QR code into Chromium's fake camera (--use-file-for-fake-video-capture, e2e/support/fakeCamera.ts),
 * is read on the kiosk's scan step (the zxing-wasm reader: Linux Chromium has no BarcodeDetector)
 * and signs its person in, online and offline (the tablet's kept verifier); the wasm comes from the
 * app itself, nothing from elsewhere. A clock-on made offline with the badge withdrawn meanwhile is
 * delivered and waits for a manager. Once the tablet refreshes it forgets the badge (refused
 * offline) and the service refuses it online, saying so. A PIN-only kiosk offers no scan; a
 * tablet whose camera is refused says so and leads back to the names. Screens in both
 * orientations, axe-checked.
 */
import type { Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/browser';
import { writeQrCameraClip } from './support/fakeCamera';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { expectKeptBadgeMode, KioskStore } from './support/kioskStore';
import { TABLET_CONTEXT } from './support/screens';
import { serviceClock } from './support/serviceProcess';
import { expect, test } from './support/fixtures';
import { KioskPage } from './pages/kiosk';
import { DemoApi } from './pages/manager';

test.describe('Badges through the camera', () => {
  // The demo kiosk is shared with the specs after these: back to following the business (PIN only).
  test.afterEach(async ({ request, serviceURL, demo }) => {
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: null });
  });

  test('a printed badge held up to the camera signs its person in, online and offline (flagged when withdrawn meanwhile); withdrawn, the same badge is refused', async ({ playwright, launchOptions, demo, serviceURL, request }, testInfo) => {
    test.setTimeout(180_000);
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge' });
    const grace = await api.addPerson('Grace');
    const [badge] = await api.post<Array<{ token: string; badgeId: number }>>(`${api.kiosk}/badges`, { employeeIds: [grace.employeeId] });
    const clip = testInfo.outputPath('badge.y4m');
    writeQrCameraClip(clip, badge!.token);

    // A browser of its own: the camera's picture is fixed when Chromium starts.
    const browser: Browser = await playwright.chromium.launch({ ...launchOptions, args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${clip}`] });
    try {
      const context = await browser.newContext({ ...TABLET_CONTEXT, baseURL: serviceURL });
      const page = await context.newPage();
      const problems: string[] = [];
      const elsewhere: string[] = [];
      const sent: string[] = [];
      let wasm = '';
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
      });
      context.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin !== new URL(serviceURL).origin && url.protocol.startsWith('http')) elsewhere.push(r.url());
        if (url.pathname.endsWith('.wasm')) wasm = url.pathname;
        if (/\/(checkpin|badgecheck)$/.test(url.pathname)) sent.push(url.pathname.split('/').at(-1) ?? '');
      });
      await enrolDeviceThroughApi(page, serviceURL, demo, 'Camera badges e2e tablet');
      await expectKeptBadgeMode(page, 'badge');
      const kiosk = new KioskPage(page);

      // Online: the camera reads the badge, and Grace's actions open with no PIN asked.
      await page.getByRole('button', { name: 'Scan my badge' }).click();
      await expect(page.getByRole('heading', { name: 'Scan your badge' })).toBeVisible();
      await kiosk.expectActions(grace.firstName);
      expect(sent).toEqual(['badgecheck']);
      expect(wasm).toMatch(/^\/assets\/zxing_reader-[\w-]+\.wasm$/);
      await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
      await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();

      // Offline: the tablet's kept verifier accepts the same badge. Meanwhile a manager withdraws it;
      // the tablet cannot know, and Grace clocks on.
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Scan my badge' }).click();
      await kiosk.expectActions(grace.firstName);
      // Withdrawn ten minutes before the punch as the service sees it (its clock set back for the
      // withdrawal alone), so the tablet's clock error (about a second) cannot reorder the two.
      const serviceTime = serviceClock(serviceURL);
      await serviceTime.set(new Date((await serviceTime.now()).getTime() - 10 * 60_000));
      try {
        await api.post(`${api.kiosk}/badges/${badge!.badgeId}/revoke`, {});
      } finally {
        await serviceTime.real();
      }
      await kiosk.choose('clockOn');
      await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
      if (await kiosk.options().isVisible()) await kiosk.confirmClockOn();
      await kiosk.expectReceipt('clockOn');
      await kiosk.finishReceipt();
      // Back online the punch is delivered and kept, and waits for a manager: the badge was withdrawn by then.
      await context.setOffline(false);
      await kiosk.waitForSync(30_000);
      expect((await api.staffMember(grace.employeeId))?.status).toBe('ClockedOn');
      const waiting = await api.get<Array<{ employeeId: number; reason: string; punchKind: string }>>(`${api.kiosk}/identityclaims`);
      expect(waiting.filter((claim) => claim.employeeId === grace.employeeId).map((claim) => [claim.punchKind, claim.reason])).toEqual([['clockOn', 'badge-revoked']]);

      // Withdrawn: the tablet forgets the badge at its next refresh; offline it is then unknown here...
      await page.reload();
      const store = new KioskStore(page);
      await expect.poll(() => store.meta<{ badges: unknown[] }>('badges').then((kept) => kept?.badges.length)).toBe(0);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Scan my badge' }).click();
      const step = page.getByTestId('scan-step');
      await expect(step).toHaveAttribute('data-phase', 'refused');
      await expect(step.getByText('This tablet does not know this badge', { exact: false })).toBeVisible();
      await step.getByRole('button', { name: 'Cancel' }).click();
      await context.setOffline(false);
      sent.length = 0;

      // ...and online the same picture is refused by the service, the reading stops, and nothing opens.
      await page.getByRole('button', { name: 'Scan my badge' }).click();
      await expect(step).toHaveAttribute('data-phase', 'refused');
      await expect(step.getByText('This badge no longer works. Use your newest badge, or tap your name and enter your PIN.')).toBeVisible();
      expect(sent).toEqual(['badgecheck']);
      await expect(step.getByRole('button', { name: 'Scan again' })).toBeVisible();
      await kiosk.review('kiosk-scan-refused', step.getByRole('button', { name: 'Scan again' }));
      // Cancel stops the camera and goes back to the names.
      await step.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
      expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  test('a PIN-only kiosk offers no scan; a refused camera says so and leads to the names and PIN', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'pin' });
    // This tablet's camera permission is refused (as a browser's "Block" would).
    await page.addInitScript(() => {
      const refuse = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: refuse });
    });
    await enrolDeviceThroughApi(page, serviceURL, demo, 'No camera e2e tablet');
    await expectKeptBadgeMode(page, 'pin');
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use my employee number' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan my badge' })).toHaveCount(0);

    await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge-then-pin' });
    await page.reload();
    await expectKeptBadgeMode(page, 'badge-then-pin');
    const kiosk = new KioskPage(page);
    await kiosk.review('kiosk-grid-scan-badge', page.getByRole('button', { name: 'Scan my badge' }));
    await page.getByRole('button', { name: 'Scan my badge' }).click();
    const step = page.getByTestId('scan-step');
    await expect(step).toHaveAttribute('data-phase', 'unavailable');
    await expect(step.getByText('The camera is not allowed on this tablet.', { exact: false })).toBeVisible();
    await expect(step.getByRole('img')).toHaveCount(0);
    await kiosk.review('kiosk-scan-no-camera', step.getByRole('button', { name: 'Use my name and PIN' }));
    await step.getByRole('button', { name: 'Use my name and PIN' }).click();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
  });
});
