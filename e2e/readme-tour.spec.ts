/**
 * The README's ten-minute tour, followed in its own words against a demo seeded as `npm start`
 * seeds it, at 03:10 in the bakery's zone: an hour far from any fixed shift, so the tour holds only
 * if the demo's day really is laid around the moment it is seeded. If the app's words change, the
 * README changes with them: this test is where that shows. Its own service (a fresh demo on the
 * embedded PGlite, from an empty folder, as a first `npm start` runs), and both clocks from the
 * seeding instant.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { serviceClock, startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

/** 03:10 in London (GMT in November), a Wednesday. */
const SEEDED_AT = '2026-11-25T03:10:00Z';

let service: ServiceInstance<DemoFile>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  // On the embedded PGlite from an empty folder, as `npm start` on a fresh clone runs: the rest of
  // the run is on PostgreSQL (support/serviceDatabase.ts).
  service = await startService({ demo: true, label: 'readme-tour', clockAt: SEEDED_AT, database: 'pglite', template: false });
});
test.afterAll(async () => {
  await service?.stop();
});

const personOf = (demo: DemoFile, firstName: string) => {
  const person = demo.staff.find((member) => member.firstName === firstName);
  if (!person) throw new Error(`${firstName} is not in demo.json`);
  return person;
};

const personButton = (page: Page, demo: DemoFile, firstName: string): Locator => {
  const person = personOf(demo, firstName);
  return page.getByRole('button', { name: new RegExp(`^${person.firstName} ${person.surname},`) });
};

async function typeOnPad(page: Page, digits: string): Promise<void> {
  for (const digit of digits) await page.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
}

async function signIn(page: Page, demo: DemoFile, firstName: string): Promise<void> {
  await personButton(page, demo, firstName).click();
  await typeOnPad(page, personOf(demo, firstName).pin);
}

/** Back to the staff grid, as the kiosk returns after each person. */
async function backToGrid(page: Page): Promise<void> {
  await page.goto(`${service.baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
}

test('the README tour, in its words, at an hour of its own', async ({ page }) => {
  test.setTimeout(150_000);
  const demo = service.demo;
  expect(service.databaseURL, 'the embedded database, not a PostgreSQL server').toBeNull();
  expect(existsSync(join(service.dataDir, 'pglite', 'PG_VERSION')), 'PGlite in DATA_DIR').toBe(true);
  await page.clock.install({ time: await serviceClock(service.baseURL).now() });
  const main = page.getByRole('main');

  // 1. The installer sets the tablet up: six steps.
  await page.goto(`${service.baseURL}/`);
  await expect(page.getByRole('banner')).toContainText('Set up this kiosk');
  await expect(main).toContainText('Step 1 of 6');
  await expect(main.getByRole('heading', { name: 'Connect to the service' })).toBeVisible();
  await expect(page.getByLabel('Service address')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(main.getByRole('heading', { name: 'Manager sign-in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(demo.manager.username);
  await page.getByLabel('Password', { exact: true }).fill(demo.manager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(main.getByRole('heading', { name: 'Choose the business' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Bondi Beach Café/ })).toBeVisible();
  await page.getByRole('radio', { name: /Harbour Street Bakery/ }).check();
  await expect(main).toContainText('Europe/London');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(main.getByRole('heading', { name: 'Choose the kiosk' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Counter kiosk/ })).toBeVisible();
  await page.getByRole('radio', { name: /Front door kiosk/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(main.getByRole('heading', { name: 'Enrol this device' })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol this device' }).click();
  await expect(main.getByRole('heading', { name: 'Install and start' })).toBeVisible();
  await page.getByRole('button', { name: 'Start the kiosk' }).click();

  // 2. Employees. The people on shift first: Tom and Victor "On since …", Uma "Break since …".
  await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
  await expect(main).toContainText('On shift');
  await expect(main).toContainText('Rostered now');
  await expect(personButton(page, demo, 'Oscar')).toContainText('Due at');
  await expect(personButton(page, demo, 'Ruby')).toContainText('Late · due at');
  await expect(main).toContainText('Everyone else');
  await expect(personButton(page, demo, 'Tom')).toContainText('On since');
  await expect(personButton(page, demo, 'Victor')).toContainText('On since');
  await expect(personButton(page, demo, 'Uma')).toContainText('Break since');

  // Oscar, due in 10 minutes: his shift, "Bakery floor · Baking", early, said kindly.
  await signIn(page, demo, 'Oscar');
  await expect(main).toContainText('Your shift');
  await expect(main).toContainText('Bakery floor · Baking');
  await expect(main).toContainText(/You are \d+ minutes early\. Thanks for coming in!/);
  await page.getByRole('button', { name: 'Clock on', exact: true }).click();
  await expect(main.getByRole('group', { name: /^Location/ })).toBeVisible();
  await expect(main.getByRole('group', { name: /^Work type/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clock on', exact: true }).click();
  await expect(main).toContainText('Clocked on');
  await expect(main).toContainText(/\d+ min early/);
  await expect(main).toContainText('This week');
  await backToGrid(page);

  // Ruby is late.
  await signIn(page, demo, 'Ruby');
  await expect(main).toContainText(/You are \d+ minutes late\. No worries, you are here now\./);
  await backToGrid(page);

  // Tom: Start break, Clock off, Leave a note; clocking off gives the shift, its break, the week.
  await signIn(page, demo, 'Tom');
  for (const action of ['Start break', 'Clock off', 'Leave a note']) await expect(page.getByRole('button', { name: action, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clock off', exact: true }).click();
  await expect(main).toContainText('Clocked off');
  for (const line of ['This shift', 'Unpaid breaks', 'This week']) await expect(main).toContainText(line);
  await backToGrid(page);

  // Victor forgot to clock off: asked when he finished first.
  await signIn(page, demo, 'Victor');
  await expect(main.getByRole('heading', { name: 'When did you finish?' })).toBeVisible();
  await page.getByRole('button', { name: /^I finished at .*The end of your rostered shift/ }).click();
  await expect(main).toContainText(/A manager will confirm that you finished at/);
  await backToGrid(page);

  // Forgot PIN? The e-mail is printed where npm start runs; its code replaces the PIN once.
  await personButton(page, demo, 'Ruby').click();
  await page.getByRole('button', { name: 'Forgot PIN?' }).click();
  await page.getByRole('button', { name: 'Send it by email' }).click();
  const codeIn = () => /instead of your PIN: (\d+)/.exec(service.output())?.[1] ?? '';
  await expect.poll(codeIn, { timeout: 15_000 }).not.toBe('');
  // Sent: the kiosk moves on to the PIN pad by itself, for the code.
  await expect(page.getByRole('heading', { name: 'Enter the code we sent you' })).toBeVisible();
  await typeOnPad(page, codeIn());
  await typeOnPad(page, '4817');
  await typeOnPad(page, '4817');
  // Changed at the service before the page is left: loading the page mid-change would abandon it.
  await expect(main).toContainText('Your new PIN is set. Use it from now on.');
  await expect(main).not.toContainText('Enter the new PIN again');
  await backToGrid(page);
  await personButton(page, demo, 'Ruby').click();
  await typeOnPad(page, '4817');
  await expect(main).toContainText('What would you like to do?');
  await backToGrid(page);

  // ES switches the kiosk to Spanish (and back).
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('button', { name: 'Language: Español' })).toHaveText('ES');
  await topBar.getByRole('button', { name: 'Language: Español' }).click();
  await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Toca tu nombre' })).toBeVisible();
  await topBar.getByRole('button', { name: 'Idioma: English' }).click();
  await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();

  // 3. The manager: Manager, the same e-mail and password, then the tabs the README names.
  await page.getByRole('button', { name: 'Manager' }).click();
  const email = page.getByRole('textbox', { name: 'E-mail address' });
  const usePassword = page.getByRole('button', { name: 'Use e-mail and password instead' });
  await expect(email.or(usePassword)).toBeVisible();
  if (await usePassword.isVisible()) await usePassword.click();
  await email.fill(demo.manager.username);
  await page.getByLabel('Password', { exact: true }).fill(demo.manager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'On site' })).toBeVisible();
  await expect(main).toContainText('Set manager PIN');
  await expect(page.getByRole('button', { name: 'Not now' })).toBeVisible();

  await page.getByRole('tab', { name: 'Roster' }).click();
  await expect(page.getByRole('button', { name: 'Today', exact: true }).or(page.getByRole('tab', { name: 'Today', exact: true })).first()).toBeVisible();
  await expect(main).toContainText('Absent');
  await expect(main).toContainText('Sofia');

  await page.getByRole('tab', { name: 'Timesheets' }).click();
  await expect(main).toContainText(/1 forgotten clock-off to check/);
  await expect(main).toContainText('Victor');
  for (const name of ['Oscar', 'Ruby', 'Tom', 'Uma']) await expect(main).toContainText(name);
  await expect(page.getByRole('button', { name: 'Approve' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export approved (CSV)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Staff' }).click();
  await page.getByRole('tab', { name: 'Fix shifts' }).click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(main).toContainText('Oven 2 runs hot');

  await page.getByRole('tab', { name: 'Settings' }).click();
  for (const words of ['Photo with every punch', 'Location required', 'Work type required', 'Roster matching', 'On the tablets', 'Let people punch when their PIN cannot be checked']) {
    await expect(main).toContainText(words);
  }
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();

  await page.getByRole('tab', { name: 'This device' }).click();
  await expect(main).toContainText('Waiting to send');
  await expect(page.getByRole('button', { name: 'Send now' })).toBeVisible();
  await expect(main).toContainText('All devices');

  // 4. Offline: the service stops; Oscar (checked online in step 2) clocks off on the tablet's own
  // PIN check, and the punch waits on the tablet. Everything before has reached the service first
  // (Tom's clock-off too, whose receipt this test leaves by loading the page), so what waits after
  // the halt is Oscar's alone.
  await backToGrid(page);
  const sync = page.getByRole('banner').getByRole('status');
  await expect(sync).toHaveAccessibleName(/Online\. Everything sent$/);
  await service.halt();
  await signIn(page, demo, 'Oscar');
  await page.getByRole('button', { name: 'Clock off', exact: true }).click();
  await expect(main).toContainText('Clocked off');
  await expect(sync).toContainText("Can't reach the service");
  await expect(sync).toContainText('1');
  await expect(sync).toHaveAccessibleName(/Can't reach the service\. 1 waiting to send$/);
});
