/**
 * Manager mode against the shared service: the sign-in gate (wrong password refused, token revoked
 * on exit, closes itself when left alone), enrolling a person who then clocks on at the kiosk and
 * shows on the on-site board, fixing shifts (a complete shift that becomes a timesheet line, a
 * clock-off at an earlier time, a discard), kiosk access, a kiosk setting that sticks, reading
 * notes, and removing the device. Every manager screen is captured in both orientations and
 * checked with axe. Names are unique per run: the shared service keeps its data across specs.
 */
import type { Page } from '@playwright/test';
import type { RoundingRulesModel, TimesheetLinePunchesModel } from '../src/contract/supporting/timesheets';
import { roundShift } from '../src/domain/rounding';
import { toLocalDateTime } from '../src/domain/time';
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';

const ZONE = 'Europe/London';

/** Date (YYYY-MM-DD) and time (HH:MM) of an instant on a London wall clock, as form inputs take them. */
function londonWallClock(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** At the kiosk: tap the person, type the PIN, clock on (through the options step if it shows). */
async function clockOnAtKiosk(page: Page, name: string, pin: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Find your name' }).fill(name);
  await page.getByRole('button', { name: new RegExp(`^${name},`) }).click();
  for (const digit of pin) await page.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await page.locator('[data-punch="clockOn"]').click();
  const receipt = page.getByTestId('receipt');
  const options = page.getByRole('heading', { name: 'Before you clock on' });
  await expect(receipt.or(options)).toBeVisible();
  if (await options.isVisible()) await page.locator('[data-punch="clockOn"]').click();
  await expect(receipt).toHaveAttribute('data-kind', 'clockOn');
  await page.getByRole('button', { name: 'Done' }).click();
}

test.describe('manager mode', () => {
  test('the Manager button asks for a sign-in, refuses a wrong password, and exit revokes the token', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(90_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);

    await manager.open();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await manager.fillCredentials(demo.manager.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await manager.capture('manager-sign-in');

    // Back to the kiosk without signing in, then in properly.
    await page.getByRole('button', { name: 'Back to the kiosk' }).click();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    const token = await manager.signIn();
    await expect(page.getByText(`Signed in as ${demo.manager.username}`)).toBeVisible();
    await manager.capture('manager-on-site', () => expect(page.getByText(/Updated at/)).toBeVisible());

    const kioskUrl = `${serviceURL}/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}`;
    expect((await request.get(kioskUrl, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await manager.exit();
    await expect.poll(async () => (await request.get(kioskUrl, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

    // Opening it again asks for a sign-in again: the session was not kept.
    await manager.open();
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('a manager enrols a new person, who clocks on at the kiosk and shows on the on-site board', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const surname = `Enrol${unique()}`;
    const name = `Nia ${surname}`;
    const pin = '5937';

    await manager.signIn();
    await manager.goTo('Staff');
    await manager.capture('manager-staff', () => expect(page.getByTestId('person-row').first()).toBeVisible());

    // The list comes first; the form opens from "Add a person" and checks the PIN before anything is sent.
    await page.getByRole('button', { name: 'Add a person' }).click();
    const form = page.getByRole('dialog', { name: 'Add a person' });
    await form.getByLabel('First name').fill('Nia');
    await form.getByLabel('Surname').fill(surname);
    await form.getByLabel('PIN', { exact: true }).fill(pin);
    await form.getByLabel('PIN again').fill('5938');
    await form.getByRole('button', { name: 'Add person' }).click();
    await expect(form.getByText('The two PINs are different.')).toBeVisible();
    await expect(form.getByLabel('PIN again')).toHaveAttribute('aria-invalid', 'true');
    await manager.capture('manager-staff-errors');

    await form.getByLabel('PIN again').fill(pin);
    await form.getByLabel('E-mail address').fill(`nia.${surname.toLowerCase()}@example.com`);
    await form.getByRole('button', { name: 'Add person' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${name} has been added and can clock on now.` })).toBeVisible();
    await page.getByLabel('Find a person').fill(surname);
    const row = page.getByTestId('person-row').filter({ hasText: name });
    await expect(row.getByRole('switch', { name: `Kiosk access for ${name}` })).toHaveAttribute('aria-checked', 'true');

    await manager.exit();
    await clockOnAtKiosk(page, name, pin);

    await manager.signIn();
    const board = page.getByTestId('on-site-row').filter({ hasText: name });
    await expect(board).toBeVisible();
    await expect(board).toContainText('Clocked on');
    await expect(board).toContainText(/Clocked on at \d{1,2}:\d{2}/);
    await manager.capture('manager-on-site-busy');

    const employeeId = Number(await board.getAttribute('data-employee-id'));
    expect((await api.staffMember(employeeId))?.status).toBe('ClockedOn');
    await api.post(`${api.kiosk}/discard`, { employeeId });
  });

  test('kiosk access can be switched off and on, and the kiosk follows', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(90_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const person = await api.addPerson('Access');

    await manager.signIn();
    await manager.goTo('Staff');
    await page.getByLabel('Find a person').fill(person.surname);
    const toggle = page.getByRole('switch', { name: `Kiosk access for ${person.name}` });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await manager.capture('manager-staff-people', () => toggle.scrollIntoViewIfNeeded());
    await toggle.click();
    // Taking someone off a kiosk asks first; this was their only place, so no other kiosk keeps them.
    const confirm = page.getByRole('dialog', { name: `Take ${person.name} off Front door kiosk?` });
    await expect(confirm).toContainText(`${person.name} will no longer be listed on Front door kiosk`);
    await confirm.getByRole('button', { name: 'Take off Front door kiosk' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect.poll(() => api.get<boolean>(`${api.business}/kiosk/hasaccess/${person.employeeId}`)).toBe(false);

    await manager.exit();
    await page.getByRole('searchbox', { name: 'Find your name' }).fill(person.name);
    await expect(page.getByRole('button', { name: new RegExp(`^${person.name},`) })).toHaveCount(0);

    await manager.signIn();
    await manager.goTo('Staff');
    await page.getByLabel('Find a person').fill(person.surname);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await manager.exit();
    await page.getByRole('searchbox', { name: 'Find your name' }).fill(person.name);
    await expect(page.getByRole('button', { name: new RegExp(`^${person.name},`) })).toBeVisible();
  });

  test('a missed shift becomes a timesheet line; overlaps and future times are refused next to their fields', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const person = await api.addPerson('Shifty');
    const { date } = londonWallClock(new Date(Date.now() - 86_400_000));
    const note = `Forgot to clock ${unique()}`;

    await manager.signIn();
    await manager.goTo('Fix shifts');
    const card = page.getByRole('region', { name: 'Add a missed shift' });
    await card.getByLabel('Person').selectOption(String(person.employeeId));
    await card.getByLabel('Date').fill(date);
    await card.getByLabel('Start time').fill('09:00');
    await card.getByLabel('End time').fill('17:00');
    await card.getByRole('button', { name: 'Add a break' }).click();
    await card.getByLabel('Break 1 start').fill('12:00');
    await card.getByLabel('Break 1 end').fill('12:30');
    await card.getByLabel('Note').fill(note);
    await manager.capture('manager-fix-add-shift');

    await card.getByRole('button', { name: 'Add shift' }).click();
    await expect(card.getByRole('status')).toContainText(`Shift added for ${person.name}`);

    const lines = await api.get<Array<{ employeeId: number; startTime: string; endTime: string; submittedByUser: string; comments: string | null; breaks: unknown[] }>>(
      `${api.business}/timesheet`,
    );
    const line = lines.find((l) => l.employeeId === person.employeeId);
    expect(line).toMatchObject({ startTime: `${date}T09:00:00`, endTime: `${date}T17:00:00`, submittedByUser: demo.manager.username });
    expect(line?.comments).toContain(note);
    expect(line?.breaks).toHaveLength(1);

    // The same shift again overlaps the first: the service says so next to the end time.
    await card.getByLabel('Person').selectOption(String(person.employeeId));
    await card.getByLabel('Date').fill(date);
    await card.getByLabel('Start time').fill('10:00');
    await card.getByLabel('End time').fill('11:00');
    await card.getByRole('button', { name: 'Add shift' }).click();
    await expect(card.getByRole('alert')).toHaveText('Please check the fields marked below.');
    await expect(card.getByText('This shift overlaps another shift of this person.')).toBeVisible();
    await expect(card.getByLabel('End time')).toHaveAttribute('aria-invalid', 'true');
    await manager.capture('manager-fix-add-shift-error');

    // A shift ending in the future is caught before it is sent: tomorrow's, whatever the time now.
    const today = londonWallClock(new Date()).date;
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await card.getByLabel('Date').fill(tomorrow);
    await card.getByLabel('Start time').fill('09:00');
    await card.getByLabel('End time').fill('10:00');
    await card.getByRole('button', { name: 'Add shift' }).click();
    await expect(card.getByText('This time is in the future.')).toBeVisible();
  });

  test('a manager clocks someone off at an earlier time and discards an open shift', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const leaver = await api.addPerson('Leaver');
    const mistake = await api.addPerson('Mistake');
    await api.clockOn(leaver.employeeId, new Date(Date.now() - 3 * 3_600_000).toISOString());
    await api.clockOn(mistake.employeeId);

    await manager.signIn();
    await manager.goTo('Fix shifts');
    await page.getByRole('radio', { name: /Clock someone off/ }).check();
    const clockOff = page.getByRole('region', { name: 'Clock someone off' });
    await clockOff.getByLabel('Person').selectOption(String(leaver.employeeId));
    await expect(clockOff.getByText(/^Clocked on /)).toBeVisible();
    const left = londonWallClock(new Date(Date.now() - 3_600_000));
    await clockOff.getByLabel('Date').fill(left.date);
    await clockOff.getByLabel('Clock-off time').fill(left.time);
    await manager.capture('manager-fix-clock-off');
    await clockOff.getByRole('button', { name: 'Clock off' }).click();
    await expect(clockOff.getByRole('status')).toContainText(`${leaver.name} is clocked off`);
    expect((await api.staffMember(leaver.employeeId))?.status).toBe('ClockedOff');
    const lines = await api.get<Array<{ id: number; employeeId: number; endTime: string }>>(`${api.business}/timesheet`);
    const line = lines.find((l) => l.employeeId === leaver.employeeId);
    // The raw clock-off is the time the manager gave; the line carries it rounded by the business's
    // rules (the demo rounds; a new person has no roster shift to snap to).
    const raw = await api.get<TimesheetLinePunchesModel>(`${api.business}/timesheet/${line?.id ?? 0}/punches`);
    expect(raw.endLocal).toBe(`${left.date}T${left.time}:00`);
    const rules = await api.get<RoundingRulesModel>(`${api.business}/roundingrules`);
    const rounded = roundShift({ startUtc: new Date(raw.startUtc ?? ''), endUtc: new Date(raw.endUtc ?? ''), breaks: [] }, rules, raw.ianaTimeZone);
    expect(line?.endTime).toBe(toLocalDateTime(rounded.endUtc, raw.ianaTimeZone));

    await page.getByRole('radio', { name: /Discard a shift/ }).check();
    const discard = page.getByRole('region', { name: 'Discard a shift' });
    await discard.getByLabel('Person').selectOption(String(mistake.employeeId));
    await manager.capture('manager-fix-discard');
    await discard.getByRole('button', { name: 'Discard shift…' }).click();
    const dialog = page.getByRole('dialog', { name: `Discard the shift of ${mistake.name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep shift' })).toBeFocused();
    await manager.capture('manager-fix-discard-confirm');
    await dialog.getByRole('button', { name: 'Discard shift' }).click();
    await expect(dialog).toBeHidden();
    await expect(discard.getByRole('status')).toHaveText(`The shift of ${mistake.name} was discarded.`);
    expect((await api.staffMember(mistake.employeeId))?.status).toBe('NotClockedOn');
    const after = await api.get<Array<{ employeeId: number }>>(`${api.business}/timesheet`);
    expect(after.some((l) => l.employeeId === mistake.employeeId)).toBe(false);
  });

  test('a note left on a shift can be read and marked read', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(90_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const author = await api.addPerson('Noter');
    const shiftId = await api.clockOn(author.employeeId);
    const text = `The oven door sticks again ${unique()}`;
    const created = await api.post<{ id: number }>(`${api.kiosk}/shift/${shiftId}/notes`, { employeeId: author.employeeId, type: 'Shift', visibility: 'Visible', note: text });

    try {
      await manager.signIn();
      await manager.goTo('Notes');
      const item = page.getByTestId('note').filter({ hasText: text });
      await expect(item).toHaveAttribute('data-read', 'false');
      await expect(item).toContainText(author.name);
      await expect(item).toContainText('Unread');
      await expect(item).toContainText(`Shift of ${author.name}`);
      await manager.capture('manager-notes', () => expect(item).toBeVisible());

      await item.getByRole('button', { name: 'Mark as read' }).click();
      await expect(item).toHaveAttribute('data-read', 'true');
      await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
      const notes = await api.get<Array<{ id: number; read: boolean }>>(`${api.kiosk}/shift/${shiftId}/notes`);
      expect(notes.find((n) => n.id === created.id)?.read).toBe(true);
    } finally {
      await api.post(`${api.kiosk}/discard`, { employeeId: author.employeeId });
    }
  });

  test('a kiosk setting saved in manager mode sticks', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const original = await api.get<Record<string, unknown> & { clockOnWindowMinutes: number | null }>(api.kiosk);
    const minutes = String(20 + ((Number(original.clockOnWindowMinutes ?? 0) + 7) % 37));

    try {
      await manager.signIn();
      await manager.goTo('Settings');
      await expect(page.getByLabel('Kiosk name')).toHaveValue(String(original.name));
      await manager.capture('manager-settings');

      await page.getByLabel('Find a time zone').fill('new york');
      await expect(page.getByRole('radio', { name: /America\/New York/ })).toBeVisible();
      await expect(page.getByRole('radio', { name: /Europe\/London/ })).toBeChecked();
      await manager.capture('manager-settings-zone-search');
      await page.getByLabel('Find a time zone').fill('');

      await page.getByLabel('Clock-on window').fill(minutes);
      await expect(page.getByText('You have unsaved changes.')).toBeVisible();
      await manager.capture('manager-settings-unsaved');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
      await expect.poll(async () => (await api.get<{ clockOnWindowMinutes: number | null }>(api.kiosk)).clockOnWindowMinutes).toBe(Number(minutes));

      // A fresh start of the app shows the saved value.
      await page.reload();
      await manager.signIn();
      await manager.goTo('Settings');
      await expect(page.getByLabel('Clock-on window')).toHaveValue(minutes);
      await expect(page.getByRole('switch', { name: 'Paid breaks' })).toHaveAttribute('aria-checked', String(original.paidBreaksEnabled));
    } finally {
      await api.put(api.kiosk, original);
    }
  });

  test('this device: its enrolment, and removing it returns the tablet to set-up', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(90_000);
    const device = await enrolDeviceThroughApi(page, serviceURL, demo, `Removable tablet ${unique()}`);
    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('This device');
    await expect(page.getByText('Front door kiosk').first()).toBeVisible();
    await expect(page.getByText(String(device.deviceId), { exact: true })).toBeVisible();
    await manager.capture('manager-device');

    await page.getByRole('button', { name: 'Remove this device…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this device?' });
    await expect(dialog).toBeVisible();
    await manager.capture('manager-device-confirm');
    await dialog.getByRole('button', { name: 'Remove device' }).click();

    // The app is back at the installer's set-up flow (its own spec covers what follows).
    await expect(page.getByRole('banner').getByText('Set up this kiosk')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manager', exact: true })).toHaveCount(0);
    const whoAmI = await request.get(`${serviceURL}/api/v2/device`, { headers: { authorization: `Bearer ${device.token}` } });
    expect(whoAmI.status()).toBe(401);
    expect(await new KioskStore(page).meta('device'), 'the enrolment is gone from IndexedDB').toBeUndefined();
  });

  test('manager mode speaks Spanish when the kiosk does', async ({ page, demo, serviceURL }) => {
    test.setTimeout(90_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    await page.getByRole('button', { name: 'Language: Español' }).click();
    await page.getByRole('button', { name: 'Encargado', exact: true }).click();
    await page.getByLabel('Correo electrónico').fill(demo.manager.username);
    await page.getByLabel('Contraseña').fill(demo.manager.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('tab', { name: 'Corregir turnos' }).click();
    await expect(page.getByRole('heading', { name: 'Añadir un turno olvidado' })).toBeVisible();
    await manager.capture('manager-fix-spanish');
    await page.getByRole('tab', { name: 'Ajustes' }).click();
    await expect(page.getByRole('switch', { name: 'Pausas pagadas' })).toBeVisible();
    await manager.capture('manager-settings-spanish');
  });

  test('manager mode warns, then closes itself after five minutes without a touch', async ({ page, demo, serviceURL }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Manager e2e tablet');
    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('Notes');

    const warning = page.getByText('Manager mode closes in a few seconds. Touch the screen to stay.');
    await page.clock.runFor(200_000);
    await expect(manager.tab('Notes')).toBeVisible();
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.clock.runFor(200_000);
    await expect(manager.tab('Staff')).toBeVisible();
    await expect(warning).toBeHidden();
    // The last 30 seconds are announced; a touch keeps manager mode open.
    await page.clock.runFor(75_000);
    await expect(warning).toBeVisible();
    await manager.capture('manager-idle-warning', () => expect(warning).toBeVisible());
    await page.getByRole('heading', { name: 'Staff' }).click();
    await expect(warning).toBeHidden();
    await page.clock.runFor(280_000);
    await expect(manager.tab('Staff')).toBeVisible();
    await page.clock.runFor(21_000);
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await manager.open();
    await expect(page.getByRole('tab')).toHaveCount(0);
  });
});
