/**
 * Staff in manager mode against the real built service: the list comes before the form, with
 * search; a person locked out after five wrong PINs shows it on their row and a manager unlocks them
 * in one tap (they then sign in with their PIN); kiosk access is shown and changed per kiosk (a
 * counter person put on this kiosk really is listed here; taken off again, after a confirmation
 * that says they stay on the counter's kiosk); a 150-character first name cannot be typed past the
 * contract's limit. Screens in both orientations, axe-checked.
 */
import { KioskPage } from './pages/kiosk';
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { expect, test } from './support/fixtures';

test.describe('Staff', () => {
  test('a locked-out person shows on Staff and is unlocked in one tap', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    const grace = await api.addPerson('Grace');
    const wrong = grace.pin === '1111' ? '2222' : '1111';
    for (let attempt = 0; attempt < 5; attempt += 1) await request.post(`${api.kiosk}/checkpin`, { headers: { authorization: `Basic ${Buffer.from(`${demo.apiKey}:`).toString('base64')}` }, data: { employeeId: grace.employeeId, pin: wrong } });
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Staff e2e tablet');
    const manager = new ManagerMode(page, demo);
    const kiosk = new KioskPage(page);

    await manager.signIn();
    await manager.goTo('Staff');
    // Lists before forms: the people (with search) come first, the form opens from a button.
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('People');
    await expect(page.getByRole('region', { name: 'Add a person' })).toHaveCount(0);
    await expect(page.getByText(/(person|people) (is|are) locked out after too many wrong PINs/)).toBeVisible();
    const row = page.getByTestId('person-row').filter({ hasText: grace.name });
    await expect(row).toContainText(/PIN locked until \d{1,2}:\d{2}/);
    await expect(row).toHaveAttribute('data-locked', 'service');
    await manager.capture('manager-staff-lockout', () => expect(row).toBeVisible());

    await row.getByRole('button', { name: `Unlock the PIN of ${grace.name}` }).click();
    await expect(page.getByText(`${grace.name} can use their PIN again.`)).toBeVisible();
    await expect(row).not.toContainText('PIN locked');
    await manager.exit();
    // Her own PIN lets her in again at once.
    await kiosk.signIn(grace.name, grace.pin);
  });

  test('kiosk access is shown and changed per kiosk, and taking someone off asks first', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const counter = demo.counterKiosk;
    // A freshly seeded demo always has its counter kiosk (only reissued credentials lack it).
    expect(counter, 'the demo has its counter kiosk').toBeDefined();
    const api = new DemoApi(request, serviceURL, demo);
    const surname = `Counter${Date.now().toString(36)}`;
    const mia = await api.post<{ employeeId: number }>(`${api.business}/kiosk/${counter!.kioskId}/staff`, { firstName: 'Mia', surname, pin: '6824' });
    const name = `Mia ${surname}`;
    const listedAt = async (kioskId: number) =>
      (await api.get<Array<{ employeeId: number }>>(`${api.business}/kiosk/${kioskId}/staff`)).some((s) => s.employeeId === mia.employeeId);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Staff e2e tablet');
    const manager = new ManagerMode(page, demo);

    await manager.signIn();
    await manager.goTo('Staff');
    await page.getByLabel('Find a person').fill(surname);
    const row = page.getByTestId('person-row').filter({ hasText: name });
    // A counter person is shown on the counter's kiosk, and off this one (not "off" altogether).
    await expect(row).toContainText('On: Counter kiosk');
    const here = row.getByRole('switch', { name: `Kiosk access for ${name} at Front door kiosk` });
    await expect(here).toHaveAttribute('aria-checked', 'false');

    // Switching Mia on here really lists her here (and keeps her on the counter's kiosk).
    await here.click();
    await expect(page.getByText(`${name} is now on Front door kiosk.`)).toBeVisible();
    await expect(here).toHaveAttribute('aria-checked', 'true');
    await expect(row).toContainText('On: Front door kiosk and Counter kiosk');
    expect(await listedAt(demo.kioskId)).toBe(true);
    expect(await listedAt(counter!.kioskId)).toBe(true);
    await manager.capture('manager-staff-access', () => expect(row).toBeVisible());

    // Every kiosk, one switch each.
    await row.getByRole('button', { name: `Kiosk access of ${name} at every kiosk` }).click();
    const kiosks = page.getByRole('dialog', { name: `Kiosks ${name} can use` });
    await expect(kiosks.getByRole('switch', { name: 'Front door kiosk' })).toHaveAttribute('aria-checked', 'true');
    await expect(kiosks.getByRole('switch', { name: 'Counter kiosk' })).toHaveAttribute('aria-checked', 'true');
    await manager.capture('manager-staff-kiosks', () => expect(kiosks).toBeVisible());
    await kiosks.getByRole('button', { name: 'Done' }).click();

    // Taking her off here asks first, and says she stays on the counter's kiosk; only this kiosk changes.
    await here.click();
    const confirm = page.getByRole('dialog', { name: `Take ${name} off Front door kiosk?` });
    await expect(confirm).toContainText(`${name} stays on Counter kiosk.`);
    await manager.capture('manager-staff-access-confirm', () => expect(confirm).toBeVisible());
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await expect(here).toHaveAttribute('aria-checked', 'true');
    expect(await listedAt(demo.kioskId)).toBe(true);
    await here.click();
    await confirm.getByRole('button', { name: 'Take off Front door kiosk' }).click();
    await expect(page.getByText(`${name} is no longer on Front door kiosk.`)).toBeVisible();
    await expect(here).toHaveAttribute('aria-checked', 'false');
    expect(await listedAt(demo.kioskId)).toBe(false);
    expect(await listedAt(counter!.kioskId)).toBe(true);
  });

  test('the add form keeps names within the contract’s limits and says what is wrong in plain words', async ({ page, demo, serviceURL }) => {
    test.setTimeout(90_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Staff e2e tablet');
    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('Staff');
    // The list comes first; the form is not on the page until asked for.
    await expect(page.getByTestId('person-row').first()).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add a person' }).click();
    const form = page.getByRole('dialog', { name: 'Add a person' });
    const firstName = form.getByLabel('First name');
    await firstName.fill('A'.repeat(150));
    await expect(firstName).toHaveValue('A'.repeat(100));
    await form.getByRole('button', { name: 'Add person' }).click();
    await expect(form.getByText('Enter a surname.')).toBeVisible();
    await manager.capture('manager-staff-add', () => expect(form.getByText('Enter a surname.')).toBeVisible());
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  });
});
