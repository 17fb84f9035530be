/**
 * The tablet keeps no punch photo once the punch is delivered, and never shows one again: on a
 * photo-required kiosk (Chromium's fake camera), a person's punch online and then one made offline
 * are each taken with a photo; while the offline one waits, the outbox holds its JPEG (so the
 * search below can find one), and once each is delivered no IndexedDB database of the page holds
 * any JPEG or the photo that was sent, and no image of it is on the screen. A manager then downloads
 * that person's photos as one ZIP (exactly the two images) and erases them, the punches staying. A person exempt from
 * photos punches at the same kiosk without the camera ever being opened, and the service marks it.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { KioskPage, fullName } from './pages/kiosk';
import { ManagerMode } from './pages/manager';
import { cameraRequests, countCameraRequests } from './support/cameraSpy';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { KioskStore } from './support/kioskStore';
import { apiKeyAuth, ServiceApi } from './support/serviceApi';

const test = testWithOwnService({ label: 'photo-privacy' });

/** The base64 of a JPEG's first bytes (FF D8 FF): every JPEG the camera makes starts with it. */
const JPEG_BASE64_START = '/9j/';

/** Every record of every store of every IndexedDB database the page's origin has, as JSON text. */
function everythingInIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const name = info.name;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error(`cannot open ${name}`));
      });
      const stores: Record<string, unknown[]> = {};
      for (const store of Array.from(db.objectStoreNames)) {
        stores[store] = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store, 'readonly').objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
          all.onerror = () => reject(all.error ?? new Error(`cannot read ${store}`));
        });
      }
      db.close();
      dump[name] = stores;
    }
    return JSON.stringify(dump);
  });
}

/** The image a punch request carried. */
function imageOf(request: Request): string {
  const body = request.postDataJSON() as { image?: unknown };
  if (typeof body.image !== 'string') throw new Error(`${request.url()} carried no image`);
  return body.image;
}

async function expectNoPhotoOnTablet(page: Page, sent: string, when: string): Promise<void> {
  const everything = await everythingInIndexedDb(page);
  expect(everything, `${when}: the kiosk database was read`).toContain('kiosk-clock');
  expect(everything.includes(sent), `${when}: the photo sent is nowhere in IndexedDB`).toBe(false);
  expect(everything.includes(JPEG_BASE64_START), `${when}: no JPEG at all is in IndexedDB`).toBe(false);
  await expect(page.locator('img[src^="data:image"], img[src^="blob:"]'), `${when}: no photo on the screen`).toHaveCount(0);
}

/** Cuts the network: the browser goes offline and any API request that still leaves is refused. */
async function offline(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

async function online(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

test('a photo punch leaves no photo on the tablet once delivered, online or after an outage; a manager downloads exactly those photos as one file, then erases them', async ({ page, context, request, ownService }) => {
  test.setTimeout(150_000);
  const demo = ownService.demo;
  const api = new ServiceApi(request, ownService.baseURL, demo);
  const [person] = demo.staff;
  if (!person) throw new Error('the demo has no staff');
  // On shift already (a manager's punch), so the tablet's punches are a break's start and end.
  await api.clockOnAt(person.employeeId, new Date(Date.now() - 60 * 60_000));
  await api.updateKiosk({ ...(await api.kiosk()), isPhotoRequired: true });

  const kiosk = new KioskPage(page);
  await kiosk.enrol(ownService.baseURL, demo);
  const punchPath = (op: string) => (req: Request) => req.method() === 'POST' && req.url().endsWith(`/kiosk/${demo.kioskId}/${op}`);

  // Online: the photo is taken, sent with the punch, and gone from the tablet once delivered.
  const startSent = page.waitForRequest(punchPath('startbreak'));
  await kiosk.signIn(fullName(person), person.pin);
  await kiosk.choose('startBreak');
  await kiosk.acknowledgePhotoNotice(); // their first photo (photo-notice.spec.ts)
  await expect(kiosk.main.getByRole('img', { name: 'Your photo' })).toBeVisible({ timeout: 10_000 });
  await kiosk.expectReceipt('startBreak');
  const firstPhoto = imageOf(await startSent);
  expect(firstPhoto.startsWith(JPEG_BASE64_START), 'a JPEG went with the punch').toBe(true);
  await kiosk.waitForSync();
  await kiosk.finishReceipt();
  await expectNoPhotoOnTablet(page, firstPhoto, 'after an online punch');

  // Offline: the punch waits in the outbox with its photo...
  await offline(context);
  await kiosk.signIn(fullName(person), person.pin);
  await kiosk.choose('endBreak');
  await expect(kiosk.main.getByRole('img', { name: 'Your photo' })).toBeVisible({ timeout: 10_000 });
  await kiosk.expectReceipt('endBreak');
  const store = new KioskStore(page);
  const queued = await store.outbox();
  expect(queued.map((entry) => entry.op)).toEqual(['endBreak']);
  const secondPhoto = queued[0]?.body.image;
  expect(typeof secondPhoto === 'string' && secondPhoto.startsWith(JPEG_BASE64_START), 'the waiting punch holds its photo').toBe(true);
  await kiosk.finishReceipt();

  // ...and once delivered, nothing of it is left.
  // From the page's sync or the service worker's Background Sync, whichever runs first: the
  // context sees both (the page alone would miss the worker's request and wait forever).
  const endSent = context.waitForEvent('request', { predicate: punchPath('endbreak'), timeout: 30_000 });
  await online(context);
  expect(imageOf(await endSent)).toBe(secondPhoto);
  await kiosk.waitForSync();
  await expectNoPhotoOnTablet(page, String(secondPhoto), 'after an offline punch was delivered');
  const [shift] = await api.shifts(person.employeeId);
  expect(shift?.breaks, 'both punches reached the service').toHaveLength(1);

  // A manager hands the person their photos as one file, exactly the two images taken, then
  // erases them; the file was made in memory and nothing of it is left on the tablet.
  const manager = new ManagerMode(page, demo);
  await manager.signIn();
  await manager.goTo('Settings');
  const field = page.getByRole('region', { name: 'Punch photos' }).getByRole('region', { name: 'One person’s photos' });
  await field.getByLabel('Find a person’s photos').fill(person.firstName);
  const row = field.getByTestId('person-photos-row').filter({ hasText: fullName(person) });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download the photos of ${fullName(person)}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`photos-${person.employeeId}.zip`);
  await expect(field.getByText(`2 photos of ${fullName(person)} downloaded.`)).toBeVisible();
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const images = Object.keys(files).filter((name) => name.endsWith('.jpg')).sort();
  expect(images, 'one file per photo, in time order').toHaveLength(2);
  expect(images.map((name) => Buffer.from(files[name]!).toString('base64')), 'the images as taken').toEqual([firstPhoto, secondPhoto]);
  expect(images[0]).toMatch(/-startBreak-\d+\.jpg$/);
  expect(strFromU8(files['photos.csv']!).trim().split('\r\n')).toHaveLength(3);
  await manager.capture('manager-person-photos', () => expect(row).toBeInViewport());
  await expectNoPhotoOnTablet(page, firstPhoto, 'after the manager downloaded the photos');

  await row.getByRole('button', { name: `Erase the photos of ${fullName(person)}` }).click();
  const confirm = page.getByRole('dialog', { name: `Erase every photo of ${fullName(person)}?` });
  await expect(confirm).toContainText('Their punches and timesheets stay as they are.');
  await manager.capture('manager-person-photos-erase', () => expect(confirm).toBeVisible());
  await confirm.getByRole('button', { name: 'Erase photos' }).click();
  await expect(field.getByText(`2 photos of ${fullName(person)} erased.`)).toBeVisible();
  const left = await request.get(`${ownService.baseURL}/api/v2/business/${demo.businessId}/employee/${person.employeeId}/photos`, { headers: apiKeyAuth(demo.apiKey) });
  expect(await left.json(), 'no photo is left on the service').toEqual([]);
  expect((await api.shifts(person.employeeId))[0]?.breaks, 'the punches stay').toHaveLength(1);
  // Asked again, there is nothing to hand over.
  await row.getByRole('button', { name: `Download the photos of ${fullName(person)}` }).click();
  await expect(field.getByText(`No photos of ${fullName(person)} are kept.`)).toBeVisible();
  await manager.exit();
});

test('a person exempt from photos punches without the camera being opened, and the punch is marked so', async ({ page, request, ownService }) => {
  test.setTimeout(60_000);
  const demo = ownService.demo;
  const api = new ServiceApi(request, ownService.baseURL, demo);
  const person = demo.staff[1];
  if (!person) throw new Error('the demo has fewer than two staff');
  await api.updateKiosk({ ...(await api.kiosk()), isPhotoRequired: true });
  const base = `${ownService.baseURL}/api/v2/business/${demo.businessId}`;
  const exempted = await request.put(`${base}/employee/${person.employeeId}/photoexemption`, { headers: apiKeyAuth(demo.apiKey), data: { exempt: true } });
  expect(exempted.ok(), await exempted.text()).toBe(true);
  // The service takes their clock-on without a photo although the kiosk requires one.
  await api.clockOnAt(person.employeeId, new Date(Date.now() - 30 * 60_000));

  // Any request for the camera is counted.
  await countCameraRequests(page);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(ownService.baseURL, demo);
  const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith(`/kiosk/${demo.kioskId}/startbreak`));
  await kiosk.signIn(fullName(person), person.pin);
  await kiosk.choose('startBreak');
  await kiosk.expectReceipt('startBreak');
  expect((await sent).postDataJSON()).not.toHaveProperty('image');
  expect(await cameraRequests(page), 'the camera was never asked for').toBe(0);
  await kiosk.waitForSync();

  const trail = await request.get(`${base}/kiosk/punches?EmployeeId=${person.employeeId}`, { headers: apiKeyAuth(demo.apiKey) });
  expect(trail.ok(), await trail.text()).toBe(true);
  const rows = (await trail.json()) as Array<{ kind: string; hasPhoto: boolean; photoExempt: boolean }>;
  expect(rows.map((row) => [row.kind, row.hasPhoto, row.photoExempt])).toEqual([
    ['clockOn', false, true],
    ['startBreak', false, true],
  ]);
});
