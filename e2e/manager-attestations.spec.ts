/**
 * The questions at clock-off set from manager mode's Settings, then asked by the kiosk on a set
 * clock (the tablet's and the service's together): the manager asks "Are you leaving work free of
 * any injury?" at every clock-off and "Did you get your meal break?" when the shift lasted more
 * than 4 hours (typed over the 6 offered). A clock-off after 3 hours then asks the first only; one
 * after 4 hours and a minute asks both, and the answers reach the service with their wording's
 * version. Then a manager gives the counter its own rules (California, and the meal-break question)
 * on the "Rules per location" card, a till under the counter with no rules of its own shows the
 * counter's profile as its own, and the business's settings stay as they were. Last, a manager
 * writes the meal-break question and one answer in the business's words (a blank question is
 * refused under the field): the kiosk asks the new wording online and offline, a newer wording
 * written while the tablet is offline does not change the queued answer's version, and Timesheets
 * shows the words the person saw. The cards, the editor, the kiosk's question and the timesheet
 * line are captured at 1280x800 and 800x1280 and checked with axe. The service is the test's own.
 */
import { AttestationModel, AttestationSettingsModel } from '../src/contract/supporting/attestations';
import { BreakRulesModel } from '../src/contract/supporting/breakRules';
import { LocationRulesModel } from '../src/contract/supporting/locationRules';
import { KioskPage, fullName } from './pages/kiosk';
import { ManagerMode } from './pages/manager';
import { peopleOffShift } from './pages/offShift';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { reviewScreen } from './support/screens';
import { apiKeyAuth } from './support/serviceApi';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CLOCK_ON = '2026-06-10T07:30:00Z';

const test = testWithOwnService({ label: 'manager-attestations', clockAt: new Date(Date.parse(CLOCK_ON) - 20 * MINUTE) }).extend<{ attestClocks: Clocks }>({
  attestClocks: async ({ context, ownService }, use) => {
    const clocks = bothClocks(context, ownService.clock);
    await clocks.set(new Date(Date.parse(CLOCK_ON) - 20 * MINUTE));
    await use(clocks);
  },
});

test('a manager chooses the questions at clock-off and when; the kiosk asks accordingly', async ({ page, request, ownService: service, attestClocks: clocks }) => {
  test.setTimeout(300_000);
  const demo = service.demo;
  const business = `${service.baseURL}/api/v2/business/${demo.businessId}`;
  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'Attestation settings tablet');

  // ---- the manager's choices, each saved at once -------------------------------------------------
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Settings');
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1);
  const card = page.getByRole('region', { name: 'Questions at clock-off' });
  const injury = card.getByTestId('attest-setting-Injury');
  const meal = card.getByTestId('attest-setting-MealBreak');
  await expect(injury.getByRole('group', { name: /^Are you leaving work free of any injury\?/ })).toContainText('Wording v1. Answers: Yes, no injury · No, I was hurt at work');
  // With no break rules chosen, the "meal break missed" trigger says it would never ask.
  await expect(meal.getByText('The break and rest rules above are None, so this never asks: choose rules first.')).toBeVisible();
  await injury.getByRole('checkbox', { name: 'At every clock-off' }).click();
  await expect(card.getByText('Questions at clock-off saved. The kiosks ask them from now on.')).toBeVisible();
  await expect(injury.getByRole('checkbox', { name: 'At every clock-off' })).toBeChecked();
  await meal.getByRole('checkbox', { name: 'When the shift lasted more than 6 h' }).click();
  const hours = meal.getByLabel('Hours for “Did you get your meal break?”');
  await expect(meal.getByRole('checkbox', { name: 'When the shift lasted more than 6 h' })).toBeChecked();
  await expect(hours).toHaveValue('6');
  await hours.fill('25');
  await hours.blur();
  await expect(meal.getByText('Enter a number of hours from 0 to 24.')).toBeVisible();
  await hours.fill('4');
  await hours.blur();
  await expect(meal.getByRole('checkbox', { name: 'When the shift lasted more than 4 h' })).toBeChecked();
  const stored = async () => AttestationSettingsModel.parse(await (await request.get(`${business}/attestationsettings`, { headers: apiKeyAuth(demo.apiKey) })).json());
  await expect.poll(stored).toEqual({
    rules: [
      { question: 'Injury', askWhen: 'Always', hours: 0 },
      { question: 'MealBreak', askWhen: 'ShiftLongerThan', hours: 4 },
    ],
  });
  await card.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'attestation-settings', { ready: () => expect(card).toBeVisible() });
  await manager.exit();

  // ---- two people clock on together -----------------------------------------------------------------
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const [short, long] = await peopleOffShift(kiosk, demo, 2);
  await clocks.set(new Date(Date.parse(CLOCK_ON) + 10_000));
  for (const person of [short!, long!]) await kiosk.clockOnAsIs(person);

  // ---- 3 hours on: the injury question only --------------------------------------------------------
  await clocks.forward(3 * HOUR);
  await kiosk.signIn(fullName(short!), short!.pin);
  await kiosk.choose('clockOff');
  await expect(page.getByTestId('attest-Injury')).toBeVisible();
  await expect(page.getByTestId('attest-MealBreak')).toHaveCount(0);
  await page.getByTestId('attest-Injury').getByRole('radio', { name: 'Yes, no injury' }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();

  // ---- 4 hours and a minute on: both, in the order the manager chose -------------------------------
  await clocks.forward(HOUR + MINUTE);
  await kiosk.signIn(fullName(long!), long!.pin);
  await kiosk.choose('clockOff');
  await expect(page.getByTestId('attest-MealBreak')).toBeVisible();
  const asked = page.locator('[data-testid="attest-Injury"], [data-testid="attest-MealBreak"]');
  expect(await asked.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')))).toEqual(['attest-Injury', 'attest-MealBreak']);
  await page.getByTestId('attest-Injury').getByRole('radio', { name: 'Yes, no injury' }).check();
  await page.getByTestId('attest-MealBreak').getByRole('radio', { name: 'Yes', exact: true }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await kiosk.waitForSync(60_000);

  const answersOf = async (employeeId: number) => {
    const res = await request.get(`${business}/attestations`, { headers: apiKeyAuth(demo.apiKey) });
    expect(res.status(), await res.text()).toBe(200);
    return AttestationModel.array()
      .parse(await res.json())
      .filter((a) => a.employeeId === employeeId)
      .map((a) => a.answers);
  };
  await expect.poll(() => answersOf(short!.employeeId), { timeout: 30_000 }).toEqual([[{ question: 'Injury', version: 1, answer: 'NoInjury' }]]);
  await expect.poll(() => answersOf(long!.employeeId), { timeout: 30_000 }).toEqual([
    [
      { question: 'Injury', version: 1, answer: 'NoInjury' },
      { question: 'MealBreak', version: 1, answer: 'Yes' },
    ],
  ]);
});

test("a manager gives a location its own break rules and questions, which a location under it inherits; the business's stay as they were", async ({ page, request, ownService: service }) => {
  test.setTimeout(180_000);
  const demo = service.demo;
  const headers = apiKeyAuth(demo.apiKey);
  const business = `${service.baseURL}/api/v2/business/${demo.businessId}`;
  const counter = demo.counterKiosk;
  if (!counter) throw new Error('demo.json has no counter kiosk');
  const { locationId } = (await (await request.get(`${business}/kiosk/${counter.kioskId}`, { headers })).json()) as { locationId: number };
  const { name } = (await (await request.get(`${business}/location/${locationId}`, { headers })).json()) as { name: string };
  const businessRules = async () => ({
    breakRules: BreakRulesModel.parse(await (await request.get(`${business}/breakrules`, { headers })).json()),
    attestations: AttestationSettingsModel.parse(await (await request.get(`${business}/attestationsettings`, { headers })).json()),
  });
  const before = await businessRules();
  // A till under the counter, with no rules of its own: it inherits the counter's.
  const till = await request.post(`${business}/location`, { headers, data: { name: 'Counter till', parentId: locationId } });
  expect(till.status(), await till.text()).toBe(200);

  await new KioskPage(page).enrol(service.baseURL, demo, 'Location rules settings tablet');
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Settings');
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1);
  const card = page.getByRole('region', { name: 'Rules per location' });
  await card.getByLabel('Location', { exact: true }).selectOption({ label: name });
  const breakRules = card.getByRole('group', { name: 'Break and rest rules here' });
  await expect(breakRules.getByRole('radio', { name: 'Same as the location above, else the business' })).toBeChecked();
  await breakRules.getByRole('radio', { name: 'California' }).click();
  await expect(card.getByText(`Saved for ${name}. The kiosks follow it from now on.`)).toBeVisible();
  await expect(breakRules.getByRole('radio', { name: 'California' })).toBeChecked();
  await card.getByRole('group', { name: 'Questions at clock-off here' }).getByRole('radio', { name: 'Its own questions' }).click();
  const meal = card.getByTestId('attest-setting-MealBreak');
  await expect(meal.getByText('Under the break and rest rules above: California.')).toBeVisible();
  await meal.getByRole('checkbox', { name: 'When a meal break was missed' }).click();
  await expect(meal.getByRole('checkbox', { name: 'When a meal break was missed' })).toBeChecked();
  const stored = async () => LocationRulesModel.parse(await (await request.get(`${business}/location/${locationId}/rules`, { headers })).json());
  await expect.poll(stored).toEqual({
    locationId,
    // The card saves the whole setting: no minimum rest of its own (null: the profile's).
    breakRules: { profile: 'CA', blockShortRest: false, minimumRestMinutes: null },
    attestations: { rules: [{ question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 }] },
  });
  expect(await businessRules()).toEqual(before);
  await card.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'location-rules-settings', { ready: () => expect(card).toBeVisible() });

  // The till keeps the counter's profile: its own questions' "meal break missed" names California.
  await card.getByLabel('Location', { exact: true }).selectOption({ label: 'Counter till' });
  await expect(breakRules.getByRole('radio', { name: 'Same as the location above, else the business' })).toBeChecked();
  await card.getByRole('group', { name: 'Questions at clock-off here' }).getByRole('radio', { name: 'Its own questions' }).click();
  await expect(card.getByText('Saved for Counter till. The kiosks follow it from now on.')).toBeVisible();
  await expect(meal.getByText('Under the break and rest rules above: California.')).toBeVisible();
});

test('a manager writes the wording of a question; the kiosk asks it, offline too, and Timesheets shows the words the person saw', async ({ page, context, request, ownService: service, attestClocks: clocks }) => {
  test.setTimeout(300_000);
  const demo = service.demo;
  const headers = apiKeyAuth(demo.apiKey);
  const business = `${service.baseURL}/api/v2/business/${demo.businessId}`;
  const asked = await request.post(`${business}/attestationsettings`, { headers, data: { rules: [{ question: 'MealBreak', askWhen: 'Always', hours: 0 }] } });
  expect(asked.status(), await asked.text()).toBe(200);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'Attestation wording tablet');

  // ---- the manager writes the question and one answer in the business's words ----------------------
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Settings');
  const card = page.getByRole('region', { name: 'Questions at clock-off' });
  await card.getByTestId('attest-wording-edit-MealBreak').click();
  const editor = card.getByTestId('attest-wording-MealBreak');
  await expect(editor.getByLabel('Question')).toHaveValue('Did you get your meal break?');
  await editor.getByLabel('Question').fill('   ');
  await editor.getByTestId('attest-wording-save-MealBreak').click();
  await expect(editor.getByText('Write some words here.')).toBeVisible();
  await editor.getByLabel('Question').fill('Did you take your lunch break?');
  await editor.getByLabel('Answer for “No, I wasn\'t able to”').fill('No, too busy to stop');
  await expect(editor.getByText('Reports a missed break: the line waits for you, whatever the words.')).toHaveCount(2);
  await editor.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'attestation-wording-editor', { ready: () => expect(editor).toBeVisible() });
  await editor.getByTestId('attest-wording-save-MealBreak').click();
  await expect(card.getByText('Saved as wording v2. The kiosks ask it from now on.')).toBeVisible();
  const meal = card.getByTestId('attest-setting-MealBreak');
  await expect(meal.getByRole('group', { name: /^Did you take your lunch break\?/ })).toContainText('Your wording v2. Answers: Yes · No, too busy to stop · No, I chose to skip it');
  await manager.exit();

  // ---- two people on shift; one clocks off online, one offline while a manager words it again -------
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const [online, offline] = await peopleOffShift(kiosk, demo, 2);
  // The next day: the file's service is shared, and the first test's people may have worked the 10th.
  const onAt = Date.parse(CLOCK_ON) + 24 * HOUR + 10_000;
  await clocks.set(new Date(onAt));
  for (const person of [online!, offline!]) await kiosk.clockOnAsIs(person);
  await clocks.forward(2 * HOUR);

  await kiosk.signIn(fullName(online!), online!.pin);
  await kiosk.choose('clockOff');
  const question = page.getByTestId('attest-MealBreak');
  await expect(question.getByRole('group', { name: 'Did you take your lunch break?' })).toBeVisible();
  await reviewScreen(page, 'attestation-own-wording');
  await question.getByRole('radio', { name: 'No, too busy to stop' }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();

  await context.setOffline(true);
  await kiosk.signIn(fullName(offline!), offline!.pin);
  await kiosk.choose('clockOff');
  await expect(question.getByRole('group', { name: 'Did you take your lunch break?' })).toBeVisible();
  await question.getByRole('radio', { name: 'No, too busy to stop' }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  // Meanwhile a manager words it again: the queued answer keeps the version it was given under.
  const again = await request.post(`${business}/attestationwording`, {
    headers,
    data: {
      question: 'MealBreak',
      text: 'Lunch break taken?',
      answers: [
        { answer: 'Yes', text: 'Yes' },
        { answer: 'NotAble', text: 'No' },
        { answer: 'ChoseToSkip', text: 'Skipped' },
      ],
    },
  });
  expect(again.status(), await again.text()).toBe(200);
  await context.setOffline(false);
  await kiosk.waitForSync(60_000);

  const answersOf = async (employeeId: number) => {
    const res = await request.get(`${business}/attestations`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return AttestationModel.array()
      .parse(await res.json())
      .filter((a) => a.employeeId === employeeId && Date.parse(a.clockOffUtc) > onAt);
  };
  const said = [{ question: 'MealBreak', version: 2, answer: 'NotAble', questionText: 'Did you take your lunch break?', answerText: 'No, too busy to stop' }];
  for (const person of [online!, offline!]) await expect.poll(async () => (await answersOf(person.employeeId)).map((a) => a.answers), { timeout: 30_000 }).toEqual([said]);
  const [recorded] = await answersOf(online!.employeeId);
  expect(recorded).toMatchObject({ reportsMissedBreak: true });

  // ---- Timesheets shows the words the person saw, not today's ----------------------------------------
  await manager.signIn();
  await manager.goTo('Timesheets');
  const line = page.locator(`[data-testid="timesheet-line"][data-line-id="${recorded?.timesheetLineId ?? 0}"]`);
  await expect(line.getByTestId('line-attestation')).toHaveText('Did you take your lunch break? No, too busy to stop (wording v2)');
  await expect(line.getByTestId('missed-break')).toHaveText('Missed break reported');
  await line.scrollIntoViewIfNeeded();
  await reviewScreen(page, 'attestation-own-wording-timesheets');
});
