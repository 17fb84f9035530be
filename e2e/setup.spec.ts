/**
 * The installer's set-up flow, end to end in the browser against an ISOLATED service (its own
 * database and demo data, so the shared service's data is untouched): service URL (default, an
 * unreachable host, something that is not Kiosk Clock, another compatible service on another
 * origin, of which only the API document is read), manager sign-in (wrong password, lockout
 * message, success), business, a NEW kiosk, enrolment, the install step (instructions and the
 * storage answer; a reload keeps the device on it), then the kiosk itself, before and after a
 * reload. The service is asked directly whether the device exists and the manager token is dead.
 * Every step is screenshotted in both orientations and checked with axe.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { reviewScreen } from './support/screens';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

const NEW_KIOSK = 'Back door kiosk';
const DEVICE_NAME = 'Installer e2e tablet';

let service: ServiceInstance<DemoFile>;

// Step 1 tries an address nothing listens on: the app's policy refuses it, as it should.
test.use({ cspAllowed: [/127\.0\.0\.1:9\b/] });

test.beforeAll(async ({ serviceURL }) => {
  test.setTimeout(120_000);
  // The app's Content-Security-Policy admits only its own origin unless told of others: step 1
  // points the app at the shared service, so that origin is named.
  service = await startService({ demo: true, label: 'installer', settings: { APP_CONNECT_ORIGINS: new URL(serviceURL).origin } });
});

test.afterAll(async () => {
  await service?.stop();
});

async function expectStep(page: Page, step: number, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Step ${step} of 6`, { exact: true })).toBeVisible();
}

/** The enrolment the app keeps in IndexedDB (`kiosk-clock`, store `meta`, key `device`). */
interface StoredDevice {
  kioskId: number;
  deviceId: number;
  deviceName: string;
  serviceUrl: string;
}

test('an installer enrols a new kiosk end to end', async ({ page, request, serviceURL: sharedServiceURL }) => {
  test.setTimeout(240_000);
  const base = service.baseURL;
  const demo = service.demo;
  const apiKeyAuth = { authorization: `Basic ${Buffer.from(`${demo.apiKey}:`).toString('base64')}` };

  await test.step('1. service: defaults to the origin, explains unreachable and foreign services', async () => {
    await page.goto(`${base}/`);
    await expectStep(page, 1, 'Connect to the service');
    const address = page.getByRole('textbox', { name: 'Service address' });
    await expect(address).toHaveValue(base);
    await reviewScreen(page, 'setup-service');

    // Nothing listens on the discard port: the browser cannot connect (as with CORS or a bad host).
    await address.fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not reach http://127.0.0.1:9');
    await reviewScreen(page, 'setup-service-error');

    // The service answers there, but with the app shell, not an API document.
    await address.fill(`${base}/not-a-service/`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText(`${base}/not-a-service answered, but it is not a Kiosk Clock service`);

    // Another compatible service, on another origin (the shared one: only its API document is
    // read): the check passes across origins (CORS), then Back returns with the address kept.
    await address.fill(sharedServiceURL);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 2, 'Manager sign-in');
    await expect(page.getByText(new URL(sharedServiceURL).host)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 1, 'Connect to the service');
    await expect(address).toHaveValue(sharedServiceURL);

    await address.fill(base);
    await address.press('Enter');
  });

  let accessToken = '';
  await test.step('2. manager sign-in: wrong password, lockout, then success', async () => {
    await expectStep(page, 2, 'Manager sign-in');
    await expect(page.getByText(new URL(base).host)).toBeVisible();
    await reviewScreen(page, 'setup-sign-in');

    await page.getByRole('textbox', { name: 'E-mail address' }).fill(demo.manager.username);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
    await expect(password).toHaveValue('');
    await reviewScreen(page, 'setup-sign-in-error');

    // A real lockout takes LOGIN_MAX_ATTEMPTS failures and then bars the demo manager for 15
    // minutes, so the service's 429 answer (same shape as src/server/routes/oauth/oauthErrors.ts)
    // is played back once here to check how the screen words it.
    await page.route(
      `${base}/oauth/token`,
      (route) =>
        route.fulfill({
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '840' },
          body: JSON.stringify({
            type: 'https://kiosk-clock.dev/problems/login-locked',
            title: 'Sign-in is temporarily locked.',
            status: 429,
            code: 'login-locked',
            retryAfterSeconds: 840,
            error: 'invalid_grant',
          }),
        }),
      { times: 1 },
    );
    await password.fill('still-wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Too many failed sign-ins\. Try again at \d{1,2}:\d{2}( [AP]M)?\.$/);

    await password.fill(demo.manager.password);
    const tokenResponse = page.waitForResponse((response) => response.url() === `${base}/oauth/token` && response.status() === 200);
    await password.press('Enter');
    accessToken = ((await (await tokenResponse).json()) as { access_token: string }).access_token;
    expect(accessToken).not.toBe('');
  });

  await test.step('3. business: the demo business is offered (and creating one is possible)', async () => {
    await expectStep(page, 3, 'Choose the business');
    const bakery = page.getByRole('radio', { name: /Harbour Street Bakery/ });
    // The demo manager has two businesses (DEMO=1 seeds the AU café too): nothing is preselected.
    await expect(page.getByRole('radio', { name: /Bondi Beach Café/ })).toBeVisible();
    await bakery.check();
    await reviewScreen(page, 'setup-business');

    await page.getByRole('button', { name: 'Create a new business' }).click();
    await expectStep(page, 3, 'Create a business');
    // The browser runs in Europe/London (playwright.config.ts): that is the default zone.
    await expect(page.getByText(/^Europe\/London: /)).toBeVisible();
    const zoneSearch = page.getByRole('searchbox', { name: 'Find a time zone' });
    // Many matches: the six best as choices, and how many more there are.
    await zoneSearch.fill('america');
    await expect(page.getByRole('group', { name: /matches$/ }).getByRole('radio')).toHaveCount(6);
    await expect(page.getByText(/^\d+ more: type more of the name$/)).toBeVisible();
    await reviewScreen(page, 'setup-business-create-search');
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(zoneSearch).toHaveValue('');
    await expect(page.getByRole('group', { name: 'Suggested' })).toBeVisible();
    await zoneSearch.fill('madrid');
    await page.getByRole('radio', { name: /^Madrid/ }).check();
    await expect(page.getByText(/^Europe\/Madrid: /)).toBeVisible();
    await reviewScreen(page, 'setup-business-create');
    await page.getByRole('button', { name: 'Back' }).click();

    await expectStep(page, 3, 'Choose the business');
    await bakery.check();
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('4. kiosk: create a new one with the defaults', async () => {
    await expectStep(page, 4, 'Choose the kiosk');
    await expect(page.getByRole('radio', { name: /Front door kiosk/ })).toBeVisible();
    // Each kiosk says where it is and how many people it lists (as the kiosk's own staff list
    // counts them), not only its time zone.
    const counterKioskId = demo.counterKiosk?.kioskId;
    if (counterKioskId === undefined) throw new Error('the demo has no counter kiosk');
    const staffAt = async (kioskId: number) =>
      ((await (await request.get(`${base}/api/v2/business/${demo.businessId}/kiosk/${kioskId}/staff`, { headers: apiKeyAuth })).json()) as unknown[]).length;
    await expect(page.getByText(`Bakery floor · ${await staffAt(demo.kioskId)} people · Europe/London`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Front counter · ${await staffAt(counterKioskId)} people · Europe/London`, { exact: true })).toBeVisible();
    await reviewScreen(page, 'setup-kiosk');

    await page.getByRole('button', { name: 'Create a new kiosk' }).click();
    await expectStep(page, 4, 'Create a kiosk');
    await expect(page.getByText(/^Europe\/London: /), 'the business’s zone is the default').toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Take a photo with each punch/ })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Staff can be added from this kiosk/ })).toBeChecked();

    // An empty name is refused before anything is sent.
    await page.getByRole('button', { name: 'Create kiosk' }).click();
    await expect(page.getByText('Enter a name for the kiosk.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Kiosk name' }).fill(NEW_KIOSK);
    await reviewScreen(page, 'setup-kiosk-create');

    // The same screen in Spanish (longer words), for the layout review.
    await page.getByRole('button', { name: 'Language: Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Crear un quiosco' })).toBeVisible();
    await reviewScreen(page, 'setup-kiosk-create-es');
    await page.getByRole('button', { name: 'Idioma: English' }).click();

    await page.getByRole('button', { name: 'Create kiosk' }).click();
  });

  await test.step('5. device: enrol under a chosen name', async () => {
    await expectStep(page, 5, 'Enrol this device');
    await expect(page.getByText(NEW_KIOSK, { exact: true })).toBeVisible();
    await expect(page.getByText('Harbour Street Bakery', { exact: true })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Device name' });
    await expect(name).toHaveValue('Kiosk tablet');
    await name.fill(DEVICE_NAME);
    await reviewScreen(page, 'setup-device');
    await page.getByRole('button', { name: 'Enrol this device' }).click();
  });

  await test.step('6. install: instructions, the storage answer, and a reload stays here', async () => {
    await expectStep(page, 6, 'Install and start');
    await expect(page.getByText(`This tablet now works as “${NEW_KIOSK}” for Harbour Street Bakery.`)).toBeVisible();
    // Test contexts are incognito, where Chromium never offers installation: instructions instead.
    await expect(page.getByRole('button', { name: 'Install Kiosk Clock' })).toHaveCount(0);
    await expect(page.getByText('Open the browser menu (⋮, at the top right).')).toBeVisible();
    const storage = page.getByText(/^Storage is (not )?persistent/);
    await expect(storage).toBeVisible();
    test.info().annotations.push({ type: 'navigator.storage.persist()', description: (await storage.textContent()) ?? '' });
    // How to pin the app, written out for both kinds of tablet (this browser is not an iPad: Android first).
    const pinning = page.getByRole('region', { name: 'Keep the tablet on Kiosk Clock' });
    const guides = pinning.getByRole('heading', { level: 3 });
    await expect(guides).toHaveText(['Android: screen pinning', 'iPad: Guided Access']);
    await expect(pinning.getByRole('region', { name: 'Android: screen pinning' }).getByRole('listitem')).toHaveCount(5);
    await expect(pinning.getByText('Tap the Kiosk Clock icon at the top of its preview, then tap “Pin”.')).toBeVisible();
    await expect(pinning.getByRole('region', { name: 'iPad: Guided Access' }).getByRole('listitem')).toHaveCount(5);
    await expect(pinning.getByText('Press the top button (or the Home button) three times quickly, tap Guided Access, then Start.')).toBeVisible();
    await reviewScreen(page, 'setup-install');
    await page.getByRole('button', { name: 'Language: Español' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Mantener la tableta en Kiosk Clock' })).toBeVisible();
    await reviewScreen(page, 'setup-install-es');
    await page.getByRole('button', { name: 'Idioma: English' }).click();

    const store = new KioskStore(page);
    const storedDevice = await store.meta<StoredDevice>('device');
    expect(await store.meta('setupComplete')).toBe(false);
    expect(storedDevice).toMatchObject({ serviceUrl: base, deviceName: DEVICE_NAME });

    // The device has its own credential now; the manager's token was revoked.
    const withManagerToken = await request.get(`${base}/api/v2/business`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(withManagerToken.status()).toBe(401);

    // The service knows the device, on the new kiosk.
    const kiosks = (await (await request.get(`${base}/api/v2/business/${demo.businessId}/kiosk`, { headers: apiKeyAuth })).json()) as Array<{ id: number; name: string | null }>;
    const created = kiosks.find((kiosk) => kiosk.name === NEW_KIOSK);
    expect(created, 'the new kiosk exists').toBeDefined();
    expect(created?.id).not.toBe(demo.kioskId);
    expect(storedDevice?.kioskId).toBe(created?.id);
    const devices = await request.get(`${base}/api/v2/business/${demo.businessId}/kiosk/${created?.id}/devices`, { headers: apiKeyAuth });
    expect(devices.status()).toBe(200);
    expect((await devices.json()) as unknown[]).toEqual([expect.objectContaining({ id: storedDevice?.deviceId, name: DEVICE_NAME, kioskId: created?.id })]);

    // Enrolled but not started: a reload comes back to this step, not to the kiosk.
    await page.reload();
    await expectStep(page, 6, 'Install and start');
  });

  await test.step('6b. install: a captured install prompt becomes an Install button', async () => {
    // Chromium fires beforeinstallprompt only for installable pages in a normal profile; here the
    // event is dispatched by the test (with a stub prompt()) to exercise the app's own handling.
    await page.evaluate(() => {
      const target = window as Window & { promptCalls?: number };
      target.promptCalls = 0;
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        platforms: ['web'],
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
        prompt: () => {
          target.promptCalls = (target.promptCalls ?? 0) + 1;
          return Promise.resolve();
        },
      });
      window.dispatchEvent(event);
    });
    const install = page.getByRole('button', { name: 'Install Kiosk Clock' });
    await expect(install).toBeVisible();
    await reviewScreen(page, 'setup-install-prompt');
    await install.click();
    await expect(page.getByText('Kiosk Clock is being installed.')).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { promptCalls?: number }).promptCalls)).toBe(1);
  });

  await test.step('start the kiosk: the staff grid, also after a reload', async () => {
    await page.getByRole('button', { name: 'Start the kiosk' }).click();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    const someone = demo.staff[0];
    if (!someone) throw new Error('the demo has no staff');
    const grid = page.getByRole('region', { name: 'Tap your name' });
    await expect(grid.getByText(`${someone.firstName} ${someone.surname}`)).toBeVisible();
    // A kiosk without a location lists every kiosk-enabled employee: the demo kiosk's and the counter's.
    const everyone = demo.staff.length + (demo.counterKiosk?.staff.length ?? 0);
    await expect(grid.getByRole('listitem')).toHaveCount(everyone);
    expect(await new KioskStore(page).meta('setupComplete')).toBe(true);
    await reviewScreen(page, 'setup-done-kiosk');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect to the service' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Tap your name' }).getByRole('listitem')).toHaveCount(everyone);
  });
});
