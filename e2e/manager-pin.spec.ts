/**
 * Fast managers on a paired tablet, against the real built service: after a password sign-in the
 * manager sets a manager PIN (refused when the two differ); next time they tap their name and type
 * it (a wrong one says how many tries are left) and manager mode opens with their rights; with the
 * network gone the same PIN opens a read-only view of what the tablet holds: its queue, who is on
 * site as it knows it, unverified punches waiting. "Forget my manager PIN" ends it everywhere.
 * Five wrong PINs lock it as they lock an employee's; an administrator sees it locked on This
 * device and revokes it (asked first), after which the tablet asks for e-mail and password again.
 * The demo manager's PIN is forgotten again at the end, so other specs find the password form.
 */
import { fullName, KioskPage, type StaffMember } from './pages/kiosk';
import { DemoApi, ManagerMode } from './pages/manager';
import { punchThroughScreens } from './pages/offlineKiosk';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { expect, test } from './support/fixtures';
import { waitForServiceWorkerControl } from './support/serviceWorker';

const MANAGER_NAME = 'Morgan Demo';
const PIN = '583014';

test.describe('manager PIN', () => {
  test.afterEach(async ({ request, serviceURL, demo }) => {
    // Leave the shared demo as it was: no manager PIN.
    await request.delete(`${serviceURL}/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}/managerpin`, {
      headers: { authorization: `Basic ${Buffer.from(`${demo.apiKey}:`).toString('base64')}` },
    });
  });

  test('set after a password sign-in, it opens manager mode; offline it opens a read-only view of the tablet', async ({ page, context, demo, serviceURL, request }) => {
    test.setTimeout(180_000);
    const api = new DemoApi(request, serviceURL, demo);
    const ada = await api.addPerson('Ada');
    const ben = await api.addPerson('Ben');
    // On the tablet's staff list, never checked on it: offline, only an unverified punch.
    const cara = await api.addPerson('Cara');
    const member = (p: typeof ada): StaffMember => ({ employeeId: p.employeeId, firstName: p.firstName, surname: p.surname, pin: p.pin });
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager PIN tablet');
    await waitForServiceWorkerControl(page);
    const kiosk = new KioskPage(page);
    const manager = new ManagerMode(page, demo);

    await test.step('a password sign-in offers to set a manager PIN; two different PINs are refused', async () => {
      await manager.signIn();
      const prompt = page.getByRole('region', { name: 'Open manager mode faster' });
      await expect(prompt).toBeVisible();
      await prompt.getByLabel('Manager PIN', { exact: true }).fill('12345');
      await prompt.getByRole('button', { name: 'Set manager PIN' }).click();
      await expect(prompt.getByText('A manager PIN has 6 to 8 digits.')).toBeVisible();
      await prompt.getByLabel('Manager PIN', { exact: true }).fill(PIN);
      await prompt.getByLabel('Manager PIN again').fill('583015');
      await prompt.getByRole('button', { name: 'Set manager PIN' }).click();
      await expect(prompt.getByText('The two manager PINs are different.')).toBeVisible();
      await manager.capture('manager-pin-setup', () => expect(prompt.getByText('The two manager PINs are different.')).toBeVisible());
      await prompt.getByLabel('Manager PIN again').fill(PIN);
      await prompt.getByRole('button', { name: 'Set manager PIN' }).click();
      await expect(page.getByText('Your manager PIN is set. Next time, tap your name and type it.')).toBeVisible();
      await manager.exit();
    });

    await test.step('next time: the name, the PIN (a wrong one says the tries left), and manager mode opens', async () => {
      await manager.openGate();
      await manager.capture('manager-pin-entry', () => expect(page.getByRole('heading', { name: `Manager PIN for ${MANAGER_NAME}` })).toBeVisible());
      await manager.typeManagerPin(MANAGER_NAME, '000000');
      await expect(page.getByRole('alert')).toHaveText('That manager PIN is not right. 4 tries left before it locks.');
      await manager.typeManagerPin(MANAGER_NAME, PIN);
      await expect(manager.tab('On site')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(/Opened with your manager PIN · ends at \d{1,2}:\d{2}/)).toBeVisible();
      // The PIN session has the manager's rights: Staff lists people.
      await manager.goTo('Staff');
      await expect(page.getByTestId('person-row').first()).toBeVisible();
      await manager.exit();
    });

    await test.step('at the kiosk: Ada and Ben clock on online; then the network goes and Ada starts a break', async () => {
      await punchThroughScreens(kiosk, member(ada), 'clockOn');
      await punchThroughScreens(kiosk, member(ben), 'clockOn');
      await kiosk.waitForSync();
      await context.setOffline(true);
      await punchThroughScreens(kiosk, member(ada), 'startBreak', { queued: true });
      await kiosk.tapName(cara.name);
      await kiosk.enterPin(cara.pin);
      await kiosk.acknowledgePhotoNotice(15_000);
      await expect(kiosk.main.getByRole('heading', { name: 'Your PIN can’t be checked right now' })).toBeVisible();
      await kiosk.main.getByRole('button', { name: 'Record my punch' }).click();
      await kiosk.choose('clockOn');
      await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
      if (await kiosk.options().isVisible()) await kiosk.confirmClockOn();
      await kiosk.expectReceipt('clockOn');
      await kiosk.finishReceipt();
    });

    await test.step('offline, the manager PIN opens the read-only view: the queue and who is on site', async () => {
      await manager.openGate();
      await manager.typeManagerPin(MANAGER_NAME, PIN);
      await expect(page.getByRole('heading', { name: 'No network: read-only view' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('tab')).toHaveCount(0);
      const queued = page.getByTestId('offline-queue-row');
      // Ada's break; Cara's acknowledgement of the photo notice, her clock-on and its identity claim.
      await expect(queued).toHaveCount(4);
      await expect(queued.nth(0)).toContainText(fullName(member(ada)));
      await expect(queued.nth(0)).toContainText('Start break');
      await expect(queued.nth(1)).toContainText(cara.name);
      await expect(queued.nth(1)).toContainText('Photo notice read');
      await expect(queued.nth(2)).toContainText(cara.name);
      await expect(queued.nth(2)).toContainText('Clock on');
      const unverified = page.getByTestId('offline-unverified-row');
      await expect(unverified).toHaveCount(1);
      await expect(unverified).toContainText(cara.name);
      const onSite = page.getByTestId('offline-on-site-row');
      await expect(onSite.filter({ hasText: fullName(member(ada)) })).toContainText('On break');
      await expect(onSite.filter({ hasText: fullName(member(ben)) })).toContainText('Clocked on');
      await expect(page.getByRole('heading', { name: 'Unverified punches waiting: 1' })).toBeVisible();
      await expect(onSite.filter({ hasText: cara.name })).toContainText('Clocked on');
      // Nothing to change here.
      await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
      await manager.capture('manager-offline-view', () => expect(unverified).toBeVisible());
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    });

    await test.step('back online, the manager forgets the PIN on This device; the tablet no longer offers it', async () => {
      await context.setOffline(false);
      await kiosk.waitForSync(30_000);
      await manager.openGate();
      await manager.typeManagerPin(MANAGER_NAME, PIN);
      await expect(manager.tab('On site')).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
      await manager.goTo('This device');
      await page.getByRole('button', { name: 'Forget my manager PIN' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Forget my manager PIN' }).click();
      await expect(page.getByText('Your manager PIN is forgotten. It no longer opens manager mode.')).toBeVisible();
      await manager.exit();
      await manager.openGate();
      await expect(page.getByRole('heading', { name: 'Sign in as a manager' })).toBeVisible();
    });
    for (const person of [ada, ben, cara]) await api.post(`${api.kiosk}/clockoff`, { employeeId: person.employeeId }).catch(() => undefined);
  });

  test('wrong PINs lock it like any PIN; an administrator revokes it on This device and the tablet stops offering it', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    // Set where the manager once signed in with a password (the API key stands for that here).
    await api.put(`${api.kiosk}/managerpin`, { pin: PIN });
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager PIN revoke tablet');
    const manager = new ManagerMode(page, demo);

    await test.step('five wrong manager PINs lock it; e-mail and password still open manager mode', async () => {
      await manager.openGate();
      for (let attempt = 1; attempt < 5; attempt += 1) {
        await manager.typeManagerPin(MANAGER_NAME, '000000');
        const left = 5 - attempt;
        await expect(page.getByRole('alert')).toHaveText(`That manager PIN is not right. ${left} ${left === 1 ? 'try' : 'tries'} left before it locks.`);
      }
      await manager.typeManagerPin(MANAGER_NAME, '000000');
      await expect(page.getByRole('alert')).toContainText(/Too many wrong manager PINs\. Try again at \d{1,2}:\d{2}, or use your e-mail and password\./);
      await page.getByRole('button', { name: 'Back to the kiosk' }).click();
      await manager.signIn();
    });

    await test.step('This device lists who has a manager PIN, locked or not, with Revoke; revoking asks first', async () => {
      await manager.goTo('This device');
      const card = page.getByRole('region', { name: 'Manager PINs in this business' });
      const row = card.getByTestId('manager-pin-row').filter({ hasText: MANAGER_NAME });
      await expect(row).toContainText(/Locked until \d{1,2}:\d{2}/);
      await manager.capture('manager-pins-list', async () => {
        await row.scrollIntoViewIfNeeded();
        await expect(row).toBeInViewport();
      });
      await row.getByRole('button', { name: `Revoke the manager PIN of ${MANAGER_NAME}` }).click();
      const confirm = page.getByRole('dialog', { name: `Revoke the manager PIN of ${MANAGER_NAME}?` });
      await expect(confirm).toContainText('It stops working on every tablet at once');
      await manager.capture('manager-pins-revoke-confirm', () => expect(confirm).toBeVisible());
      await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect(card.getByText(`The manager PIN of ${MANAGER_NAME} is revoked.`)).toBeVisible();
      await expect(row).toHaveCount(0);
    });

    await test.step('the service and this tablet no longer know the PIN: the Manager button asks for e-mail and password', async () => {
      const status = await api.get<{ isSet: boolean }>(`${api.kiosk}/managerpin`);
      expect(status.isSet).toBe(false);
      await manager.exit();
      await manager.openGate();
      await expect(page.getByRole('heading', { name: 'Sign in as a manager' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use my manager PIN' })).toHaveCount(0);
    });
  });
});
