/**
 * My hours at the kiosk, on a set clock (the tablet's and the service's together): a person opens
 * their own lines after the PIN, goes offline, disputes a line from the tablet's copy (the screen
 * says it is the tablet's copy; the dispute waits in the outbox), and back online it reaches the
 * manager's Timesheets, who replies. The manager then changes the line; at the person's next PIN
 * they are told, read "Your manager changed …: 07:00–11:00 → 07:00–10:30" and the reply, and
 * acknowledge both, which reaches the service and shows in the line's history on Timesheets; a
 * later change to the breaks alone reads "07:00–10:30, no break → 07:00–10:30, break 09:00–09:15
 * (15 min)". Each new screen is captured in both orientations and checked with axe. The service is
 * the test's own.
 */
import { toLocalDateTime } from '../src/domain/time';
import { KioskPage, kioskTime } from './pages/kiosk';
import { ManagerMode } from './pages/manager';
import { bothClocks, type Clocks } from './support/clocks';
import { expect, test as base } from './support/fixtures';
import { reviewScreen } from './support/screens';
import { apiKeyAuth, ServiceApi } from './support/serviceApi';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

const MINUTE = 60_000;
/** Thursday 26 November 2026, mid-morning: Tuesday's line is in this week. */
const NOW = '2026-11-26T10:00:00Z';
const START = '2026-11-24T07:00:00Z';
const END = '2026-11-24T11:00:00Z';
const EDITED_END = '2026-11-24T10:30:00Z';

const test = base.extend<{ hoursService: ServiceInstance<DemoFile>; hoursClocks: Clocks }>({
  hoursService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const service = await startService({ demo: true, label: 'my-hours', clockAt: new Date(Date.parse(NOW) - 20 * MINUTE) });
      try {
        await use(service);
      } finally {
        await service.stop();
      }
    },
    { timeout: 200_000 },
  ],
  hoursClocks: async ({ context, hoursService }, use) => {
    const clocks = bothClocks(context, hoursService.clock);
    await clocks.set(new Date(NOW));
    await use(clocks);
  },
  baseURL: async ({ hoursService }, use) => {
    await use(hoursService.baseURL);
  },
});

test('a dispute offline and online, the manager replies and changes the line, seen and acknowledged at the next PIN', async ({
  page,
  context,
  request,
  hoursService: service,
  hoursClocks: clocks,
}) => {
  test.setTimeout(300_000);
  const demo = service.demo;
  const api = new ServiceApi(request, service.baseURL, demo);
  const B = `${service.baseURL}/api/v2/business/${demo.businessId}`;
  const auth = apiKeyAuth(demo.apiKey);
  const zone = (await api.kiosk()).ianaTimeZone ?? 'Europe/London';
  // Someone of the test's own, with a kiosk line of Tuesday made from punches (no manager's change yet).
  const pin = '4826';
  const employeeId = await api.addStaff({ firstName: 'Rosa', surname: 'Quintero', email: null, mobileNumber: null, pin });
  const added = await request.post(`${B}/kiosk/${demo.kioskId}/addshift`, { headers: auth, data: { employeeId, recordedStartTimeUtc: START, recordedEndTimeUtc: END } });
  expect(added.status(), await added.text()).toBe(200);
  const [line] = await api.timesheetLines(employeeId);
  if (!line) throw new Error('the added shift wrote no line');
  const span = `${kioskTime(START, zone)}–${kioskTime(END, zone)}`;
  const editedSpan = `${kioskTime(START, zone)}–${kioskTime(EDITED_END, zone)}`;

  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'My hours tablet');
  const name = 'Rosa Quintero';

  // ---- online: My hours shows the line -----------------------------------------------------------
  await kiosk.signIn(name, pin);
  await kiosk.actions().getByTestId('open-my-hours').click();
  const screen = kiosk.main.locator('section[aria-labelledby="my-hours-title"]');
  const lineCard = screen.locator(`[data-testid="my-hours-line"][data-line-id="${line.id}"]`);
  await expect(lineCard).toContainText(span);
  await expect(lineCard).toContainText('Waiting for approval');
  await expect(screen.getByTestId('my-hours-offline')).toHaveCount(0);
  await kiosk.review('my-hours', lineCard);
  await screen.getByRole('button', { name: 'Back', exact: true }).click();
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();

  // ---- offline: the tablet's copy, said plainly; the dispute waits in the outbox -----------------
  await context.setOffline(true);
  await clocks.forward(5 * MINUTE);
  await kiosk.signIn(name, pin);
  await kiosk.actions().getByTestId('open-my-hours').click();
  await expect(screen.getByTestId('my-hours-offline')).toContainText('Offline: this is what this tablet last had');
  await expect(lineCard).toContainText(span);
  await kiosk.review('my-hours-offline', screen.getByTestId('my-hours-offline'));
  await lineCard.getByRole('button', { name: /^Something wrong with / }).click();
  const form = screen.getByTestId('dispute-form');
  await form.getByLabel(/What is wrong\?/).fill('I left at 10:30, not 11:00.');
  await kiosk.review('my-hours-dispute', form);
  await form.getByRole('button', { name: 'Send to my manager' }).click();
  await expect(lineCard).toContainText('You said: “I left at 10:30, not 11:00.”');
  await expect(lineCard).toContainText('Sent when the tablet is online.');
  await expect(kiosk.syncIndicator).toHaveAttribute('data-pending', '1');
  await screen.getByRole('button', { name: 'Back', exact: true }).click();
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();

  // ---- back online: it reaches the manager, who replies on Timesheets ----------------------------
  await context.setOffline(false);
  await kiosk.waitForSync(60_000);
  const open = await request.get(`${B}/linedisputes`, { headers: auth });
  const disputes = (await open.json()) as Array<{ id: number; employeeId: number; timesheetLineId: number; note: string }>;
  expect(disputes).toMatchObject([{ employeeId, timesheetLineId: line.id, note: 'I left at 10:30, not 11:00.' }]);
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Timesheets');
  const item = page.locator(`[data-testid="line-dispute"][data-dispute-id="${disputes[0]!.id}"]`);
  await expect(item).toContainText('I left at 10:30, not 11:00.');
  await expect(item).toContainText(span);
  await reviewScreen(page, 'manager-line-disputes', {
    ready: async () => {
      await item.scrollIntoViewIfNeeded();
      await expect(item.getByRole('button', { name: 'Reply and resolve' })).toBeInViewport();
    },
  });
  await item.getByLabel('Reply to Rosa Quintero').fill('Thanks, I have changed it to 10:30.');
  await item.getByRole('button', { name: 'Reply and resolve' }).click();
  await expect(item).toHaveCount(0);
  await manager.exit();

  // The manager changes the line (as through the timesheet routes): the person is to be told.
  const edited = await request.put(`${B}/timesheet/${line.id}`, {
    headers: auth,
    data: { employeeId, startTime: toLocalDateTime(new Date(START), zone), endTime: toLocalDateTime(new Date(EDITED_END), zone) },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  // ---- the next PIN: told, read, acknowledged -----------------------------------------------------
  await clocks.forward(30 * MINUTE);
  await kiosk.signIn(name, pin);
  const prompt = kiosk.actions().getByTestId('my-hours-prompt');
  await expect(prompt).toContainText('Your manager has 2 things in your hours for you to read.');
  await kiosk.review('my-hours-prompt', prompt);
  await prompt.getByRole('button', { name: 'My hours' }).click();
  const change = screen.getByTestId('line-change');
  await expect(change).toContainText(`: ${span} → ${editedSpan}`);
  await expect(change).toContainText(/^Your manager changed /);
  const reply = screen.getByTestId('dispute-reply');
  await expect(reply).toContainText('Your manager replied: “Thanks, I have changed it to 10:30.”');
  await expect(lineCard).toContainText(editedSpan);
  await expect(lineCard).toContainText('Changed by your manager');
  await kiosk.review('my-hours-to-read', screen.getByTestId('my-hours-to-read'));
  await change.getByRole('button', { name: 'OK', exact: true }).click();
  await reply.getByRole('button', { name: 'OK, got it' }).click();
  await expect(screen.getByTestId('my-hours-to-read')).toHaveCount(0);
  await kiosk.waitForSync(30_000);

  const history = await request.get(`${B}/timesheet/${line.id}/changes`, { headers: auth });
  expect(history.status(), await history.text()).toBe(200);
  const changes = (await history.json()) as Array<{ action: string; changedBy: string; acknowledgedUtc: string | null }>;
  expect(changes).toMatchObject([{ action: 'Changed' }]);
  expect(changes[0]!.acknowledgedUtc).not.toBeNull();
  const resolved = await request.get(`${B}/linedisputes?status=Resolved`, { headers: auth });
  const answered = (await resolved.json()) as Array<{ id: number; replySeenUtc: string | null }>;
  expect(answered.find((d) => d.id === disputes[0]!.id)?.replySeenUtc).not.toBeNull();
  // The manager reads the same record: the line's history, seen by the person.
  await screen.getByRole('button', { name: 'Back', exact: true }).click();
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
  await manager.signIn();
  await manager.goTo('Timesheets');
  const managerLine = page.locator(`[data-testid="timesheet-line"][data-line-id="${line.id}"]`);
  await managerLine.getByRole('button', { name: /^History: / }).click();
  const historyChange = managerLine.getByTestId('line-history-change');
  await expect(historyChange).toContainText(`changed ${span} → ${editedSpan}`);
  await expect(historyChange).toContainText('seen by the person');
  await reviewScreen(page, 'manager-line-history', {
    ready: async () => {
      await historyChange.scrollIntoViewIfNeeded();
      await expect(historyChange).toBeInViewport();
    },
  });
  await manager.exit();

  // The next PIN has nothing more to tell.
  await kiosk.signIn(name, pin);
  await expect(kiosk.actions().getByRole('button', { name: 'My hours' })).toBeVisible();
  await expect(kiosk.actions().getByTestId('my-hours-prompt')).toHaveCount(0);
  await kiosk.main.getByRole('button', { name: 'Not you?' }).click();

  // ---- a change to the breaks alone says what changed, not "07:00–10:30 → 07:00–10:30" ------------
  const breakStart = new Date(Date.parse(START) + 2 * 60 * MINUTE);
  const breakEnd = new Date(breakStart.getTime() + 15 * MINUTE);
  const withBreak = await request.put(`${B}/timesheet/${line.id}`, {
    headers: auth,
    data: {
      employeeId,
      startTime: toLocalDateTime(new Date(START), zone),
      endTime: toLocalDateTime(new Date(EDITED_END), zone),
      breaks: [{ startTime: toLocalDateTime(breakStart, zone), endTime: toLocalDateTime(breakEnd, zone) }],
    },
  });
  expect(withBreak.status(), await withBreak.text()).toBe(200);
  await clocks.forward(5 * MINUTE);
  await kiosk.signIn(name, pin);
  await expect(kiosk.actions().getByTestId('my-hours-prompt')).toContainText('Your manager has 1 thing in your hours for you to read.');
  await kiosk.actions().getByTestId('my-hours-prompt').getByRole('button', { name: 'My hours' }).click();
  const breaksChange = screen.getByTestId('line-change');
  await expect(breaksChange).toContainText(`: ${editedSpan}, no break → ${editedSpan}, break ${kioskTime(breakStart, zone)}–${kioskTime(breakEnd, zone)} (15 min)`);
  await kiosk.review('my-hours-breaks-change', breaksChange);
  await breaksChange.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(screen.getByTestId('my-hours-to-read')).toHaveCount(0);
});
