/**
 * Manager mode, fleet health and PINs, against the shared service (which
 * flags a device silent after 30 s, DEVICE_SILENT_MINUTES=0.5, see support/serviceProcess.ts):
 * the This device tab lists every device of the business with this tablet's own health report and
 * a device that has gone quiet flagged; and a manager sets a person's PIN (refused here while offline,
 * saying so), after which the old PIN is refused and the person signs in at the kiosk with the new one. Screens captured in both
 * orientations and checked with axe.
 */
import { DemoApi, ManagerMode } from './pages/manager';
import { KioskPage } from './pages/kiosk';
import { expect, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test.describe('manager mode: all devices and setting a PIN', () => {
  test('the manager sees every device with its health, and a silent one flagged', async ({ page, demo, serviceURL, request, clocks }) => {
    test.setTimeout(120_000);
    // The tablet's and the service's clocks start together, so the test can move them past the
    // silence threshold (30 s here) instead of waiting for it.
    await clocks.set(new Date());
    const api = new DemoApi(request, serviceURL, demo);
    // A second tablet that reports once and then goes quiet.
    const spare = await api.enrolDevice(`Stock room ${unique()}`);
    const reportedAt = (await clocks.now()).getTime();
    const report = await request.put(`${serviceURL}/api/v2/device/health`, {
      headers: { authorization: `Bearer ${spare.token}` },
      data: { queueDepth: 2, oldestUnsentUtc: new Date(reportedAt - 600_000).toISOString(), lastSyncUtc: null, clockOffsetMs: 95_000, appVersion: '0.0.9', storagePersisted: false, needsAttention: 1 },
    });
    expect(report.status(), await report.text()).toBe(200);
    expect((await api.fleet()).find((d) => d.id === spare.id)?.isSilent).toBe(false);

    const kiosk = new KioskPage(page);
    const self = await kiosk.enrol(serviceURL, demo, 'Fleet e2e tablet');
    // A minute later the spare has said nothing, while this tablet's timers (sync, health) spoke up.
    await clocks.forward(61_000);
    await expect.poll(async () => (await api.fleet()).find((d) => d.id === spare.id)?.isSilent).toBe(true);

    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('This device');
    await expect(manager.allDevices()).toBeVisible();

    const mine = manager.fleetDevice(self.deviceId);
    await expect(mine).toHaveAttribute('data-silent', 'false');
    await expect(mine).toContainText('This device');
    await expect(mine).toContainText('Fleet e2e tablet');
    await expect(mine.locator('[data-fact="queue"]')).toHaveText(/^0 /);
    await expect(mine.locator('[data-fact="attention"]')).toHaveText('0');

    const quiet = manager.fleetDevice(spare.id);
    await expect(quiet).toHaveAttribute('data-silent', 'true');
    await expect(quiet.getByTestId('fleet-silent')).toHaveText('Silent');
    await expect(quiet.locator('[data-fact="queue"]')).toHaveText(/^2 /);
    // 95 s behind, to the nearest minute as every duration on the manager's screens.
    await expect(quiet).toContainText('2 min behind');
    await expect(quiet).toContainText('0.0.9');
    await expect(page.getByText(/been heard from for a while/)).toBeVisible();

    // This device's report reached the service too, as every client sees it.
    const listed = (await api.fleet()).find((d) => d.id === self.deviceId);
    expect(listed?.isSilent).toBe(false);
    expect(listed?.health).toMatchObject({ queueDepth: 0, needsAttention: 0 });

    // Both entries in view: the list's end at the bottom of the screen.
    await manager.capture('manager-all-devices', () => manager.allDevices().evaluate((list) => list.scrollIntoView({ block: 'end' })));
  });

  test('a manager sets a PIN, and the person signs in at the kiosk with it', async ({ page, demo, serviceURL, request }) => {
    test.setTimeout(120_000);
    const api = new DemoApi(request, serviceURL, demo);
    const person = await api.addPerson('Pia');
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo, 'PIN e2e tablet');

    const manager = new ManagerMode(page, demo);
    await manager.signIn();
    await manager.goTo('Staff');
    await manager.openSetPin(person.name);
    await manager.capture('manager-set-pin');

    // Checked here first: two different PINs, then a PIN outside the policy.
    await manager.submitPin('246813', '246814');
    await expect(manager.setPinDialog().getByText('The two PINs are different.')).toBeVisible();
    await manager.submitPin('12');
    await expect(manager.setPinDialog().getByText('A PIN has 4 to 8 digits, and digits only.')).toBeVisible();
    await manager.capture('manager-set-pin-errors');

    const newPin = person.pin === '246813' ? '135792' : '246813';
    // It needs the service: with the network gone it says so, and nothing changes.
    await page.context().setOffline(true);
    await manager.submitPin(newPin);
    await expect(manager.setPinDialog().getByText(/Setting a PIN needs the network/)).toBeVisible();
    await manager.capture('manager-set-pin-offline');
    await page.context().setOffline(false);
    const sent = page.waitForRequest((r) => r.url().endsWith(`/staff/${person.employeeId}/pin`) && r.method() === 'POST');
    await manager.submitPin(newPin);
    expect((await sent).postDataJSON()).toEqual({ pin: newPin, mustChange: false });
    await expect(manager.setPinDialog()).toBeHidden();
    await expect(page.getByText(`The PIN for ${person.name} has been set.`)).toBeVisible();
    await manager.capture('manager-staff-pin-set', () => page.getByTestId('person-row').first().scrollIntoViewIfNeeded());
    await manager.exit();

    // The old PIN no longer works; the new one does.
    await kiosk.tapName(person.name);
    await kiosk.enterPin(person.pin);
    await expect(kiosk.alert).toContainText(/PIN is not right/);
    await kiosk.enterPin(newPin);
    await kiosk.expectActions(person.firstName);
  });
});
