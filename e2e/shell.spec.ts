/**
 * The foundation: the production build served by the real service is a working, installable,
 * offline-capable PWA shell. Proves the shell loads, the manifest and its icons, the service worker
 * (registration, control, precache, navigation fallback that leaves the service's own pages alone),
 * Chromium's installability check, offline reload, and takes screenshots in both orientations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIResponse, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { reviewScreen } from './support/screens';
import { waitForServiceWorkerControl } from './support/serviceWorker';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebAppManifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  display_override: string[];
  orientation: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

const THEME = '#0f3d3e';

/** The shell is up when the document is ours and React has rendered into #root. */
async function expectShell(page: Page): Promise<void> {
  await expect(page).toHaveTitle('Kiosk Clock');
  await expect(page.locator('#root > *').first()).toBeVisible();
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function fetchManifest(response: APIResponse): Promise<WebAppManifest> {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
  return JSON.parse(await response.text()) as WebAppManifest;
}

test.describe('app shell', () => {
  test('loads from the service with a linked manifest and no errors', async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    expect(page.url()).toBe(`${baseURL}/`);
    await expectShell(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', THEME);

    // Client-side routes fall back to the shell on the server too.
    const deep = await page.goto('/some/client/route');
    expect(deep?.status()).toBe(200);
    await expectShell(page);

    await expectNoSeriousA11yViolations(page, 'placeholder shell');
    expect(errors).toEqual([]);
  });

  test('serves a complete web app manifest whose icons load', async ({ request }) => {
    const manifest = await fetchManifest(await request.get('/manifest.webmanifest'));
    expect(manifest).toMatchObject({
      name: 'Kiosk Clock',
      short_name: 'Kiosk Clock',
      start_url: '/',
      scope: '/',
      display: 'fullscreen',
      display_override: ['fullscreen', 'standalone'],
      orientation: 'any',
      theme_color: THEME,
      background_color: THEME,
    });
    expect(manifest.description.length).toBeGreaterThan(10);

    const icons = manifest.icons;
    const has = (sizes: string, type: string, purpose: string) =>
      icons.some((icon) => icon.sizes === sizes && icon.type === type && (icon.purpose ?? 'any').split(' ').includes(purpose));
    expect(has('192x192', 'image/png', 'any'), 'a 192 px PNG icon').toBe(true);
    expect(has('512x512', 'image/png', 'any'), 'a 512 px PNG icon').toBe(true);
    expect(has('512x512', 'image/png', 'maskable'), 'a 512 px maskable PNG icon').toBe(true);
    expect(has('any', 'image/svg+xml', 'any'), 'an SVG icon').toBe(true);

    for (const icon of [...icons, { src: '/icons/favicon.svg', sizes: 'any', type: 'image/svg+xml' }, { src: '/icons/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png' }]) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toContain(icon.type);
      const body = await response.body();
      if (icon.type === 'image/png') {
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(body), icon.src).toEqual({ width, height });
      } else {
        expect(body.toString('utf8'), icon.src).toContain('<svg');
      }
    }
  });

  test('the service worker registers, controls the page and precaches the build', async ({ page }) => {
    await page.goto('/');
    // Nothing here registers a worker: the app must (src/app/runtime/serviceWorker.ts).
    const worker = await waitForServiceWorkerControl(page);
    expect(worker.scriptURL, 'the worker the app registered').toMatch(/\/sw\.js$/);
    expect(worker.controllerURL).toMatch(/\/sw\.js$/);
    expect(worker.scope).toMatch(/\/$/);
    expect(worker.activeState).toBe('activated');

    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames.some((name) => name.startsWith('workbox-precache'))).toBe(true);
  });

  test("is installable by Chromium's criteria", async ({ playwright, launchOptions, baseURL }) => {
    // Test contexts are incognito, which Chromium never offers to install ("in-incognito"), so this
    // check uses a throwaway persistent profile: the same check as Chrome's install button.
    const profile = mkdtempSync(join(tmpdir(), 'kiosk-clock-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);

      const manifest = await cdp.send('Page.getAppManifest', {});
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors, 'manifest parse errors').toEqual([]);

      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.map((error) => error.errorId), 'installability errors').toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('after going offline a reload still shows the shell, from the precache', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    try {
      await context.setOffline(true);
      const reload = await page.reload();
      expect(reload?.status()).toBe(200);
      expect(reload?.fromServiceWorker(), 'answered by the service worker').toBe(true);
      await expectShell(page);

      // Any app route works offline, answered by the worker's navigation fallback.
      const deep = await page.goto('/clock/some-deep-link');
      expect(deep?.fromServiceWorker()).toBe(true);
      await expectShell(page);

      // The service's own pages are never answered with the shell: offline they simply fail.
      for (const path of ['/healthz', '/docs', '/api/v2/openapi.json', '/API/v2/openapi.json', '/oauth/authorise']) {
        await expect(page.goto(path), path).rejects.toThrow(/net::ERR_INTERNET_DISCONNECTED/);
      }
    } finally {
      await context.setOffline(false);
    }

    // Online again and still controlled: navigations to the service's pages reach the service.
    const health = await page.goto('/healthz');
    expect(health?.headers()['content-type']).toContain('application/json');
    expect(((await health?.json()) as { status?: string }).status).toBe('ok');
    await page.goto('/docs');
    await expect(page).toHaveTitle('Kiosk Clock API reference');
  });

  test('a new service worker version waits for SKIP_WAITING from the app', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);

    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      if (!registration) throw new Error('no registration');
      const before = navigator.serviceWorker.controller;
      // Simulate a deploy: a changed script URL installs the same built worker as a new version.
      // (Playwright's routing does not see the worker's own update fetch, so sw.js cannot be faked.)
      await navigator.serviceWorker.register('/sw.js?next-version', { scope: '/', type: 'classic' });
      const deadline = Date.now() + 10_000;
      while (!registration.waiting && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      // Give a worker that wrongly skips waiting the chance to do so.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return {
        installedAndWaiting: registration.waiting?.state === 'installed',
        sameController: navigator.serviceWorker.controller === before,
      };
    });
    expect(waiting, 'the new version installs, then waits; the old one keeps control').toEqual({ installedAndWaiting: true, sameController: true });

    const activated = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const next = registration?.waiting;
      if (!next) throw new Error('nothing is waiting');
      const changed = new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(false), 10_000);
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
      });
      next.postMessage({ type: 'SKIP_WAITING' });
      return (await changed) && navigator.serviceWorker.controller !== null && registration.waiting === null;
    });
    expect(activated, 'SKIP_WAITING activates the new version and it takes control').toBe(true);
  });

  test('screenshots of the shell in both orientations', async ({ page }) => {
    await page.goto('/');
    await expectShell(page);
    await reviewScreen(page, 'shell', { ready: () => expectShell(page) });
  });
});
