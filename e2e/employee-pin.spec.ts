/**
 * PINs at the kiosk, against the real shared service: five wrong PINs lock the PIN (counting down
 * the tries, then "Try again at …", and the right PIN is refused too, by the kiosk and by the
 * service); "Forgot PIN?" sends a one-time reset code by e-mail, moves on to the code entry and
 * leaves the current PIN working as it was (using the code is tested through the API, routes/kiosk/pins.test.ts); and an employee
 * changes their PIN from the actions screen. Each test uses its own demo
 * staff member (e2e/support/staff.ts).
 */
import type { DemoFile } from './support/serviceProcess';
import { KioskPage, fullName, kioskTimesBetween } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { ServiceApi } from './support/serviceApi';
import { staffFor } from './support/staff';

const LOCKOUT_MINUTES = 15; // the service's PIN_LOCKOUT_MINUTES default

/** A valid PIN that is nobody's in the demo (so it is wrong for everyone). */
function wrongPinFor(demo: DemoFile): string {
  for (let n = 2468; ; n += 1) {
    const candidate = String(n);
    if (!demo.staff.some((member) => member.pin === candidate)) return candidate;
  }
}

/** A new PIN for someone: differs from every demo PIN. */
function newPinFor(demo: DemoFile, avoid: string): string {
  for (let n = 5802; ; n += 7) {
    const candidate = String(n);
    if (candidate !== avoid && !demo.staff.some((member) => member.pin === candidate)) return candidate;
  }
}

test.describe('PINs at the kiosk', () => {
  test('five wrong PINs: the tries count down, the fifth locks until a time, and then the right PIN is refused too', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const zone = (await api.kiosk()).ianaTimeZone ?? 'missing zone';
    const ben = staffFor(demo, 'lockout');
    const wrong = wrongPinFor(demo);
    const kiosk = new KioskPage(page);
    const device = await kiosk.enrol(serviceURL, demo);

    await kiosk.tapName(fullName(ben));
    for (const left of [4, 3, 2]) {
      await kiosk.enterPin(wrong);
      await expect(kiosk.alert).toHaveText(`That PIN is not right. ${left} tries left.`);
      await kiosk.expectDigitsEntered(0);
      if (left === 4) await kiosk.review('pin-wrong', kiosk.alert);
    }
    await kiosk.enterPin(wrong);
    await expect(kiosk.alert).toHaveText('That PIN is not right. 1 try left.');

    const before = new Date(Date.now() + LOCKOUT_MINUTES * 60_000);
    await kiosk.enterPin(wrong);
    await expect(kiosk.alert).toHaveText(/^Too many wrong PINs\. Try again at (.+), or ask a manager\.$/);
    const until = /Try again at (.+), or ask/.exec(await kiosk.alert.innerText())?.[1] ?? '';
    expect(kioskTimesBetween(before, new Date(Date.now() + LOCKOUT_MINUTES * 60_000), zone)).toContain(until);
    await kiosk.review('pin-locked', kiosk.alert);

    // While locked the keys are off, so nobody keeps guessing.
    await expect(kiosk.main.getByRole('heading', { name: 'PIN locked' })).toBeVisible();
    await expect(kiosk.main.getByRole('button', { name: 'Digit 5' })).toBeDisabled();

    // Starting again does not help: the right PIN does not open the actions while locked.
    await kiosk.main.getByRole('button', { name: 'Cancel' }).click();
    await kiosk.tapName(`${ben.firstName} ${ben.surname}`);
    await kiosk.enterPin(ben.pin);
    await expect(kiosk.alert).toHaveText(`Too many wrong PINs. Try again at ${until}, or ask a manager.`);
    await expect(kiosk.actions()).toBeHidden();
    await expect(kiosk.main.getByRole('heading', { name: 'PIN locked' })).toBeVisible();

    // The lock is the service's too, not only this tablet's.
    const check = await api.asDevice(device.token, `/kiosk/${demo.kioskId}/checkpin`, { employeeId: ben.employeeId, pin: ben.pin });
    expect(check.status()).toBe(429);
    expect(((await check.json()) as { code?: string }).code).toBe('pin-locked');
  });

  test('Forgot PIN: the e-mail reset is confirmed, and the current PIN still signs in with no forced change', async ({ page, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const elena = staffFor(demo, 'forgotPin');
    const name = fullName(elena);
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);

    await kiosk.tapName(name);
    await kiosk.main.getByRole('button', { name: 'Forgot PIN?' }).click();
    await expect(kiosk.main.getByRole('heading', { name: 'Forgot your PIN?' })).toBeVisible();
    const byEmail = kiosk.main.getByRole('button', { name: 'Send it by email' });
    // Elena has a mobile number too, but the demo business sends no text messages: that button would only fail.
    await expect(byEmail).toBeVisible();
    await expect(kiosk.main.getByRole('button', { name: 'Send it by text message' })).toHaveCount(0);
    // One way out: Back to the PIN pad (no second "Done" beside it).
    await expect(kiosk.main.getByRole('button', { name: 'Done' })).toHaveCount(0);
    await kiosk.review('forgot-pin', byEmail);

    const sent = page.waitForResponse((response) => response.url().includes(`/kiosk/${demo.kioskId}/emailreset`));
    await byEmail.click();
    expect((await sent).ok(), 'the service accepted the reset').toBe(true);
    // Sent: straight on to the code entry (the PIN pad), saying where the code went; no send button is left to tap again.
    const codeTitle = kiosk.main.getByRole('heading', { name: 'Enter the code we sent you' });
    await expect(codeTitle).toBeVisible();
    await expect(
      kiosk.main.getByRole('status').filter({ hasText: 'A one-time code is on its way to your email. Enter it on the PIN pad to choose a new PIN. Or enter your current PIN: it still works.' }),
    ).toBeVisible();
    await expect(byEmail).toHaveCount(0);
    await kiosk.review('forgot-pin-sent', codeTitle);

    // Asking for a reset changes nothing about the PIN: it still signs in, straight to the
    // actions, with no forced PIN change (anyone at the kiosk may ask for anyone's reset).
    await kiosk.enterPin(elena.pin);
    await kiosk.expectActions(elena.firstName);
    await expect(kiosk.main.getByRole('heading', { name: 'Choose a new PIN' })).toHaveCount(0);
  });

  test('A reset code at the PIN pad: used or expired codes are explained, a live one leads to choosing a new PIN (service answers stubbed)', async ({ page, serviceURL, demo }) => {
    test.setTimeout(60_000);
    // The code itself only travels by e-mail, which the browser cannot read: the service's answers
    // to it (routes/kiosk/pins.test.ts proves them) are stubbed here to show the screens.
    const elena = staffFor(demo, 'forgotPin');
    const name = fullName(elena);
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);
    const refusals = [
      { code: 'reset-code-used', text: 'That reset code has already been used. Enter your PIN, or tap “Forgot PIN?” for a new code.', shot: 'pin-reset-used' },
      { code: 'reset-code-expired', text: 'That reset code has expired (codes work for 24 hours). Enter your PIN, or tap “Forgot PIN?” for a new code.', shot: 'pin-reset-expired' },
    ];
    for (const refusal of refusals) {
      await page.route('**/checkpin', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: `https://kiosk-clock.dev/problems/${refusal.code}`, title: 'Refused', status: 400, code: refusal.code, detail: 'Refused' }),
        }),
      );
      await kiosk.tapName(name);
      await kiosk.enterPin('73915264');
      await expect(kiosk.alert).toHaveText(refusal.text);
      await kiosk.review(refusal.shot, kiosk.alert);
      await page.unroute('**/checkpin');
      await kiosk.main.getByRole('button', { name: 'Cancel' }).click();
    }

    // A live code: the service answers as for the PIN, with pinExpired for this sign-in.
    await page.route('**/checkpin', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as Record<string, unknown>), pinExpired: true } });
    });
    await kiosk.tapName(name);
    await kiosk.enterPin(elena.pin);
    await expect(kiosk.main.getByRole('heading', { name: 'Choose a new PIN' })).toBeVisible();
    await expect(kiosk.main.getByText('Choose a new PIN of 4 to 8 digits to continue. It replaces your old PIN.')).toBeVisible();
    await kiosk.review('change-pin-reset', kiosk.okKey());
    await page.unroute('**/checkpin');
    await kiosk.main.getByRole('button', { name: 'Cancel' }).click();
  });

  test('Change PIN from the actions screen: typed twice, confirmed, and only the new PIN works afterwards', async ({ page, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const hamza = staffFor(demo, 'changePin');
    const name = fullName(hamza);
    const fresh = newPinFor(demo, hamza.pin);
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);

    await kiosk.signIn(name, hamza.pin);
    await kiosk.actions().getByRole('button', { name: 'Change PIN' }).click();
    await expect(kiosk.main.getByRole('heading', { name: 'Change your PIN' })).toBeVisible();
    await expect(kiosk.main.getByText('Enter a new PIN (4 to 8 digits)')).toBeVisible();
    await kiosk.review('change-pin', kiosk.okKey());

    // A confirmation that differs starts again.
    await kiosk.enterPin(fresh);
    await expect(kiosk.main.getByText('Enter the new PIN again')).toBeVisible();
    await kiosk.enterPin(fresh.split('').reverse().join(''));
    await expect(kiosk.alert).toHaveText('The two PINs were different. Start again.');
    await expect(kiosk.main.getByText('Enter a new PIN (4 to 8 digits)')).toBeVisible();

    await kiosk.enterPin(fresh);
    await kiosk.enterPin(fresh);
    await kiosk.expectReceipt('pinChanged', name);
    await kiosk.finishReceipt();

    await kiosk.tapName(name);
    await kiosk.enterPin(hamza.pin);
    await expect(kiosk.alert).toHaveText('That PIN is not right. 4 tries left.');
    await kiosk.enterPin(fresh);
    await kiosk.expectActions(hamza.firstName);
  });
});
