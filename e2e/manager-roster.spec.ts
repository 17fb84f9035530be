/**
 * Manager mode's Roster and Timesheets tabs against the shared service: a
 * manager rosters a shift and sees it; the board says who arrived late, is due, running late or
 * absent; the week's timesheet lines put a forgotten clock-off (sent as the kiosk device sends it)
 * first, rounded by the business's rules beside its raw punches; the manager accepts it, edits and
 * approves lines, and exports the approved week as CSV (the rounding rules are restored after).
 * Both tabs are captured in both orientations, checked with axe and for touch targets of 44 px.
 * Names are unique per run: the shared service keeps its data across specs.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIResponse, Page } from '@playwright/test';
import { TIMESHEET_EXPORT_COLUMNS } from '../src/contract/routes/timesheets';
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { expect, test } from './support/fixtures';
import { ServiceApi } from './support/serviceApi';

const ZONE = 'Europe/London';
/** Where the tablet's and the service's clocks start: a Wednesday, 11:00 in London (BST). */
const MID_MORNING = '2026-06-10T10:00:00Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Date (YYYY-MM-DD) and time (HH:MM) of an instant on a London wall clock, as form inputs take them. */
function londonWallClock(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An instant as the app writes times (the business's en-GB locale, kiosk zone), e.g. 00:00 or 19:15: two-digit hours. */
const shown = (instant: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(instant);

/** Every visible control of the manager panel is at least 44 px each way (tablet touch targets). */
async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.locator('[role="tabpanel"] :is(button, select, input, textarea)').evaluateAll((elements) =>
    elements
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => ({ what: `${e.tagName} ${e.getAttribute('aria-label') ?? e.textContent ?? ''}`.trim(), box: e.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ what, box }) => `${what} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
  expect(small, 'controls smaller than 44 px').toEqual([]);
}

/** Nothing of the page is wider than the viewport (no sideways scrolling on a portrait tablet). */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test.describe('manager mode: roster and timesheets', () => {
  test('a manager rosters a shift and sees who arrived late, is due, running late or absent', async ({ page, demo, serviceURL, request, clocks }) => {
    test.setTimeout(120_000);
    // The board shows one local day, and this scenario's shifts start from two hours before now to
    // fifteen minutes after it: the tablet and the service run from mid-morning, whatever the hour
    // of the run (near midnight the shifts would rightly fall on two days).
    await clocks.set(MID_MORNING);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Roster e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const service = new ServiceApi(request, serviceURL, demo);
    const kiosk = await service.kiosk();
    await service.updateKiosk({ ...kiosk, clockOnWindowMinutes: 30 });
    try {
      // Whole minutes, so "15 min late" cannot become 14 by a stored millisecond.
      const now = Math.floor((await clocks.now()).getTime() / MINUTE) * MINUTE;
      const roster = (employeeId: number, start: number, hours: number) =>
        api.post(`${api.business}/rostershift?publish=true`, {
          employeeId,
          locationId: kiosk.locationId,
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + hours * HOUR).toISOString(),
        });
      const late = await api.addPerson('Latecomer');
      const running = await api.addPerson('Running');
      const absent = await api.addPerson('Absent');
      const due = await api.addPerson('Due');
      await roster(late.employeeId, now - 20 * MINUTE, 6);
      const lateShift = await api.clockOn(late.employeeId, new Date(now - 5 * MINUTE).toISOString());
      await roster(running.employeeId, now - 10 * MINUTE, 6);
      await roster(absent.employeeId, now - 2 * HOUR, 6);

      const popUp = await api.post<{ id: number; name: string }>(`${api.business}/location`, { name: `Pop-up ${Date.now().toString(36)}`, isGlobal: true });

      await manager.signIn();
      await manager.goTo('Roster');
      await expect(manager.rosterRow(late.name)).toHaveAttribute('data-attendance', 'arrived');
      await expect(manager.rosterRow(late.name)).toContainText('15 min late');
      await expect(manager.rosterRow(running.name)).toHaveAttribute('data-attendance', 'overdue');
      await expect(manager.rosterRow(absent.name)).toHaveAttribute('data-attendance', 'absent');
      await expect(manager.rosterRow(absent.name)).toContainText('Absent');

      // The manager rosters the fourth person, starting in 15 minutes; the form checks the times first.
      await page.getByRole('button', { name: 'Add a shift' }).click();
      const form = page.getByRole('region', { name: 'Add a shift' });
      const startAt = new Date(now + 15 * MINUTE);
      const endAt = new Date(startAt.getTime() + 4 * HOUR);
      const laterAt = new Date(startAt.getTime() + 5 * HOUR);
      const start = londonWallClock(startAt);
      const end = londonWallClock(endAt);
      await form.getByLabel('Person').selectOption({ label: due.name });
      await form.getByLabel('Date').fill(start.date);
      await form.getByLabel('Start time').fill(start.time);
      await form.getByLabel('End time').fill(start.time);
      await form.getByRole('button', { name: 'Add shift' }).click();
      await expect(form.getByText('The shift must end after it starts.')).toBeVisible();
      await expect(form.getByLabel('End time')).toHaveAttribute('aria-invalid', 'true');
      await manager.capture('manager-roster-form', () => expect(form).toBeVisible());

      // A location removed while the form was open: the service's field error lands on Location.
      await form.getByLabel('End time').fill(end.time);
      await expect(form.getByLabel('Location').locator('option', { hasText: popUp.name })).toHaveCount(1);
      await form.getByLabel('Location').selectOption({ label: popUp.name });
      await service.remove('location', popUp.id);
      await form.getByRole('button', { name: 'Add shift' }).click();
      await expect(form.getByText(`Location ${popUp.id} does not exist.`)).toBeVisible();
      await expect(form.getByLabel('Location')).toHaveAttribute('aria-invalid', 'true');

      await form.getByLabel('Location').selectOption({ label: 'Bakery floor' });
      await form.getByRole('button', { name: 'Add shift' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Shift rostered for ${due.name}` })).toBeVisible();
      await expect(manager.rosterRow(due.name)).toHaveAttribute('data-attendance', 'due');
      await expect(manager.rosterRow(due.name)).toContainText(`${shown(startAt)}–${shown(endAt)}`);
      await expect(page.getByTestId('roster-counts')).toContainText(/\d+ due/);
      await manager.capture('manager-roster', async () => {
        await expect(manager.rosterRow(absent.name)).toBeVisible();
        await expectNoOverflow(page);
        await expectTouchTargets(page);
      });

      // Edit: the shift ends an hour later, and the service stored it.
      await manager.rosterRow(due.name).getByRole('button', { name: /^Edit the shift of / }).click();
      const editForm = page.getByRole('region', { name: `Change the shift of ${due.name}` });
      await expect(editForm.getByLabel('Start time')).toHaveValue(start.time);
      const later = londonWallClock(laterAt);
      await editForm.getByLabel('End time').fill(later.time);
      await editForm.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Shift of ${due.name} changed` })).toBeVisible();
      await expect(manager.rosterRow(due.name)).toContainText(`${shown(startAt)}–${shown(laterAt)}`);
      const stored = await api.get<Array<{ employeeId: number; endTime: string }>>(
        `${api.business}/rostershift?FromDate=${start.date}&ToDate=${later.date}&SelectedEmployees=${due.employeeId}&SelectAllRoles=true`,
      );
      expect(stored.map((s) => s.endTime.slice(11, 16))).toEqual([later.time]);

      // The week is a people x days grid: a row per person, a column per day, each shift in its cell.
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      const grid = page.getByTestId('roster-grid');
      await expect(grid.getByRole('columnheader')).toHaveCount(8);
      const dueRow = grid.getByTestId('roster-grid-row').filter({ hasText: due.name });
      await expect(dueRow.getByTestId('roster-grid-shift')).toHaveCount(1);
      await expect(dueRow.getByTestId('roster-grid-shift')).toContainText(`${shown(startAt)}–${shown(laterAt)}`);
      await expect(dueRow.getByTestId('roster-grid-shift')).toHaveAttribute('data-attendance', 'due');
      await expect(grid.getByTestId('roster-grid-row').filter({ hasText: absent.name }).getByTestId('roster-grid-shift')).toHaveAttribute('data-attendance', 'absent');
      await manager.capture('manager-roster-week', async () => {
        await expect(grid).toBeVisible();
        await expectNoOverflow(page);
        await expectTouchTargets(page);
      });
      // An empty day of a person's row adds a shift for them on that day; their shift opens for editing.
      const emptyDay = dueRow.getByRole('button', { name: new RegExp(`^Add a shift for ${due.name} on `) }).first();
      await emptyDay.click();
      const addForm = page.getByRole('region', { name: 'Add a shift' });
      await expect(addForm.getByLabel('Person')).toHaveValue(String(due.employeeId));
      await addForm.getByRole('button', { name: 'Cancel' }).click();
      await dueRow.getByTestId('roster-grid-shift').click();
      await expect(page.getByRole('region', { name: `Change the shift of ${due.name}` }).getByLabel('Start time')).toHaveValue(start.time);
      await page.getByRole('region', { name: `Change the shift of ${due.name}` }).getByRole('button', { name: 'Cancel' }).click();
      await api.post(`${api.kiosk}/discard`, { employeeId: late.employeeId });
      expect(lateShift).toBeGreaterThan(0);
    } finally {
      await service.updateKiosk(kiosk);
    }
  });

  test('timesheets: a forgotten clock-off first, accept it, edit and approve lines, export the approved week, Processed is read-only', async ({ page, demo, serviceURL, request, clocks }) => {
    test.setTimeout(120_000);
    // The lines start up to 14 hours back: from mid-morning on a Wednesday they stay in this week.
    await clocks.set(MID_MORNING);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Timesheets e2e tablet');
    const manager = new ManagerMode(page, demo);
    const api = new DemoApi(request, serviceURL, demo);
    const device = await api.enrolDevice('Timesheets e2e second tablet');
    const asDevice = (path: string, data: unknown, key: string = randomUUID()) =>
      request.post(`${api.kiosk}/${path}`, { headers: { authorization: `Bearer ${device.token}`, 'idempotency-key': key }, data });

    // The business rounds kiosk lines (start up, end down, to 15 minutes) while this test runs.
    type Rules = Record<string, unknown>;
    const rules = await api.get<Rules>(`${api.business}/roundingrules`);
    await api.post(`${api.business}/roundingrules`, { ...rules, shiftStartRounding: 'RoundUp', shiftStartRoundingMinutes: 15, shiftEndRounding: 'RoundDown', shiftEndRoundingMinutes: 15 });
    try {
      await timesheetsFlow(page, manager, api, asDevice, (await clocks.now()).getTime());
    } finally {
      await api.post(`${api.business}/roundingrules`, rules);
    }
  });

  test('the Roster and Timesheets tabs speak Spanish, and every tab label fits its tab', async ({ page, demo, serviceURL }) => {
    test.setTimeout(90_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Roster e2e tablet');
    const manager = new ManagerMode(page, demo);
    await page.getByRole('button', { name: 'Language: Español' }).click();
    await page.getByRole('button', { name: 'Encargado', exact: true }).click();
    await page.getByLabel('Correo electrónico').fill(demo.manager.username);
    await page.getByLabel('Contraseña').fill(demo.manager.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('tab', { name: 'Cuadrante' }).click();
    await expect(page.getByRole('heading', { name: /^Hoy, / })).toBeVisible();
    const labelsFit = async () => {
      const clipped = await page.getByRole('tab').evaluateAll((tabs) => tabs.filter((tab) => tab.scrollWidth > tab.clientWidth).map((tab) => tab.textContent));
      expect(clipped, 'tab labels wider than their tab').toEqual([]);
      await expectNoOverflow(page);
    };
    await manager.capture('manager-roster-spanish', labelsFit);
    await page.getByRole('tab', { name: 'Horas' }).click();
    await expect(page.getByRole('button', { name: 'Exportar aprobadas (CSV)' })).toBeVisible();
    await manager.capture('manager-timesheets-spanish', labelsFit);
  });
});

type DeviceCall = (path: string, data: unknown, key?: string) => Promise<APIResponse>;

/** The Timesheets test's body: arrange a plain line and a forgotten clock-off, then act as the manager. */
async function timesheetsFlow(page: Page, manager: ManagerMode, api: DemoApi, asDevice: DeviceCall, now: number): Promise<void> {
  // One complete shift on whole quarter hours (a plain line rounding leaves alone) and one
  // forgotten clock-off at 7 past, sent as the kiosk device sends it.
  const QUARTER = 15 * MINUTE;
  const plain = await api.addPerson('Plain');
  const start = new Date(Math.floor((now - 3 * HOUR) / QUARTER) * QUARTER);
  await api.post(`${api.kiosk}/addshift`, {
    employeeId: plain.employeeId,
    recordedStartTimeUtc: start.toISOString(),
    recordedEndTimeUtc: new Date(start.getTime() + 2 * HOUR).toISOString(),
    isAdminInitiated: true,
  });
  const forgot = await api.addPerson('Forgot');
  const clockOnAt = new Date(Math.floor((now - 14 * HOUR) / QUARTER) * QUARTER + 7 * MINUTE);
  expect((await asDevice('clockon', { employeeId: forgot.employeeId, recordedTimeUtc: clockOnAt.toISOString() })).status()).toBe(200);
  const punchKey = randomUUID();
  const clockOff = new Date(now - MINUTE).toISOString();
  expect((await asDevice('clockoff', { employeeId: forgot.employeeId, recordedTimeUtc: clockOff }, punchKey)).status()).toBe(200);
  const stated = new Date(clockOnAt.getTime() + 8 * HOUR);
  const submitted = await asDevice('shiftcorrections', {
    employeeId: forgot.employeeId,
    punchKey,
    clockOffRecordedTimeUtc: clockOff,
    statedFinishUtc: stated.toISOString(),
    suggestedBy: 'typed',
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const correction = (await submitted.json()) as { id: number; timesheetLineId: number };

  await manager.signIn();
  await manager.goTo('Timesheets');
  await expect(manager.correction(forgot.name)).toBeVisible();
  const forgotLine = manager.timesheetLine(forgot.name);
  await expect(forgotLine).toHaveAttribute('data-line-id', String(correction.timesheetLineId));
  await expect(forgotLine).toContainText('Forgotten clock-off');
  // The line is rounded (7 past up to the quarter); the raw punch is shown beside it.
  await expect(forgotLine).toContainText(`${londonWallClock(new Date(clockOnAt.getTime() + 8 * MINUTE)).time}–`);
  await expect(forgotLine).toContainText(`Punched ${londonWallClock(clockOnAt).time}–`);
  // Flagged lines come first in the list (an earlier test may have left another one this week).
  await expect(forgotLine).toHaveAttribute('data-flagged', 'true');
  const flags = await page.getByTestId('timesheet-line').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-flagged')));
  expect(flags.indexOf('false') === -1 || flags.lastIndexOf('true') < flags.indexOf('false'), `flagged first: ${flags.join(',')}`).toBe(true);
  const plainLine = manager.timesheetLine(plain.name);
  await expect(plainLine).toHaveAttribute('data-status', /Submitted|Approved/);
  await expect(plainLine).toContainText(londonWallClock(start).time);
  await manager.capture('manager-timesheets', async () => {
    await expect(manager.correction(forgot.name)).toBeVisible();
    await expectNoOverflow(page);
    await expectTouchTargets(page);
  });

  // Accept the stated finish (asked twice): the line now ends then.
  await manager.correction(forgot.name).getByRole('button', { name: /^Accept: / }).click();
  await manager.correction(forgot.name).getByRole('button', { name: 'Yes, accept' }).click();
  await expect(manager.correction(forgot.name)).toHaveCount(0);
  await expect(forgotLine).toContainText(`${londonWallClock(new Date(clockOnAt.getTime() + 8 * MINUTE)).time}–${londonWallClock(new Date(stated.getTime() - 7 * MINUTE)).time}`);
  await expect(forgotLine).not.toContainText('Forgotten clock-off');

  // Edit the plain line's end, then approve both.
  await plainLine.getByRole('button', { name: /^Edit: / }).click();
  const newEnd = londonWallClock(new Date(start.getTime() + 90 * MINUTE)).time;
  await plainLine.getByLabel('End time').fill(newEnd);
  await manager.capture('manager-timesheets-edit', () => expect(plainLine.getByRole('button', { name: 'Save changes' })).toBeVisible());
  await plainLine.getByRole('button', { name: 'Save changes' }).click();
  await expect(plainLine).toContainText(`–${newEnd}`);
  for (const line of [plainLine, forgotLine]) {
    if ((await line.getAttribute('data-status')) !== 'Approved') await line.getByRole('button', { name: /^Approve: / }).click();
    await expect(line).toHaveAttribute('data-status', 'Approved');
  }

  // Export: a CSV named after the week, with the documented header and the approved line.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export approved (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^timesheets-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toBe(TIMESHEET_EXPORT_COLUMNS.join(','));
  const plainId = await plainLine.getAttribute('data-line-id');
  const row = rows.find((r) => r.includes(`,Approved,${plainId},`));
  expect(row, `a row for line ${plainId}`).toBeDefined();
  expect(row).toContain(plain.name);
  expect(row).toContain(`,${londonWallClock(start).time},${newEnd},`);
  expect(row).toContain(',Approved,');

  // Once in a pay run (Processed), the line is read-only: no decisions, no edit.
  const stored = await api.get<{ id: number }>(`${api.business}/timesheet/${plainId}`);
  await api.put(`${api.business}/timesheet/${plainId}`, { ...stored, status: 'Processed' });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(plainLine).toHaveAttribute('data-status', 'Processed');
  await expect(plainLine).toContainText('In a pay run: read-only');
  // Only reading is left: the line's history, no decision and no edit.
  await expect(plainLine.getByRole('button')).toHaveText(['History']);
}
