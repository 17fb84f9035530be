/**
 * The punch journal's code on the kiosk's receipt: an online clock-on's receipt shows the code of
 * its journal entry, the same code the verify route answers as the journal's last entry; a break
 * started offline says its code comes once it is sent, and once delivered the journal is intact
 * with one more entry. Screens at 1280x800 and 800x1280, checked with axe. The service is the
 * test's own, so no other punch joins the chain meanwhile.
 */
import { KioskPage, fullName } from './pages/kiosk';
import { bothClocks, type Clocks } from './support/clocks';
import { expect, test as base } from './support/fixtures';
import { reviewScreen } from './support/screens';
import { apiKeyAuth } from './support/serviceApi';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';

const START = '2026-06-10T07:30:00Z';

const test = base.extend<{ journalService: ServiceInstance<DemoFile>; journalClocks: Clocks }>({
  journalService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const service = await startService({ demo: true, label: 'punch-journal', clockAt: new Date(START) });
      try {
        await use(service);
      } finally {
        await service.stop();
      }
    },
    { timeout: 200_000 },
  ],
  journalClocks: async ({ context, journalService }, use) => {
    const clocks = bothClocks(context, journalService.clock);
    await clocks.set(new Date(START));
    await use(clocks);
  },
  baseURL: async ({ journalService }, use) => {
    await use(journalService.baseURL);
  },
});

test('a receipt shows its journal code online, and says it will come offline', async ({ page, context, request, journalService: service, journalClocks: clocks }) => {
  test.setTimeout(240_000);
  const demo = service.demo;
  const verify = async () => {
    const res = await request.get(`${service.baseURL}/api/v2/business/${demo.businessId}/punchjournal/verify`, { headers: apiKeyAuth(demo.apiKey) });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { intact: boolean; entries: number; head: { code: string } | null };
  };
  const before = await verify();
  expect(before.intact).toBe(true);

  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, demo, 'Journal tablet');
  await expect(kiosk.gridGroup('Everyone else')).toBeVisible();
  const offShift = new Set([...(await kiosk.namesIn('Everyone else')), ...(await kiosk.namesIn('Rostered now'))]);
  const person = demo.staff.find((member) => offShift.has(fullName(member)));
  if (!person) throw new Error('the demo has nobody off shift to clock on');
  const name = fullName(person);

  await clocks.set(new Date(Date.parse(START) + 60_000));
  await kiosk.signIn(name, person.pin);
  await kiosk.choose('clockOn');
  await kiosk.confirmClockOn();
  await kiosk.expectReceipt('clockOn');
  const code = kiosk.receipt.getByTestId('receipt-journal');
  await expect(code).toHaveText(/^Record code \d+-[0-9A-F]{8}$/);
  const after = await verify();
  expect(after).toMatchObject({ intact: true, entries: before.entries + 1 });
  await expect(code).toHaveText(`Record code ${after.head!.code}`);
  await reviewScreen(page, 'journal-receipt-online');
  await kiosk.finishReceipt();
  await kiosk.waitForSync(30_000);

  await context.setOffline(true);
  await clocks.set(new Date(Date.parse(START) + 3 * 60 * 60_000));
  await kiosk.signIn(name, person.pin);
  await kiosk.choose('startBreak');
  await kiosk.expectReceipt('startBreak');
  await expect(kiosk.receipt.getByTestId('receipt-journal-pending')).toHaveText('Its record code comes once it is sent.');
  await expect(kiosk.receipt.getByTestId('receipt-journal')).toHaveCount(0);
  await reviewScreen(page, 'journal-receipt-offline');
  await kiosk.finishReceipt();

  await context.setOffline(false);
  await kiosk.waitForSync(60_000);
  expect(await verify()).toMatchObject({ intact: true, entries: before.entries + 2 });
});
