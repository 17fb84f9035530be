/**
 * The set-up flow survives reloads: against an ISOLATED service (its own demo data), the page is
 * reloaded at every step before enrolment and comes back at that step with the choices made. The
 * manager's sign-in is reused while the service honours it (no password asked again); once it has
 * ended (revoked on the service here), the flow says so, asks only for the sign-in and goes on at
 * the same step. Neither the password nor the token is ever readable in the browser's storage,
 * and nothing of set-up stays behind once the device is enrolled. A network failure while
 * resuming offers to try again. The new screens are screenshotted and checked with axe.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { reviewScreen } from './support/screens';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

let service: ServiceInstance<DemoFile>;

test.use({ hasTouch: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  service = await startService({ demo: true, label: 'setup-resume' });
});

test.afterAll(async () => {
  await service?.stop();
});

async function expectStep(page: Page, step: number, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Step ${step} of 6`, { exact: true })).toBeVisible();
}

/** Everything the page keeps in sessionStorage and IndexedDB's meta store, as text. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const session = JSON.stringify(Object.fromEntries(Object.entries(sessionStorage)));
    const meta = await new Promise<string>((resolve, reject) => {
      const open = indexedDB.open('kiosk-clock');
      open.onerror = () => reject(new Error(String(open.error)));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('meta')) return resolve('');
        const all = db.transaction('meta').objectStore('meta').getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result));
        all.onerror = () => reject(new Error(String(all.error)));
      };
    });
    return `${session}\n${meta}`;
  });
}

test('a reload at any set-up step comes back to it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const base = service.baseURL;
  const demo = service.demo;
  const kioskName = /Front door/;

  await test.step('1. service: a reload stays at step 1', async () => {
    await page.goto(`${base}/`);
    await expectStep(page, 1, 'Connect to the service');
    await page.reload();
    await expectStep(page, 1, 'Connect to the service');
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  let accessToken = '';
  await test.step('2. sign-in: a reload stays at step 2 and keeps no typed password', async () => {
    await expectStep(page, 2, 'Manager sign-in');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(demo.manager.username);
    await page.getByLabel('Password', { exact: true }).fill(demo.manager.password);
    await page.reload();
    await expectStep(page, 2, 'Manager sign-in');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await page.getByRole('textbox', { name: 'E-mail address' }).fill(demo.manager.username);
    await page.getByLabel('Password', { exact: true }).fill(demo.manager.password);
    const tokenResponse = page.waitForResponse((response) => response.url() === `${base}/oauth/token` && response.status() === 200);
    await page.getByRole('button', { name: 'Sign in' }).click();
    accessToken = ((await (await tokenResponse).json()) as { access_token: string }).access_token;
    expect(accessToken).not.toBe('');
  });

  await test.step('3. business: a reload stays at step 3 without asking for the sign-in', async () => {
    await expectStep(page, 3, 'Choose the business');
    await page.reload();
    await expectStep(page, 3, 'Choose the business');
    await page.getByRole('radio', { name: /Harbour Street Bakery/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('4. kiosk: a reload stays at step 4, for the business chosen', async () => {
    await expectStep(page, 4, 'Choose the kiosk');
    await page.reload();
    await expectStep(page, 4, 'Choose the kiosk');
    await expect(page.getByText('Which kiosk of Harbour Street Bakery is this tablet?')).toBeVisible();
    await expect(page.getByText(/^Bakery floor · \d+ people · Europe\/London$/)).toBeVisible();
    await reviewScreen(page, 'setup-kiosk-details');
    await page.getByRole('radio', { name: kioskName }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('5. device: a reload stays at step 5 with the business and kiosk chosen', async () => {
    await expectStep(page, 5, 'Enrol this device');
    await page.reload();
    await expectStep(page, 5, 'Enrol this device');
    await expect(page.getByText('Harbour Street Bakery', { exact: true })).toBeVisible();
    await expect(page.getByText(kioskName)).toBeVisible();
    // Back goes to the kiosk chosen before the reload.
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 4, 'Choose the kiosk');
    await expect(page.getByRole('radio', { name: kioskName })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 5, 'Enrol this device');

    const stored = await storedText(page);
    expect(stored, 'the password is never kept').not.toContain(demo.manager.password);
    expect(stored, 'the token is never kept readable').not.toContain(accessToken);
  });

  await test.step('resuming without a network: says so, then tries again', async () => {
    await page.route(`${base}/api/v2/business**`, (route) => route.abort('connectionrefused'));
    await page.reload();
    await expectStep(page, 5, 'Enrol this device');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start set-up again' })).toBeVisible();
    await reviewScreen(page, 'setup-resume-failed');
    await page.unroute(`${base}/api/v2/business**`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('textbox', { name: 'Device name' })).toBeVisible();
    await expectStep(page, 5, 'Enrol this device');
  });

  await test.step('an ended sign-in: says so, asks only for it, goes on at the same step', async () => {
    const revoked = await request.post(`${base}/oauth/token/revoke`, { form: { token: accessToken } });
    expect(revoked.status()).toBe(200);
    await page.reload();
    await expectStep(page, 2, 'Manager sign-in');
    await expect(page.getByText('Your manager sign-in has ended. Sign in again and set-up goes on where you were: step 5, “Enrol this device”.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(demo.manager.username);
    await reviewScreen(page, 'setup-sign-in-ended');

    // A reload here still remembers where to go on.
    await page.reload();
    await expect(page.getByText(/Sign in again and set-up goes on where you were: step 5/)).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(demo.manager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectStep(page, 5, 'Enrol this device');
    await expect(page.getByText(kioskName)).toBeVisible();
  });

  await test.step('enrolled: nothing of set-up stays in the tab', async () => {
    await page.getByRole('button', { name: 'Enrol this device' }).click();
    await expectStep(page, 6, 'Install and start');
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('kiosk-clock.setup')))).toEqual([]);
    await page.reload();
    await expectStep(page, 6, 'Install and start');
    await expect(page.getByRole('region', { name: 'Keep the tablet on Kiosk Clock' })).toBeVisible();
    await reviewScreen(page, 'setup-install-pinning');
  });
});
