/**
 * Badges against the real built service: a manager chooses how this kiosk accepts badges, prints a
 * badge (the sheet, and what printing keeps), and a simulated keyboard-wedge scanner on the staff
 * grid signs the person in without a PIN; a revoked badge is refused with nothing recorded; a scan
 * typed into the PIN step records nothing and enters no digits. Screens in both orientations,
 * axe-checked.
 */
import type { Page } from '@playwright/test';
import { KioskPage } from './pages/kiosk';
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { KioskStore } from './support/kioskStore';
import { expect, test } from './support/fixtures';

/**
 * A keyboard-wedge scanner: the token's keys and Enter as key events on whatever has the focus, in
 * one go (a scanner sends a key every few milliseconds; dispatching them in one task keeps that
 * true on a loaded machine too).
 */
async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.evaluate((keys) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...keys, 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    }
  }, [...text]);
}

test.describe('Badges', () => {
  // The demo kiosk is shared with the specs after these: back to following the business (PIN only).
  test.afterEach(async ({ request, serviceURL, demo }) => {
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: null });
  });

  test('printed, scanned by a wedge scanner on the names, refused once withdrawn, and ignored on another screen', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(180_000);
    const api = new DemoApi(request, serviceURL, demo);
    const grace = await api.addPerson('Grace');
    const ben = await api.addPerson('Ben');
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Badges e2e tablet');
    const manager = new ManagerMode(page, demo);
    const kiosk = new KioskPage(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/(checkpin|badgecheck|clockon)$/.test(new URL(r.url()).pathname)) sent.push(new URL(r.url()).pathname.split('/').at(-1) ?? '');
    });

    await manager.signIn();
    await manager.goTo('Badges');
    // This kiosk takes badges alone (the business stays PIN only).
    await page.getByLabel('At this kiosk').selectOption('badge');
    await expect(page.getByText('Saved. The tablets use it from their next refresh.')).toBeVisible();
    expect(await api.get<{ mode: string }>(`${api.kiosk}/badgesettings`)).toEqual({ mode: 'badge' });
    expect(await api.get<{ mode: string }>(`${api.business}/badgesettings`)).toEqual({ mode: 'pin' });
    const graceRow = page.getByTestId('badge-person').filter({ hasText: grace.name });
    await expect(graceRow).toContainText('No badge');
    await manager.capture('manager-badges', () => expect(graceRow).toBeVisible());

    // Print Grace's badge: the token is in the answer (and on the sheet) only.
    await graceRow.getByRole('checkbox', { name: `Choose ${grace.name}` }).check();
    const issued = page.waitForResponse((r) => r.url().endsWith(`/kiosk/${demo.kioskId}/badges`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Print a badge for 1 person' }).click();
    await page.getByRole('dialog', { name: 'Print new badges?' }).getByRole('button', { name: 'Print a badge for 1 person' }).click();
    const [badge] = (await (await issued).json()) as Array<{ token: string; badgeId: number; employeeId: number }>;
    expect(badge!.employeeId).toBe(grace.employeeId);
    const sheet = page.getByRole('dialog', { name: 'Badges to print' });
    const card = sheet.getByTestId('badge-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(grace.name);
    await expect(card).toContainText('Scan at the kiosk to clock on');
    await expect(card.getByRole('img', { name: `Badge code of ${grace.name}` })).toBeVisible();
    await manager.capture('badge-sheet', () => expect(card.getByRole('img')).toBeVisible());
    // On paper: the cards alone, none of manager mode around them.
    await page.emulateMedia({ media: 'print' });
    await expect(card).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Badges' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await sheet.getByRole('button', { name: 'Done' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(graceRow).toContainText(/Badge since/);
    await manager.exit();

    // The scanner on the names: Grace is in, with no PIN asked.
    await wedgeScan(page, badge!.token);
    await kiosk.expectActions('Grace');
    expect(sent).toEqual(['badgecheck']);
    // Signed in by badge alone, there is no PIN to change from.
    await expect(kiosk.actions().getByRole('button', { name: 'Change PIN' })).toHaveCount(0);
    await kiosk.choose('clockOn');
    // The demo kiosk offers a location and work type before clocking on.
    await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
    if (await kiosk.options().isVisible()) await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();

    // A scan typed into another screen (Ben's PIN pad) enters nothing and sends nothing.
    sent.length = 0;
    await kiosk.tapName(ben.name);
    await wedgeScan(page, badge!.token);
    await expect(page.getByTestId('badge-said')).toHaveAttribute('data-said', 'elsewhere');
    await kiosk.expectDigitsEntered(0);
    expect(sent).toEqual([]);
    await kiosk.main.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();

    // Withdrawn: the badge is refused, saying so, and nothing is recorded for Grace.
    await api.post(`${api.kiosk}/badges/${badge!.badgeId}/revoke`, {});
    // The tablet forgets it at its next refresh; until then a slow answer would let its kept verifier decide.
    await page.reload();
    const store = new KioskStore(page);
    await expect.poll(() => store.meta<{ badges: Array<{ badgeId: number }> }>('badges').then((kept) => kept?.badges.some((b) => b.badgeId === badge!.badgeId))).toBe(false);
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    sent.length = 0;
    await wedgeScan(page, badge!.token);
    await expect(page.getByTestId('badge-said')).toHaveAttribute('data-said', 'revoked');
    await expect(page.getByText('This badge no longer works. Use your newest badge, or tap your name and enter your PIN.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    expect(sent).toEqual(['badgecheck']);
    await kiosk.review('kiosk-badge-refused', page.getByTestId('badge-said'));
  });

  test("follows the kiosk's mode: PIN only asks nobody, badge then PIN opens the person's PIN pad", async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    const grace = await api.addPerson('Grace');
    const [badge] = await api.post<Array<{ token: string }>>(`${api.kiosk}/badges`, { employeeIds: [grace.employeeId] });
    // The demo kiosk may have a mode of its own from another test: PIN only, as the business.
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'pin' });
    await enrolDeviceThroughApi(page, serviceURL, demo, 'Badge modes e2e tablet');
    const store = new KioskStore(page);
    const keptMode = () => store.meta<{ mode: string }>('badges').then((kept) => kept?.mode ?? null);
    await expect.poll(keptMode).toBe('pin');
    const kiosk = new KioskPage(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/(checkpin|badgecheck)$/.test(new URL(r.url()).pathname)) sent.push(new URL(r.url()).pathname.split('/').at(-1) ?? '');
    });

    // PIN only (the default): the tablet knows it, says so and asks nobody.
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await wedgeScan(page, badge!.token);
    await expect(page.getByTestId('badge-said')).toHaveAttribute('data-said', 'badges-off');
    expect(sent).toEqual([]);

    // Badge then PIN: the badge opens Grace's PIN pad, and her PIN signs her in.
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge-then-pin' });
    await page.reload();
    await expect.poll(keptMode).toBe('badge-then-pin');
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await wedgeScan(page, badge!.token);
    await expect(kiosk.main.getByRole('heading', { name: `Hi ${grace.firstName}` })).toBeVisible();
    await kiosk.expectDigitsEntered(0);
    expect(sent).toEqual(['badgecheck']);
    await kiosk.enterPin(grace.pin);
    await kiosk.expectActions(grace.firstName);
    expect(sent).toEqual(['badgecheck', 'checkpin']);
  });
});
