/**
 * A kiosk that stays a kiosk and has no dead ends, against the real shared service: the browser's
 * Back steps back within the employee flow and never leaves the app; "Forgot PIN?" offers only
 * the channels that can reach the person (none for someone with only a mobile number while the
 * business sends no text messages: a manager instead); a guessable new PIN is refused with the
 * reason and a good one is confirmed; a clock-off tapped by mistake can be undone from its receipt
 * and never reaches the service; the note step says who sees a note as two large choices. Each
 * test adds the people it needs (ServiceApi.addStaff), so it shares no one with other specs.
 */
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { goodPin } from './support/pins';
import { KioskPage } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { ServiceApi } from './support/serviceApi';
import { uniqueWord } from './support/staff';
import type { DemoFile } from './support/serviceProcess';

/** A surname no other test (or earlier run on the same service) uses. */
function uniqueSurname(stem: string): string {
  return `${stem}-${uniqueWord()}`;
}

/** Back, as the browser's button (or a history gesture) does it; the page must stay in the app. */
async function pressBack(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.goBack({ waitUntil: 'commit' }).catch(() => null);
  expect(new URL(page.url()).origin, 'Back left the app').toBe(origin);
}

interface Person {
  firstName: string;
  surname: string;
  email: string | null;
  mobileNumber: string | null;
  pin: string;
}

/**
 * Adds a person of the test's own to the demo kiosk (no email or mobile unless given), then enrols
 * the browser as that kiosk.
 */
async function personAtKiosk(page: Page, api: ServiceApi, serviceURL: string, demo: DemoFile, firstName: string, stem: string, contact: Partial<Person> = {}) {
  const person: Person = { firstName, surname: uniqueSurname(stem), email: null, mobileNumber: null, pin: goodPin(), ...contact };
  const employeeId = await api.addStaff(person);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo);
  return { person, employeeId, name: `${person.firstName} ${person.surname}`, kiosk };
}

test.describe('a kiosk that stays a kiosk', () => {
  test('Back steps back within the flow, records nothing, and never leaves the app', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const { person, employeeId, name, kiosk } = await personAtKiosk(page, api, serviceURL, demo, 'Noor', 'Back');

    // On the grid Back does nothing, several times in a row, without a touch in between.
    for (let press = 0; press < 3; press += 1) await pressBack(page);
    await expect(kiosk.grid()).toBeVisible();

    // The PIN pad: back to the grid.
    await kiosk.tapName(name);
    await pressBack(page);
    await expect(kiosk.grid()).toBeVisible();

    // Forgot PIN goes back to the PIN pad, the PIN pad to the grid.
    await kiosk.tapName(name);
    await kiosk.main.getByRole('button', { name: 'Forgot PIN?' }).click();
    await expect(kiosk.main.getByRole('heading', { name: 'Forgot your PIN?' })).toBeVisible();
    await pressBack(page);
    await expect(kiosk.main.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    await pressBack(page);
    await expect(kiosk.grid()).toBeVisible();

    // A clock-on's choices go back to the actions, the actions to the grid: nothing was recorded.
    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOn');
    await expect(kiosk.options()).toBeVisible();
    await pressBack(page);
    await kiosk.expectActions(person.firstName);
    expect(await kiosk.offeredPunches()).toEqual(['clockOn']);
    await pressBack(page);
    await expect(kiosk.grid()).toBeVisible();
    await kiosk.expectStatus(name, 'Not clocked on');
    expect(await api.shifts(employeeId)).toEqual([]);

    // After touches, Back still stays: the guard is topped up by every touch.
    await kiosk.tapName(name);
    await pressBack(page);
    await pressBack(page);
    await pressBack(page);
    await expect(kiosk.grid()).toBeVisible();

    // A reload (an update, a manager's refresh) leaves the kiosk just as guarded, before any touch.
    await page.reload();
    await expect(kiosk.grid()).toBeVisible();
    for (let press = 0; press < 3; press += 1) await pressBack(page);
    await expect(kiosk.grid()).toBeVisible();
  });

  test('Forgot PIN offers only what can reach the person; someone with no email is sent to a manager, not to a button that fails', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    // The demo business sends no text messages: a mobile number alone cannot get a code.
    const mobileOnly = { firstName: 'Hamid', surname: uniqueSurname('Mobile'), email: null, mobileNumber: '+44 7700 900555', pin: goodPin() };
    const nothing = { firstName: 'Nell', surname: uniqueSurname('Nocontact'), email: null, mobileNumber: null, pin: goodPin() };
    await api.addStaff(mobileOnly);
    await api.addStaff(nothing);
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);
    const sendButtons = kiosk.main.getByRole('button', { name: /^Send it by/ });

    await kiosk.tapName(`${mobileOnly.firstName} ${mobileOnly.surname}`);
    await kiosk.main.getByRole('button', { name: 'Forgot PIN?' }).click();
    await expect(kiosk.main.getByRole('heading', { name: 'Forgot your PIN?' })).toBeVisible();
    await expect(kiosk.main.getByText('A manager can set a new PIN for you in manager mode.')).toBeVisible();
    await expect(
      kiosk.main.getByText('This workplace does not send codes by text message, and there is no email address on file for you. Ask a manager to set a new PIN for you.'),
    ).toBeVisible();
    await expect(sendButtons).toHaveCount(0);
    await kiosk.review('forgot-pin-no-channel', kiosk.main.getByRole('heading', { name: 'Forgot your PIN?' }));
    // The way out goes back to the PIN pad, where the current PIN still works.
    await kiosk.main.getByRole('button', { name: 'Back' }).click();
    await kiosk.enterPin(mobileOnly.pin);
    await kiosk.expectActions(mobileOnly.firstName);
    await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
    await expect(kiosk.grid()).toBeVisible();

    await kiosk.tapName(`${nothing.firstName} ${nothing.surname}`);
    await kiosk.main.getByRole('button', { name: 'Forgot PIN?' }).click();
    await expect(kiosk.main.getByText('There is no email address or mobile number on file for you. Ask a manager.')).toBeVisible();
    await expect(sendButtons).toHaveCount(0);
  });

  test('A guessable new PIN is refused with the reason; a good one is confirmed on screen and is the only one that works', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const { person, name, kiosk } = await personAtKiosk(page, api, serviceURL, demo, 'Pia', 'Pin');
    const fresh = goodPin(person.pin);

    await kiosk.signIn(name, person.pin);
    await kiosk.actions().getByRole('button', { name: 'Change PIN' }).click();
    await expect(kiosk.main.getByText('Enter a new PIN (4 to 8 digits)')).toBeVisible();
    const refusals = [
      ['1234', 'That PIN is too easy to guess: its digits count up or down (like 1234 or 9876). Choose another.'],
      ['9876', 'That PIN is too easy to guess: its digits count up or down (like 1234 or 9876). Choose another.'],
      ['1111', 'That PIN is too easy to guess: it repeats the same digits (like 1111 or 1212). Choose another.'],
      ['4545', 'That PIN is too easy to guess: it repeats the same digits (like 1111 or 1212). Choose another.'],
    ] as const;
    for (const [pin, reason] of refusals) {
      await kiosk.enterPin(pin);
      await expect(kiosk.alert).toHaveText(reason);
      // Refused at the first entry: it is not asked for again.
      await expect(kiosk.main.getByText('Enter a new PIN (4 to 8 digits)')).toBeVisible();
      await kiosk.expectDigitsEntered(0);
    }
    await kiosk.review('change-pin-refused', kiosk.alert);

    await kiosk.enterPin(fresh);
    await expect(kiosk.main.getByText('Enter the new PIN again')).toBeVisible();
    await kiosk.enterPin(fresh);
    await kiosk.expectReceipt('pinChanged', name);
    await kiosk.review('receipt-pin-changed', kiosk.receipt);
    await kiosk.finishReceipt();

    await kiosk.tapName(name);
    await kiosk.enterPin(person.pin);
    await expect(kiosk.alert).toHaveText('That PIN is not right. 4 tries left.');
    await kiosk.enterPin(fresh);
    await kiosk.expectActions(person.firstName);
  });

  test('A clock-off tapped by mistake is undone from its receipt and never reaches the service; the next one does', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(90_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const { person, employeeId, name, kiosk } = await personAtKiosk(page, api, serviceURL, demo, 'Ugo', 'Undo');

    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOn');
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();
    await kiosk.waitForSync();

    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');
    const undo = kiosk.receipt.getByRole('button', { name: 'Undo clock-off' });
    await kiosk.review('receipt-clock-off-undo', undo);
    await undo.click();

    // Back at the actions, still clocked on, without the PIN again, and told so.
    await kiosk.expectActions(person.firstName);
    await expect(kiosk.main.getByRole('status').filter({ hasText: 'Clock-off undone: you are still clocked on.' })).toBeVisible();
    expect(await kiosk.offeredPunches()).toContain('clockOff');
    await kiosk.review('actions-clock-off-undone', kiosk.actions());
    await kiosk.main.getByRole('button', { name: 'Not you?' }).click();
    await kiosk.waitForSync();
    const afterUndo = await api.shifts(employeeId);
    expect(afterUndo).toHaveLength(1);
    expect(afterUndo[0]?.endTimeUtc ?? null, 'the undone clock-off never reached the service').toBeNull();
    await expect(kiosk.card(name)).toHaveAccessibleName(new RegExp(`^${name}, Clocked on since`));

    // A clock-off left alone is sent once the receipt goes.
    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');
    await kiosk.finishReceipt();
    await kiosk.waitForSync();
    await expect.poll(async () => (await api.shifts(employeeId))[0]?.endTimeUtc ?? null).not.toBeNull();
    await kiosk.expectStatus(name, 'Clocked off');
  });

  test('A tablet whose storage refuses a punch says so and records nothing; once storage works the same tap goes through, once', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const { person, employeeId, name, kiosk } = await personAtKiosk(page, api, serviceURL, demo, 'Sami', 'Storage');
    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOn');
    await expect(kiosk.options()).toBeVisible();

    // The outbox's store throws as IndexedDB does when the tablet's disk is full.
    await page.evaluate(() => {
      const add = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'add')?.value as IDBObjectStore['add'];
      const full = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>): IDBRequest<IDBValidKey> {
        if (this.name === 'outbox') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return add.apply(this, args);
      };
      IDBObjectStore.prototype.add = full;
      (window as unknown as { storageWorksAgain: () => void }).storageWorksAgain = () => {
        IDBObjectStore.prototype.add = add;
      };
    });
    await kiosk.confirmClockOn();
    const refusal = kiosk.options().getByText('This tablet could not save your punch, so nothing was recorded. Please try again, and tell a manager if it happens again.');
    await expect(refusal).toBeVisible();
    await kiosk.review('options-storage-failed', refusal);
    const clockOn = kiosk.options().getByRole('button', { name: 'Clock on', exact: true });
    await expect(clockOn, 'the person can try again').toBeEnabled();
    expect(await new KioskStore(page).outbox(), 'nothing queued').toEqual([]);

    await page.evaluate(() => (window as unknown as { storageWorksAgain: () => void }).storageWorksAgain());
    await clockOn.click();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();
    await kiosk.waitForSync();
    expect((await api.shifts(employeeId)).length, 'one clock-on reached the service').toBe(1);
  });
  test('The note step says who sees the note in two large choices; "Managers only" keeps it off the timesheet', async ({ page, request, serviceURL, demo }) => {
    test.setTimeout(60_000);
    const api = new ServiceApi(request, serviceURL, demo);
    const { person, employeeId, name, kiosk } = await personAtKiosk(page, api, serviceURL, demo, 'Nia', 'Note');
    const text = `The back door sticks (${randomInt(1_000_000)})`;

    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOn');
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();

    await kiosk.signIn(name, person.pin);
    await kiosk.actions().getByRole('button', { name: 'Leave a note' }).click();
    await expect(kiosk.main.getByText('It is kept with this shift. Your managers always see it.')).toBeVisible();
    const who = kiosk.main.getByRole('group', { name: 'Who sees it' });
    const everyone = who.getByRole('radio', { name: /^You and your managers/ });
    const managersOnly = who.getByRole('radio', { name: /^Managers only/ });
    await expect(everyone).toBeChecked();
    await kiosk.main.getByRole('textbox', { name: /^Note/ }).fill(text);
    await managersOnly.check();
    await expect(managersOnly).toBeChecked();
    // Each choice is a whole tappable row, not a small checkbox.
    for (const choice of [everyone, managersOnly]) {
      const box = await choice.locator('xpath=ancestor::label[1]').boundingBox();
      expect(box?.height ?? 0, 'a choice is at least 48 px tall').toBeGreaterThanOrEqual(48);
    }
    await kiosk.review('note-who-sees', who);
    await kiosk.main.getByRole('button', { name: 'Save note' }).click();
    await kiosk.expectReceipt('note', name);
    await kiosk.finishReceipt();

    await kiosk.waitForSync();
    const [shift] = await api.shifts(employeeId);
    const notes = await api.shiftNotes(shift?.id ?? -1);
    expect(notes.map((n) => ({ note: n.note, visibility: n.visibility }))).toContainEqual({ note: text, visibility: 'Hidden' });
  });
});
