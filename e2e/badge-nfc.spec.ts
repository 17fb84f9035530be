/**
 * NFC badges against the real built service, with Web NFC faked in the browser alone
 * (e2e/support/fakeNfc.ts: Chromium on Linux has no NDEFReader). A manager writes a badge the
 * service issued to a tag from the badge sheet (the tag gets the token as a text record; the
 * kiosk does not read tags meanwhile); held to the kiosk, the tag signs its person in online and
 * offline (the tablet's kept verifier); a tag that is no badge and a withdrawn badge are refused,
 * saying why, with nothing recorded. Unknown tags held to it offline count against the tablet, and
 * the manager sees them (and the lock they caused) in the device list. A tablet with no service
 * worker whose badge-check code cannot be fetched says badges need the network (never "checking" for
 * ever), and the next tag fetches it again. The kiosk's modes apply as to any badge (badge then PIN, PIN
 * only). A browser without Web NFC shows no NFC option and never loads the NFC code. Screens in
 * both orientations, axe-checked.
 */
import type { Page } from '@playwright/test';
import { FleetDeviceModel } from '../src/contract/routes/devices';
import { KioskPage } from './pages/kiosk';
import { DemoApi, ManagerMode } from './pages/manager';
import { enrolDeviceThroughApi } from './support/enrolDevice';
import { installFakeNfc } from './support/fakeNfc';
import { expectKeptBadgeMode, KioskStore } from './support/kioskStore';
import { expect, test } from './support/fixtures';
import { waitForServiceWorkerControl } from './support/serviceWorker';

/** The badge checks the page sends, and whether the NFC reader's code was fetched. */
function watchRequests(page: Page): { sent: string[]; nfcCode: string[] } {
  const seen = { sent: [] as string[], nfcCode: [] as string[] };
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/(checkpin|badgecheck|clockon)$/.test(path)) seen.sent.push(path.split('/').at(-1) ?? '');
    if (/\/NfcBadgeReader-[\w-]+\.js$/.test(path)) seen.nfcCode.push(path);
  });
  return seen;
}

test.describe('Badges on NFC tags', () => {
  // The demo kiosk is shared with the specs after these: back to following the business (PIN only).
  test.afterEach(async ({ request, serviceURL, demo }) => {
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: null });
  });

  test('written to a tag from the badge sheet, held to the kiosk it signs its person in online and offline; withdrawn, it is refused with nothing recorded', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(180_000);
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge' });
    const grace = await api.addPerson('Grace');
    const nfc = await installFakeNfc(page);
    const seen = watchRequests(page);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'NFC badges e2e tablet');
    await expectKeptBadgeMode(page, 'badge');
    const manager = new ManagerMode(page, demo);
    const kiosk = new KioskPage(page);
    const said = page.getByTestId('badge-said');

    // The names say a tag works, and the kiosk is reading tags.
    await expect(page.getByTestId('nfc-hint')).toHaveText('Badge with a chip? Hold it to the tablet.');
    await expect.poll(() => nfc.scanning()).toBe(1);
    await kiosk.review('kiosk-grid-nfc', page.getByTestId('nfc-hint'));

    // Manager mode: no tag is read there (writing one must sign nobody in).
    await manager.signIn();
    await expect.poll(() => nfc.scanning()).toBe(0);
    await manager.goTo('Badges');
    const graceRow = page.getByTestId('badge-person').filter({ hasText: grace.name });
    await graceRow.getByRole('checkbox', { name: `Choose ${grace.name}` }).check();
    const issued = page.waitForResponse((r) => r.url().endsWith(`/kiosk/${demo.kioskId}/badges`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Print a badge for 1 person' }).click();
    await page.getByRole('dialog', { name: 'Print new badges?' }).getByRole('button', { name: 'Print a badge for 1 person' }).click();
    const [badge] = (await (await issued).json()) as Array<{ token: string; badgeId: number }>;
    const sheet = page.getByRole('dialog', { name: 'Badges to print' });
    await expect(sheet.getByText('Print this page now, or write the codes to NFC tags.', { exact: false })).toBeVisible();

    // Writing: the sheet waits for a tag, and the tag gets the token as a text record, replacing what it held.
    const writer = sheet.getByTestId('badge-nfc');
    await sheet.getByRole('button', { name: `Write to an NFC tag for ${grace.name}` }).click();
    await expect(writer).toHaveAttribute('data-writing', 'holding');
    await expect(writer.getByText('Hold a tag to the back of the tablet…')).toBeVisible();
    await manager.capture('badge-sheet-nfc-writing', () => expect(writer.getByRole('button', { name: 'Stop writing' })).toBeVisible());
    expect(await nfc.writes()).toEqual([{ records: [{ recordType: 'text', lang: 'en', data: badge!.token }], overwrite: true }]);
    expect(await nfc.holdText(badge!.token)).toBe(0);
    expect(await nfc.finishWrite()).toBe(1);
    await expect(writer.getByText('Written. The tag works like the printed badge.')).toBeVisible();
    await manager.capture('badge-sheet-nfc-written', () => expect(writer.getByRole('button', { name: `Write to an NFC tag for ${grace.name}` })).toBeVisible());
    // Stopping a write waits for no tag and says nothing went wrong.
    await writer.getByRole('button', { name: `Write to an NFC tag for ${grace.name}` }).click();
    await writer.getByRole('button', { name: 'Stop writing' }).click();
    await expect(writer).toHaveAttribute('data-writing', 'idle');
    expect(await nfc.finishWrite()).toBe(0);
    // On paper: the cards alone, no NFC button.
    await page.emulateMedia({ media: 'print' });
    await expect(sheet.getByTestId('badge-card')).toBeVisible();
    await expect(writer).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await sheet.getByRole('button', { name: 'Done' }).click();
    await manager.exit();
    expect(seen.sent).toEqual([]);

    // The tag held to the kiosk: Grace is in, no PIN asked, checked by the service.
    await expect.poll(() => nfc.scanning()).toBe(1);
    expect(await nfc.holdText(badge!.token)).toBe(1);
    await kiosk.expectActions(grace.firstName);
    expect(seen.sent).toEqual(['badgecheck']);
    await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();

    // A tag that carries no badge: said, nothing sent.
    seen.sent.length = 0;
    await nfc.holdText('Shelf 4 · aisle B');
    await expect(said).toHaveAttribute('data-said', 'not-badge');
    await expect(said).toHaveAttribute('data-source', 'nfc');
    expect(seen.sent).toEqual([]);

    // Offline: the tablet's kept verifier lets Grace in.
    await page.context().setOffline(true);
    await nfc.holdText(badge!.token);
    await kiosk.expectActions(grace.firstName);
    await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await page.context().setOffline(false);

    // Withdrawn: once the tablet has refreshed, the service refuses the tag, saying so; nothing is recorded.
    const before = (await api.staffMember(grace.employeeId))?.status;
    await api.post(`${api.kiosk}/badges/${badge!.badgeId}/revoke`, {});
    await page.reload();
    const store = new KioskStore(page);
    await expect.poll(() => store.meta<{ badges: Array<{ badgeId: number }> }>('badges').then((kept) => kept?.badges.some((b) => b.badgeId === badge!.badgeId))).toBe(false);
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await expect.poll(() => nfc.scanning()).toBe(1);
    seen.sent.length = 0;
    const answered = page.waitForResponse((r) => r.url().endsWith('/badgecheck'));
    await nfc.holdText(badge!.token);
    // Counted as a wrong PIN of its owner, as a revoked badge scanned any other way is.
    const answer = await answered;
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'badge-revoked', attemptsLeft: 4 });
    await expect(said).toHaveAttribute('data-said', 'revoked');
    await expect(said).toHaveAttribute('data-source', 'nfc');
    await expect(page.getByText('This badge no longer works. Use your newest badge, or tap your name and enter your PIN.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    expect(seen.sent).toEqual(['badgecheck']);
    expect((await api.staffMember(grace.employeeId))?.status).toBe(before);
    await kiosk.review('kiosk-nfc-refused', said);
    expect(seen.nfcCode.length).toBeGreaterThan(0);
  });

  test('unknown tags held to the tablet offline count against it: the fifth locks its badges, and the manager sees them all under All devices', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge' });
    const nfc = await installFakeNfc(page);
    const answered: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/badgecheck')) answered.push(r.url());
    });
    const device = await enrolDeviceThroughApi(page, serviceURL, demo, 'NFC unknown badges e2e tablet');
    await expectKeptBadgeMode(page, 'badge');
    const store = new KioskStore(page);
    const said = page.getByTestId('badge-said');
    await expect.poll(() => nfc.scanning()).toBe(1);
    // As on a tablet in use, the app's code is kept by its service worker before the outage.
    await waitForServiceWorkerControl(page);

    // Offline, five badges this tablet has never kept a verifier for (well formed, never issued).
    await page.context().setOffline(true);
    for (let i = 0; i < 5; i += 1) {
      await nfc.holdText(`KCB1${String.fromCharCode(75 + i).repeat(32)}`);
      // Nothing on the tablet decides for an unknown badge, so it waits for the service first (up to about 6 s).
      await expect.poll(() => store.meta<{ count: number }>('unknownBadgesOffline').then((tally) => tally?.count ?? 0), { timeout: 15_000 }).toBe(i + 1);
      await expect(said).toHaveAttribute('data-said', i < 4 ? 'offline-unknown' : 'device-locked');
    }
    await expect(page.getByText('Too many unknown badges here. Badges work again later; tap your name meanwhile.')).toBeVisible();
    // The service never answered for any of them: it learns of them only from the device's report.
    expect(answered).toEqual([]);
    await page.context().setOffline(false);

    // Back online, the manager's device list (this tablet reports first) says what happened here.
    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('This device');
    const mine = manager.fleetDevice(device.deviceId);
    await expect(mine.locator('[data-fact="unknown-badges"]')).toHaveText(/^5, last /);
    await expect(mine.getByTestId('fleet-badge-lock')).toHaveText(/^Badges locked until \d{2}:\d{2}$/);
    await expect(mine).toHaveAttribute('data-tone', 'alert');
    await manager.capture('manager-all-devices-badges', () => mine.scrollIntoViewIfNeeded());
    const listed = FleetDeviceModel.array().parse(await api.fleet()).find((d) => d.id === device.deviceId);
    expect(listed?.health).toMatchObject({ unknownBadgesOffline: 5 });
    expect(Date.parse(listed?.health?.badgeLockedUntilUtc ?? '')).toBeGreaterThan(Date.now());
  });

  test.describe('without a service worker', () => {
    // A tablet over plain HTTP, or one that lost the network before its worker kept the app: the
    // badge check's code must come from the network, and that can fail.
    test.use({ serviceWorkers: 'block' });

    test("a badge check whose code cannot be loaded says badges need the network, not 'checking' for ever, and the next tag loads it again", async ({ page, demo, serviceURL, request }) => {
      test.setTimeout(120_000);
      const api = new DemoApi(request, serviceURL, demo);
      await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge' });
      const grace = await api.addPerson('Grace');
      const [badge] = await api.post<Array<{ token: string }>>(`${api.kiosk}/badges`, { employeeIds: [grace.employeeId] });
      const refusedLoads: string[] = [];
      const codeOfCheck = /\/assets\/badgeCheck-[\w-]+\.js$/;
      await page.route(codeOfCheck, (route) => {
        refusedLoads.push(route.request().url());
        return route.abort('internetdisconnected');
      });
      const nfc = await installFakeNfc(page);
      const seen = watchRequests(page);
      await enrolDeviceThroughApi(page, serviceURL, demo, 'NFC badge code e2e tablet');
      await expectKeptBadgeMode(page, 'badge');
      const kiosk = new KioskPage(page);
      const said = page.getByTestId('badge-said');
      await expect.poll(() => nfc.scanning()).toBe(1);
      // The reader asked for the check's code as it started, before any badge.
      await expect.poll(() => refusedLoads.length).toBeGreaterThan(0);

      await nfc.holdText(badge!.token);
      await expect(said).toHaveAttribute('data-said', 'offline');
      await expect(page.getByText('Badges need the network just now. Tap your name and enter your PIN.')).toBeVisible();
      expect(seen.sent).toEqual([]);

      // The code can be fetched again: the same tag now signs Grace in.
      await page.unroute(codeOfCheck);
      await nfc.holdText(badge!.token);
      await kiosk.expectActions(grace.firstName);
      expect(seen.sent).toEqual(['badgecheck']);
    });
  });

  test("follows the kiosk's mode: badge then PIN opens the person's PIN pad (a URL record too), PIN only asks nobody", async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    const grace = await api.addPerson('Grace');
    const [badge] = await api.post<Array<{ token: string }>>(`${api.kiosk}/badges`, { employeeIds: [grace.employeeId] });
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge-then-pin' });
    const nfc = await installFakeNfc(page);
    const seen = watchRequests(page);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'NFC badge modes e2e tablet');
    await expectKeptBadgeMode(page, 'badge-then-pin');
    const kiosk = new KioskPage(page);
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await expect.poll(() => nfc.scanning()).toBe(1);

    // Badge then PIN, from a tag another tool wrote as an address ending in the token.
    await nfc.holdUrl(`https://badges.example.org/b/${badge!.token}`);
    await expect(kiosk.main.getByRole('heading', { name: `Hi ${grace.firstName}` })).toBeVisible();
    await kiosk.expectDigitsEntered(0);
    expect(seen.sent).toEqual(['badgecheck']);
    await kiosk.enterPin(grace.pin);
    await kiosk.expectActions(grace.firstName);
    expect(seen.sent).toEqual(['badgecheck', 'checkpin']);
    await kiosk.main.getByRole('button', { name: 'Not you?' }).click();

    // PIN only: the tablet knows it, says so and asks nobody; the names say nothing of tags.
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'pin' });
    await page.reload();
    await expectKeptBadgeMode(page, 'pin');
    await expect(page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
    await expect(page.getByTestId('nfc-hint')).toHaveCount(0);
    await expect.poll(() => nfc.scanning()).toBe(1);
    seen.sent.length = 0;
    await nfc.holdText(badge!.token);
    await expect(page.getByTestId('badge-said')).toHaveAttribute('data-said', 'badges-off');
    expect(seen.sent).toEqual([]);
  });

  test('a browser without Web NFC shows no NFC option and never loads the NFC code', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    await api.put(`${api.kiosk}/badgesettings`, { mode: 'badge' });
    const grace = await api.addPerson('Grace');
    const seen = watchRequests(page);
    await enrolDeviceThroughApi(page, serviceURL, demo, 'No NFC e2e tablet');
    await expectKeptBadgeMode(page, 'badge');
    expect(await page.evaluate(() => 'NDEFReader' in window)).toBe(false);
    await expect(page.getByRole('button', { name: 'Scan my badge' })).toBeVisible();
    await expect(page.getByTestId('nfc-hint')).toHaveCount(0);
    await expect(page.getByText(/chip|NFC/)).toHaveCount(0);

    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('Badges');
    await page.getByTestId('badge-person').filter({ hasText: grace.name }).getByRole('checkbox', { name: `Choose ${grace.name}` }).check();
    await page.getByRole('button', { name: 'Print a badge for 1 person' }).click();
    await page.getByRole('dialog', { name: 'Print new badges?' }).getByRole('button', { name: 'Print a badge for 1 person' }).click();
    const sheet = page.getByRole('dialog', { name: 'Badges to print' });
    await expect(sheet.getByTestId('badge-card')).toHaveCount(1);
    await expect(sheet.getByText('Print this page now. Once you leave it', { exact: false })).toBeVisible();
    await expect(sheet.getByText(/NFC/)).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: /NFC/ })).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Done' }).click();
    await manager.exit();
    expect(seen.nfcCode).toEqual([]);
  });
});
