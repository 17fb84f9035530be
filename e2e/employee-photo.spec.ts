/**
 * A kiosk that takes a photo with every punch, with Chromium's fake camera
 * (--use-fake-device-for-media-stream, see e2e/support/browser.ts). Runs on an isolated service
 * (its own demo data), because it switches the demo kiosk to isPhotoRequired: live preview, take,
 * retake, use, receipt; then the service has the shift and the punch carried a JPEG. There is no
 * API to read a punch photo back, so the proof is that the service refuses a clock-on without an
 * image on this kiosk (checked directly) yet accepted the kiosk's.
 */
import { KioskPage, fullName } from './pages/kiosk';
import { expect, test as shared } from './support/fixtures';
import { ServiceApi } from './support/serviceApi';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

const test = shared.extend<object, { photoService: ServiceInstance<DemoFile> }>({
  photoService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const service = await startService({ demo: true, label: 'photo' });
      try {
        await use(service);
      } finally {
        await service.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ photoService }, use) => {
    await use(photoService.baseURL);
  },
});

/** Whether the camera preview is really playing frames. */
function isPlaying(video: HTMLVideoElement): boolean {
  return video.readyState >= 2 && !video.paused && video.videoWidth > 0;
}

test('photo-required kiosk: live preview, take, retake, use; the service has the clock-on with its photo', async ({ page, request, photoService }) => {
  test.setTimeout(60_000);
  const demo = photoService.demo;
  const api = new ServiceApi(request, photoService.baseURL, demo);
  const [first, second] = demo.staff;
  if (!first || !second) throw new Error('the demo has fewer than two staff');

  const model = await api.kiosk();
  expect(model.isPhotoRequired).toBe(false);
  const updated = await api.updateKiosk({ ...model, isPhotoRequired: true });
  expect(updated.isPhotoRequired).toBe(true);

  const kiosk = new KioskPage(page);
  const device = await kiosk.enrol(photoService.baseURL, demo);

  // The service now refuses a clock-on without a photo from this kiosk.
  const refused = await api.asDevice(device.token, `/kiosk/${demo.kioskId}/clockon`, { employeeId: second.employeeId, recordedTimeUtc: new Date().toISOString() });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { code?: string }).code).toBe('photo-required');

  await kiosk.signIn(fullName(first), first.pin);
  await kiosk.choose('clockOn');
  await kiosk.confirmClockOn(); // the demo kiosk offers options first; defaults are fine here

  const live = kiosk.main.locator('video[aria-label="Camera preview"]');
  await expect(kiosk.main.getByRole('heading', { name: 'Look at the camera' })).toBeVisible();
  await expect(live).toBeVisible();
  await expect.poll(() => live.evaluate(isPlaying), { message: 'the fake camera plays in the preview' }).toBe(true);
  const take = kiosk.main.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled();
  await kiosk.review('photo', take);

  await take.click();
  const still = kiosk.main.getByRole('img', { name: 'Your photo' });
  await expect(still).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(live).toBeHidden();
  await kiosk.review('photo-taken', still);

  await kiosk.main.getByRole('button', { name: 'Retake' }).click();
  await expect(still).toBeHidden();
  await expect.poll(() => live.evaluate(isPlaying), { message: 'the preview plays again after Retake' }).toBe(true);
  await take.click();
  await expect(still).toBeVisible();

  const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith(`/kiosk/${demo.kioskId}/clockon`));
  await kiosk.main.getByRole('button', { name: 'Use this photo' }).click();
  await kiosk.expectReceipt('clockOn', `Have a good shift, ${first.firstName}!`);
  // What the options step chose stays on the receipt after the photo step.
  const receiptText = await kiosk.receipt.innerText();
  const body = (await sent).postDataJSON() as { image?: string; employeeId?: number };
  expect(body.employeeId).toBe(first.employeeId);
  expect(Buffer.from(body.image ?? '', 'base64').subarray(0, 3), 'a JPEG went with the punch').toEqual(Buffer.from([0xff, 0xd8, 0xff]));

  await kiosk.waitForSync();
  const [shift] = await api.shifts(first.employeeId);
  expect(shift, 'the clock-on reached the service').toBeDefined();
  expect(shift?.endTimeUtc).toBeNull();
  expect(shift?.locationFullyQualifiedName, 'the clock-on has a location').toBeTruthy();
  expect(receiptText, 'the receipt names the location chosen before the photo').toContain(shift?.locationFullyQualifiedName ?? 'no location');
  const [other] = await api.shifts(second.employeeId);
  expect(other, 'the refused clock-on left nothing behind').toBeUndefined();
});
