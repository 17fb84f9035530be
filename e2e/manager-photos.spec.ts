/**
 * The business's punch-photo policy in manager mode's Settings: how long photos are kept and who
 * may see them, saved at once; screenshots in both orientations with axe, in English and Spanish.
 */
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { expect, test } from './support/fixtures';

test('Settings keeps punch photos for the chosen time and says who may see them', async ({ page, demo, serviceURL, request }) => {
  test.setTimeout(120_000);
  const api = new DemoApi(request, serviceURL, demo);
  const policyUrl = `${api.business}/photopolicy`;
  const original = await api.get<Record<string, unknown>>(policyUrl);
  expect(original).toEqual({ retentionDays: 30, viewers: 'unrestrictedUsers' });
  await enrolDeviceThroughApi(page, serviceURL, demo, 'Photo settings e2e tablet');
  const manager = new ManagerMode(page, demo);
  try {
    await manager.signIn();
    await manager.goTo('Settings');
    const card = page.getByRole('region', { name: 'Punch photos' });
    const keep = card.getByRole('group', { name: 'Keep photos for' });
    await expect(keep.getByRole('radio', { name: '30 days' })).toBeChecked();
    await manager.capture('manager-photo-policy', async () => {
      await card.scrollIntoViewIfNeeded();
      await expect(card).toBeInViewport({ ratio: 0.5 });
    });

    await keep.getByRole('radio', { name: '14 days' }).click();
    await expect(card.getByText('Photo settings saved.')).toBeVisible();
    await card.getByRole('radio', { name: /Also kiosk managers/ }).click();
    await expect.poll(() => api.get<Record<string, unknown>>(policyUrl)).toEqual({ retentionDays: 14, viewers: 'kioskManagers' });
    await expect(keep.getByRole('radio', { name: '14 days' })).toBeChecked();
  } finally {
    await api.put(policyUrl, original);
  }
});
