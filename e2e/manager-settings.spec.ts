/**
 * Settings and export in manager mode against the real built service: Settings is one form with
 * one Save, in plain words (no "language tag": the time and date style is chosen from a list with an
 * example), and that Save stores both the kiosk's settings and its tablets' preferences (the idle
 * screen delay and the step timeout among them); exporting a week with nothing approved says so
 * and downloads nothing. Screens in both orientations.
 */
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { expect, test } from './support/fixtures';

test.describe('settings and export', () => {
  test('Settings has one Save, in plain words, and it saves the kiosk and its tablets together', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    const original = await api.get<Record<string, unknown>>(api.kiosk);
    const originalPreferences = await api.get<Record<string, unknown>>(`${api.kiosk}/preferences`);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Settings e2e tablet');
    const manager = new ManagerMode(page, demo);
    try {
      await manager.signIn();
      await manager.goTo('Settings');
      await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1);
      await expect(page.getByText(/language tag/i)).toHaveCount(0);
      await expect(page.getByRole('switch', { name: 'Let people punch when their PIN cannot be checked' })).toBeVisible();
      const style = page.getByLabel('Time and date style');
      await expect(style.locator('option').first()).toHaveText('Automatic, from the business’s country and time zone');
      await expect(style.locator('option', { hasText: 'British English' })).toHaveText(/^British English: .*\d{2}:\d{2}$/);
      await manager.capture('manager-settings-one-save', () => expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible());

      const tablets = page.getByRole('region', { name: 'On the tablets' });
      await manager.capture('manager-settings-tablets', async () => {
        await style.scrollIntoViewIfNeeded();
        await expect(tablets).toBeInViewport({ ratio: 0.3 });
      });

      // One change on each side, one Save.
      await page.getByLabel('Clock-on window').fill('17');
      await style.selectOption('en-US');
      // The quiet-time settings ride on the same Save.
      const idleScreen = page.getByLabel('Idle screen after');
      await expect(idleScreen.locator('option').first()).toHaveText('Never');
      await idleScreen.selectOption({ label: '5 min' });
      await page.getByLabel('Back to the names after').selectOption({ label: '2 min' });
      await expect(page.getByText('You have unsaved changes.')).toBeVisible();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved. The kiosk uses them now.')).toBeVisible();
      await expect.poll(async () => (await api.get<{ clockOnWindowMinutes: number | null }>(api.kiosk)).clockOnWindowMinutes).toBe(17);
      const saved = () => api.get<{ locale: string | null; idleScreenSeconds: number; stepTimeoutSeconds: number }>(`${api.kiosk}/preferences`);
      await expect.poll(async () => (await saved()).locale).toBe('en-US');
      expect(await saved()).toMatchObject({ idleScreenSeconds: 300, stepTimeoutSeconds: 120 });
    } finally {
      await api.put(api.kiosk, original);
      await api.put(`${api.kiosk}/preferences`, originalPreferences);
    }
  });

  test('exporting a week with nothing approved says so and downloads nothing', async ({ page, demo, serviceURL }) => {
    test.setTimeout(90_000);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Export e2e tablet');
    const manager = new ManagerMode(page, demo);
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await manager.signIn();
    await manager.goTo('Timesheets');
    // A week long before the demo's data: no line, let alone an approved one.
    await page.getByLabel('Week of').fill('2020-01-08');
    await expect(page.getByTestId('timesheet-period')).toContainText('6 January to 12 January');
    await page.getByRole('button', { name: 'Export approved (CSV)' }).click();
    const notice = page.getByText('Nothing to export: no line in this week is approved yet. Approve lines first, then export.');
    await expect(notice).toBeVisible();
    await manager.capture('manager-export-empty', () => expect(notice).toBeVisible());
    expect(downloads).toBe(0);
  });
});
