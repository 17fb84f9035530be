/**
 * The service's security headers, as a browser meets them: every kind of response carries them,
 * the API reference still renders under its policy, and no other page can frame the kiosk. (The
 * kiosk, set-up and manager screens run under the app policy in every other spec, whose pages
 * fail on any Content-Security-Policy violation: see support/fixtures.ts.)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

test.describe('security headers', () => {
  test('are on the app, its files, the reference page, the API and its errors', async ({ request, demo }) => {
    const apiKey = { authorization: `Basic ${Buffer.from(`${demo.apiKey}:`).toString('base64')}` };
    const app = await request.get('/');
    const manifest = await request.get('/manifest.webmanifest');
    const docs = await request.get('/docs');
    const document = await request.get('/api/v2/openapi.json');
    const staff = await request.get(`/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}/staff`, { headers: apiKey });
    const missing = await request.get('/api/v2/nothing-here', { headers: apiKey });
    const tooLarge = await request.post(`/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}/clockon`, {
      headers: { ...apiKey, 'content-type': 'application/json' },
      data: JSON.stringify({ employeeId: 1, note: 'x'.repeat(3_000_000) }),
    });
    expect(tooLarge.status()).toBe(413);
    expect(missing.status()).toBe(404);

    for (const response of [app, manifest, docs, document, staff, missing, tooLarge]) {
      expect(response.headers(), response.url()).toMatchObject(COMMON);
      expect(response.headers()['content-security-policy'], response.url()).toContain("frame-ancestors 'none'");
    }
    for (const response of [app, manifest]) {
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).not.toContain('unsafe-inline');
      // WebAssembly may compile (the badge reader's QR decoder); JavaScript eval stays refused.
      expect(csp.replace("'wasm-unsafe-eval'", '')).not.toContain('unsafe-eval');
    }
    for (const response of [document, staff, missing, tooLarge]) {
      expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
    }
    expect(docs.headers()['content-security-policy']).toContain("script-src 'self'");
  });

  test('the API reference renders under its policy', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByText('Kiosk Clock: time-and-attendance API', { exact: false }).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.opblock').first()).toBeVisible();
    expect(await page.locator('script:not([src])').count(), 'inline scripts on the reference page').toBe(0);
  });

  test.describe('framing', () => {
    test.use({ cspAllowed: [/frame-ancestors/] });

    test('no other page can frame the kiosk', async ({ page, baseURL }) => {
      // A page of another origin (another loopback port) that tries to frame the kiosk.
      const framer = createServer((_, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<!doctype html><iframe id="kiosk" onload="this.dataset.loaded = 'yes'" src="${baseURL}/" width="400" height="300"></iframe>`);
      });
      await new Promise<void>((listening) => framer.listen(0, '127.0.0.1', listening));
      try {
        const { port } = framer.address() as AddressInfo;
        await page.goto(`http://127.0.0.1:${port}/`);
        await expect(page.locator('#kiosk')).toHaveAttribute('data-loaded', 'yes');
        // The app's document (whose body holds #root) never arrives in the frame.
        await expect(page.frameLocator('#kiosk').locator('#root')).toHaveCount(0);
      } finally {
        await new Promise((closed) => framer.close(closed));
      }
    });
  });
});
