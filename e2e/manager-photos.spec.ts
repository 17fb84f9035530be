/**
 * The business's punch-photo policy in manager mode's Settings: how long photos are kept and who
 * may see them, saved at once, and the photo notice in the business's own words (saved with its
 * button; emptied, the kiosk's default again); screenshots in both orientations with axe.
 */
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { KioskStore } from './support/kioskStore';
import { expect, test } from './support/fixtures';

test('Settings keeps punch photos for the chosen time and says who may see them', async ({ page, demo, serviceURL, request }) => {
  test.setTimeout(120_000);
  const api = new DemoApi(request, serviceURL, demo);
  const policyUrl = `${api.business}/photopolicy`;
  const original = await api.get<Record<string, unknown>>(policyUrl);
  expect(original).toEqual({ retentionDays: 30, viewers: 'unrestrictedUsers', notice: null });
  const person = demo.staff[2];
  if (!person) throw new Error('the demo has fewer than three staff');
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
    await expect.poll(() => api.get<Record<string, unknown>>(policyUrl)).toEqual({ retentionDays: 14, viewers: 'kioskManagers', notice: null });
    await expect(keep.getByRole('radio', { name: '14 days' })).toBeChecked();

    // The notice: empty means the kiosk's default, which the card shows with the retention chosen.
    const notice = card.getByRole('textbox', { name: 'Photo notice' });
    await expect(notice).toHaveValue('');
    await card.getByText('The default notice').click();
    await expect(card.getByText('The photo is kept for 14 days and then deleted.', { exact: false })).toBeVisible();
    // Saved on leaving the field, as the card's other choices save at once: Settings keeps one Save.
    await expect(card.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    const words = 'We photograph each punch at the till and keep the photos 14 days. Ask Priya if you would rather not be photographed.';
    await notice.fill(`  ${words}  `);
    await notice.blur();
    await expect(card.getByText('Photo settings saved.')).toBeVisible();
    await expect.poll(() => api.get<Record<string, unknown>>(policyUrl)).toEqual({ retentionDays: 14, viewers: 'kioskManagers', notice: words });
    await manager.capture('manager-photo-notice', async () => {
      await notice.scrollIntoViewIfNeeded();
      await expect(notice).toBeInViewport();
    });
    await notice.fill('   ');
    await notice.blur();
    await expect.poll(() => api.get<Record<string, unknown>>(policyUrl)).toMatchObject({ notice: null });

    // No photos for one person: the switch says what it does, the service and this tablet's policy take it at once.
    const name = `${person.firstName} ${person.surname}`;
    await expect(card.getByRole('heading', { name: 'No photos for these people' })).toBeVisible();
    await expect(card.getByText('clocks in and out without a photo, at every kiosk', { exact: false })).toBeVisible();
    await expect(card.getByText('Nobody at this kiosk is exempt from photos.')).toBeVisible();
    await card.getByRole('searchbox', { name: 'Find a person', exact: true }).fill(person.surname);
    const noPhotos = card.getByRole('switch', { name: `No photos for ${name}` });
    await expect(noPhotos).toHaveAttribute('aria-checked', 'false');
    await noPhotos.click();
    await expect(card.getByText(`No more photos for ${name}.`)).toBeVisible();
    await expect(noPhotos).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => api.get<number[]>(`${api.business}/photoexemptions`)).toEqual([person.employeeId]);
    // Without the search, the exempt are listed.
    await card.getByRole('searchbox', { name: 'Find a person', exact: true }).fill('');
    await expect(card.getByTestId('photo-exempt-row')).toHaveCount(1);
    await expect(noPhotos).toHaveAttribute('aria-checked', 'true');
    const store = new KioskStore(page);
    await expect.poll(async () => (await store.meta<{ photoExemptEmployeeIds: number[] }>('policy'))?.photoExemptEmployeeIds).toEqual([person.employeeId]);
    await manager.capture('manager-photo-exemptions', async () => {
      await noPhotos.scrollIntoViewIfNeeded();
      await expect(noPhotos).toBeInViewport();
    });
    // Switched off, the person leaves the list of the exempt (a search finds them again).
    await noPhotos.click();
    await expect(card.getByText(`${name} is photographed again where a kiosk requires it.`)).toBeVisible();
    await expect(card.getByText('Nobody at this kiosk is exempt from photos.')).toBeVisible();
    await expect.poll(() => api.get<number[]>(`${api.business}/photoexemptions`)).toEqual([]);
  } finally {
    await api.put(policyUrl, original);
    await api.put(`${api.business}/employee/${person.employeeId}/photoexemption`, { exempt: false });
  }
});
