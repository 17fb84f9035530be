/**
 * The photo notice, on a photo-required kiosk with the browser's and the service's clocks set
 * together (support/clocks.ts): before a person's first photo the kiosk shows the business's notice
 * (the default, in English and Spanish, stating the business's retention) and the camera is not
 * asked for until they tap "I understand"; going back records nothing. The acknowledgement reaches
 * the service, so their next punch, and a second tablet, go straight to the camera; a person exempt
 * from photos is never asked. The business's own words replace the default; read offline, the
 * acknowledgement waits in the outbox before the punch and both arrive once back online.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { KioskPage, fullName, type StaffMember } from './pages/kiosk';
import { cameraRequests, countCameraRequests } from './support/cameraSpy';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { reviewScreen, TABLET_CONTEXT } from './support/screens';
import { apiKeyAuth, ServiceApi } from './support/serviceApi';
import { testWithOwnService } from './support/ownService';

const test = testWithOwnService({ label: 'photo-notice' });

const OWN_WORDS = 'Harbour Street Bakery photographs each punch at the till. We keep the photos 14 days. Ask Priya if you would rather not be photographed.';

interface Acknowledgement {
  employeeId: number;
  kioskId: number | null;
  acknowledgedUtc: string;
}

/**
 * The camera step ran its countdown and took the still (a fake camera on a busy machine starts
 * slowly), then the receipt. Given the clocks, they move a second per look, so the countdown and
 * the still's review take no real time; otherwise both run at real speed (a few seconds).
 */
async function photographed(kiosk: KioskPage, kind: 'startBreak' | 'endBreak', clocks?: Clocks): Promise<void> {
  const still = kiosk.main.getByRole('img', { name: 'Your photo' });
  if (clocks) {
    for (const [shown, what] of [[still, 'the still'], [kiosk.receipt, 'the receipt']] as const) {
      await expect
        .poll(async () => (await shown.isVisible()) || (await clocks.forward(1_000), shown.isVisible()), { message: `${what}, a second a look`, timeout: 20_000 })
        .toBe(true);
    }
  } else {
    await expect(still).toBeVisible({ timeout: 20_000 });
  }
  await kiosk.expectReceipt(kind);
}

/** Ten o'clock (UTC) tomorrow by the service's clock: after anything the demo recorded, whatever the hour of the run. */
function tomorrowAtTen(now: Date): Date {
  const day = new Date(now.getTime() + 24 * 60 * 60_000);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10, 0, 0));
}

async function secondTablet(browser: Browser, baseURL: string, at: Date): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...TABLET_CONTEXT, baseURL });
  await context.clock.install({ time: at });
  return { context, page: await context.newPage() };
}

test('a person reads the photo notice once, before their first photo, on whichever tablet; the exempt are never asked', async ({ page, context, browser, request, ownService }) => {
  test.setTimeout(240_000);
  const demo = ownService.demo;
  const base = `${ownService.baseURL}/api/v2/business/${demo.businessId}`;
  const auth = apiKeyAuth(demo.apiKey);
  const api = new ServiceApi(request, ownService.baseURL, demo);
  const [ada, ben, cara, dan] = demo.staff as Array<StaffMember | undefined>;
  if (!ada || !ben || !cara || !dan) throw new Error('the demo has fewer than four staff');

  const clocks = bothClocks(context, ownService.clock);
  const start = tomorrowAtTen(await ownService.clock.now());
  await clocks.set(start);
  // Everyone on shift already, so each punch here is a break (no clock-on choices in the way).
  for (const person of [ada, ben, cara, dan]) await api.clockOnAt(person.employeeId, new Date(start.getTime() - 60 * 60_000));
  await api.updateKiosk({ ...(await api.kiosk()), isPhotoRequired: true });
  const exempted = await request.put(`${base}/employee/${cara.employeeId}/photoexemption`, { headers: auth, data: { exempt: true } });
  expect(exempted.ok(), await exempted.text()).toBe(true);
  const acknowledgements = async () => {
    const res = await request.get(`${base}/photonoticeacknowledgements`, { headers: auth });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Acknowledgement[];
  };

  await countCameraRequests(page);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(ownService.baseURL, demo, 'Front tablet');
  const store = new KioskStore(page);
  const notice = kiosk.main.getByRole('heading', { name: 'Before your first photo' });
  const words = kiosk.main.getByTestId('photo-notice-words');
  const camera = kiosk.main.getByRole('heading', { name: 'Look at the camera' });

  // Ada's first photo: the default notice, with the business's retention; no camera yet.
  await kiosk.signIn(fullName(ada), ada.pin);
  await kiosk.choose('startBreak');
  await expect(notice).toBeVisible();
  await expect(words).toContainText('The photo is kept for 30 days and then deleted.');
  await expect(words).toContainText('ask a manager: you can clock in without a photo');
  await reviewScreen(page, 'photo-notice', { ready: () => expect(notice).toBeVisible() });
  expect(await cameraRequests(page), 'no camera before the notice is acknowledged').toBe(0);

  // Back: nothing is recorded, and the notice comes again next time.
  await kiosk.main.getByRole('button', { name: 'Back' }).click();
  await kiosk.expectActions(ada.firstName);
  expect(await store.outbox()).toEqual([]);
  await kiosk.choose('startBreak');
  await kiosk.acknowledgePhotoNotice();
  await expect(camera).toBeVisible();
  await photographed(kiosk, 'startBreak', clocks);
  await kiosk.waitForSync();
  const [adas] = await acknowledgements();
  expect(adas?.employeeId).toBe(ada.employeeId);
  expect(adas?.kioskId).toBe(demo.kioskId);
  // Tapped on the set clock: within the minute after it (the clocks run on at real speed).
  const tapped = Date.parse(adas?.acknowledgedUtc ?? '');
  expect(tapped).toBeGreaterThanOrEqual(start.getTime());
  expect(tapped).toBeLessThan(start.getTime() + 2 * 60_000);
  await kiosk.finishReceipt();

  // Her next photo: straight to the camera.
  await kiosk.signIn(fullName(ada), ada.pin);
  await kiosk.choose('endBreak');
  await expect(camera).toBeVisible();
  await expect(notice).toBeHidden();
  await photographed(kiosk, 'endBreak', clocks);
  await kiosk.finishReceipt();

  // Cara is exempt: no notice, no photo.
  await kiosk.signIn(fullName(cara), cara.pin);
  await kiosk.choose('startBreak');
  await kiosk.expectReceipt('startBreak');
  await kiosk.finishReceipt();

  // The default in Spanish, for Dan; he goes back without reading it.
  await kiosk.signIn(fullName(dan), dan.pin);
  await kiosk.switchLanguage('Español');
  await kiosk.actions().locator('[data-punch="startBreak"]').click();
  const aviso = kiosk.main.getByRole('heading', { name: 'Antes de tu primera foto' });
  await expect(aviso).toBeVisible();
  await expect(words).toContainText('La foto se guarda 30 días y después se borra.');
  await reviewScreen(page, 'photo-notice-es', { ready: () => expect(aviso).toBeVisible() });
  await kiosk.main.getByRole('button', { name: 'Atrás' }).click();
  await kiosk.expectActions();
  await kiosk.header.getByRole('button', { name: 'Idioma: English' }).click();

  // The business writes its own words.
  const policy = await request.put(`${base}/photopolicy`, { headers: auth, data: { retentionDays: 14, notice: OWN_WORDS } });
  expect(policy.ok(), await policy.text()).toBe(true);

  // A second tablet: Ada is not asked there; Ben reads the business's words, with the network gone.
  const second = await secondTablet(browser, ownService.baseURL, await ownService.clock.now());
  try {
    const tablet = new KioskPage(second.page);
    await tablet.enrol(ownService.baseURL, demo, 'Back tablet');
    await tablet.signIn(fullName(ada), ada.pin);
    await tablet.choose('startBreak');
    await expect(tablet.main.getByRole('heading', { name: 'Look at the camera' })).toBeVisible();
    await photographed(tablet, 'startBreak');
    await tablet.finishReceipt();

    await tablet.signIn(fullName(ben), ben.pin);
    await tablet.choose('startBreak');
    await expect(tablet.main.getByRole('heading', { name: 'Before your first photo' })).toBeVisible();
    await expect(tablet.main.getByTestId('photo-notice-words')).toHaveText(OWN_WORDS);
    await reviewScreen(second.page, 'photo-notice-own-words', { ready: () => expect(tablet.main.getByTestId('photo-notice-words')).toBeVisible() });
    await second.context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await second.context.setOffline(true);
    await tablet.acknowledgePhotoNotice();
    await photographed(tablet, 'startBreak');
    const queued = await new KioskStore(second.page).outbox();
    expect(queued.map((entry) => entry.op)).toEqual(['photoNoticeAck', 'startBreak']);
    expect(queued[0]?.body).toMatchObject({ employeeId: ben.employeeId });
    await tablet.finishReceipt();
    expect((await acknowledgements()).map((a) => a.employeeId), 'not delivered while offline').toEqual([ada.employeeId]);

    await second.context.unroute('**/api/**');
    await second.context.setOffline(false);
    await tablet.waitForSync(30_000);
    expect((await acknowledgements()).map((a) => a.employeeId)).toEqual([ada.employeeId, ben.employeeId].sort((a, b) => a - b));
    const [shift] = await api.shifts(ben.employeeId);
    expect(shift?.breaks, "Ben's break reached the service too").toHaveLength(1);
  } finally {
    await second.context.close();
  }

  // Back on the first tablet, once it has refreshed, Ben goes straight to the camera.
  await page.reload();
  await expect(kiosk.grid()).toBeVisible({ timeout: 15_000 });
  await kiosk.signIn(fullName(ben), ben.pin);
  await kiosk.choose('endBreak');
  await expect(camera).toBeVisible();
  await photographed(kiosk, 'endBreak', clocks);
});
