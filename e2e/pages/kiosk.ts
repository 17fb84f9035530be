/**
 * Page model of the kiosk's employee flow (src/app/features/kiosk): the staff grid, employee
 * number entry, PIN pad, actions, clock-on options, photo, note, change/forgot PIN and the receipt.
 * Locators follow what a person sees (roles, accessible names, the English texts of
 * src/app/i18n/messages/kiosk.ts); `review()` takes the screenshots of a screen in both tablet
 * orientations and runs axe on each.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PunchKind } from '../../src/domain/attendance';
import type { A11yOptions } from '../support/axe';
import { enrolDeviceThroughApi, type EnrolledDevice } from '../support/enrolDevice';
import { reviewScreen } from '../support/screens';
import type { DemoFile } from '../support/serviceProcess';

/** The punches an employee chooses at the kiosk (a discard is a manager's fix). */
export type Punch = Exclude<PunchKind, 'discard'>;
export type ReceiptKind = Punch | 'note' | 'pinChanged';
export type StaffMember = DemoFile['staff'][number];

/** The staff grid's groups: on shift, those the roster expects now (due or late), everyone else. */
export type GridGroup = 'On shift' | 'Rostered now' | 'Everyone else';

export const fullName = (member: StaffMember): string => `${member.firstName} ${member.surname}`;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Receipt headings (kiosk.done.*). */
const RECEIPT_TITLES: Readonly<Record<ReceiptKind, string>> = {
  clockOn: 'Clocked on',
  startBreak: 'Break started',
  endBreak: 'Break ended',
  clockOff: 'Clocked off',
  note: 'Note saved',
  pinChanged: 'PIN changed',
};

/** Action button labels (kiosk.actions.*). */
const PUNCH_LABELS: Readonly<Record<Punch, string>> = {
  clockOn: 'Clock on',
  startBreak: 'Start break',
  endBreak: 'End break',
  clockOff: 'Clock off',
};

/** Times as the kiosk shows them: Intl in the kiosk's zone (src/app/i18n/formatters.ts). */
export function kioskTime(instant: Date | string, zone: string, locale = 'en-GB'): string {
  // As src/app/i18n/formatters.ts writes it: a 24-hour clock with two-digit hours ("06:05").
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const hour = cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric';
  return new Intl.DateTimeFormat(locale, { timeZone: zone, hour, minute: '2-digit' }).format(new Date(instant));
}

export function kioskWeekdayDate(instant: Date | string, zone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(instant));
}

/** How far the kiosk's corrected clock may be from this machine's (both follow the service). */
const CLOCK_SLACK_MS = 5_000;

/** Every time the kiosk could show for an instant recorded between `from` and `to`. */
export function kioskTimesBetween(from: Date, to: Date, zone: string, locale = 'en-GB'): string[] {
  const times = new Set<string>();
  const last = to.getTime() + CLOCK_SLACK_MS;
  for (let t = from.getTime() - CLOCK_SLACK_MS; t < last + 1_000; t += 1_000) times.add(kioskTime(new Date(Math.min(t, last)), zone, locale));
  return [...times];
}

export interface SmallTarget {
  name: string;
  width: number;
  height: number;
}

export class KioskPage {
  readonly header: Locator;
  readonly main: Locator;
  readonly syncIndicator: Locator;
  readonly receipt: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.main = page.locator('main#main');
    this.syncIndicator = page.getByTestId('sync-indicator');
    this.receipt = page.getByTestId('receipt');
    this.alert = this.main.getByRole('alert');
  }

  /** Enrols this browser as the demo kiosk of `serviceURL` and waits for the staff grid. */
  async enrol(serviceURL: string, demo: DemoFile, name = 'E2E employee tablet', businessName?: string): Promise<EnrolledDevice> {
    const device = await enrolDeviceThroughApi(this.page, serviceURL, demo, name, businessName);
    await expect(this.grid()).toBeVisible({ timeout: 15_000 });
    return device;
  }

  // ---- staff grid ----------------------------------------------------------------------------

  /** The staff grid under "Tap your name": the "On shift" group first, then "Everyone else". */
  grid(): Locator {
    return this.main.getByRole('region', { name: 'Tap your name', exact: true });
  }

  /** One group of the grid ("On shift", "Rostered now" or "Everyone else"): a list named by its heading and count. */
  gridGroup(name: GridGroup): Locator {
    return this.grid().getByRole('list', { name: new RegExp(`^${name} \\d+$`) });
  }

  /** The names in a group, in the order shown. */
  async namesIn(name: GridGroup): Promise<string[]> {
    const labels = await this.gridGroup(name).getByRole('button').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.split(',')[0] ?? '');
  }

  /** A person's card; its accessible name is "<name>, <status line>". */
  card(name: string): Locator {
    return this.grid().getByRole('button', { name: new RegExp(`^${escapeRegExp(name)},`) });
  }

  /**
   * Checks the status line on a person's card, e.g. "Clocked on since 09:05", or a pattern for the
   * whole status line (e.g. /Clocked on since \d{1,2}:\d{2}/).
   */
  async expectStatus(name: string, status: string | RegExp): Promise<void> {
    const expected = typeof status === 'string' ? `${name}, ${status}` : new RegExp(`^${escapeRegExp(name)}, ${status.source}$`);
    await expect(this.card(name)).toHaveAccessibleName(expected);
  }

  /** The idle screen that covers the names once the kiosk has sat untouched on them for a while. */
  idleScreen(): Locator {
    return this.page.getByTestId('idle-screen');
  }

  /**
   * Taps a name as a person does: first a tap on the idle screen when it is up (a test that moves
   * the clock on by hours finds it there), then the card.
   */
  async tapName(name: string): Promise<void> {
    const pinStep = this.main.getByRole('heading', { name: 'Enter your PIN' });
    await expect(async () => {
      // On a loaded machine a tap can take effect after its click() gave up: the PIN step is
      // then already showing, and tapping again would look for a card that has gone.
      if (await pinStep.isVisible()) return;
      if (await this.idleScreen().isVisible()) await this.idleScreen().click();
      await this.card(name).click({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(pinStep).toBeVisible();
  }

  async useEmployeeNumber(): Promise<void> {
    await this.main.getByRole('button', { name: 'Use my employee number' }).click();
    await expect(this.main.getByRole('heading', { name: 'Enter your employee number' })).toBeVisible();
  }

  /** The digits shown on the employee number screen. */
  numberDisplay(): Locator {
    return this.main.getByRole('status', { name: 'Employee number' });
  }

  // ---- keypad (PIN, number, change PIN) -----------------------------------------------------

  /** Taps keypad digits one by one (`keyLabel` names the keys: "Digit 1", or "Dígito 1" in Spanish). */
  async typeDigits(digits: string, keyLabel = 'Digit'): Promise<void> {
    for (const digit of digits) await this.main.getByRole('button', { name: `${keyLabel} ${digit}`, exact: true }).click();
  }

  okKey(): Locator {
    return this.main.getByRole('button', { name: 'OK', exact: true });
  }

  /** The "<n> digits entered" status above the PIN pad. */
  async expectDigitsEntered(count: number): Promise<void> {
    await expect(this.main.getByRole('status', { name: `${count} digits entered` })).toBeVisible();
  }

  /** Types a PIN and taps OK (no check of the outcome). */
  async enterPin(pin: string): Promise<void> {
    await this.typeDigits(pin);
    await this.okKey().click();
  }

  /** Name, PIN, and the actions screen. */
  async signIn(name: string, pin: string): Promise<void> {
    await this.tapName(name);
    await this.enterPin(pin);
    await this.expectActions();
  }

  // ---- actions ---------------------------------------------------------------------------------

  actions(): Locator {
    return this.main.locator('section[aria-labelledby="actions-title"]');
  }

  async expectActions(firstName?: string): Promise<void> {
    await expect(this.actions()).toBeVisible();
    if (firstName) await expect(this.actions().getByRole('heading', { level: 1 })).toHaveText(`Hi ${firstName}`);
  }

  /** The punch buttons offered, in order, by their data-punch. */
  async offeredPunches(): Promise<Punch[]> {
    const kinds = await this.actions().locator('[data-punch]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-punch') ?? ''));
    return kinds as Punch[];
  }

  /**
   * Before a person's first photo the kiosk shows the business's photo notice (once per person,
   * on any tablet); they tap "I understand". `timeout`: an unverified punch gets there only after
   * the wait for the service.
   */
  async acknowledgePhotoNotice(timeout = 5_000): Promise<void> {
    await expect(this.main.getByRole('heading', { name: 'Before your first photo' })).toBeVisible({ timeout });
    await this.main.getByRole('button', { name: 'I understand' }).click();
  }

  async choose(action: Punch): Promise<void> {
    await this.actions().getByRole('button', { name: PUNCH_LABELS[action], exact: true }).click();
  }

  /** The line under the greeting saying where the person stands (after their full name). */
  statusLine(): Locator {
    return this.actions().locator('p:not([data-testid="full-name"])').first();
  }

  /** The "This is a paid break" switch (a large on/off control, not a small checkbox). */
  paidBreakSwitch(): Locator {
    return this.actions().getByRole('switch', { name: 'This is a paid break' });
  }

  // ---- clock-on options ------------------------------------------------------------------------

  options(): Locator {
    return this.main.locator('section[aria-labelledby="options-title"]');
  }

  async pickOption(group: 'Location' | 'Work type' | 'Classification', label: string): Promise<void> {
    const fieldset = this.options().getByRole('group', { name: new RegExp(`^${group}`) });
    await fieldset.getByRole('radio', { name: label, exact: true }).check();
  }

  async confirmClockOn(): Promise<void> {
    await this.options().getByRole('button', { name: 'Clock on', exact: true }).click();
  }

  /** Name, PIN, Clock on with what the options step preselects, and past the receipt. */
  async clockOnAsIs(person: { firstName: string; surname: string; pin: string }): Promise<void> {
    await this.signIn(`${person.firstName} ${person.surname}`, person.pin);
    await this.choose('clockOn');
    await this.confirmClockOn();
    await this.expectReceipt('clockOn');
    await this.finishReceipt();
  }

  // ---- receipt ---------------------------------------------------------------------------------

  /** Waits for the receipt of `kind`; returns the time it shows. */
  async expectReceipt(kind: ReceiptKind, line?: string): Promise<string> {
    await expect(this.receipt).toBeVisible();
    await expect(this.receipt).toHaveAttribute('data-kind', kind);
    await expect(this.receipt.getByRole('heading', { level: 1 })).toHaveText(RECEIPT_TITLES[kind]);
    if (line) await expect(this.receipt.getByText(line, { exact: true })).toBeVisible();
    return (await this.receiptTime().innerText()).trim();
  }

  /** The big time on the receipt (the first paragraph). */
  receiptTime(): Locator {
    return this.receipt.locator('p').first();
  }

  receiptDate(): Locator {
    return this.receipt.locator('p').nth(1);
  }

  /** A figure on the receipt ("Today", "This week", "This shift", "Unpaid break"...), as shown. */
  receiptFigure(label: string): Locator {
    return this.receipt.getByTestId('receipt-hours').locator('div', { has: this.page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).locator('dd');
  }

  /** The receipt's line of what a clock-on recorded ("Front counter · Counter service"). */
  receiptRecorded(): Locator {
    return this.receipt.getByTestId('receipt-recorded');
  }

  /** The receipt's reminder of what to do next ("Clock off when you finish."). */
  receiptNext(text: string): Locator {
    return this.receipt.getByText(text, { exact: true });
  }

  async finishReceipt(): Promise<void> {
    await this.receipt.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(this.grid()).toBeVisible();
  }

  // ---- sync ------------------------------------------------------------------------------------

  /** Waits until the outbox is empty and the engine is not offline or failing. */
  async waitForSync(timeout = 15_000): Promise<void> {
    await expect(this.syncIndicator).toHaveAttribute('data-pending', '0', { timeout });
    await expect(this.syncIndicator).not.toHaveAttribute('data-state', /offline|error/, { timeout });
  }

  // ---- language --------------------------------------------------------------------------------

  async switchLanguage(to: 'Español' | 'English'): Promise<void> {
    await this.header.getByRole('button', { name: `Language: ${to}` }).click();
  }

  // ---- review: screenshots and accessibility ---------------------------------------------------

  /**
   * Screenshot (e2e/screenshots/<name>-<orientation>.png) and axe scan of the current screen in both
   * orientations; `ready` is what must be on screen first. Targets under 48 px are attached to the
   * report for the screenshot review.
   */
  async review(name: string, ready: Locator, a11y: A11yOptions = {}): Promise<void> {
    await reviewScreen(this.page, name, {
      ready: () => expect(ready).toBeVisible(),
      a11y,
      afterScan: async (orientation) => {
        // A timed screen (the receipt) must not have moved on while it was being checked.
        await expect(ready, `${name} was still on screen after its screenshot and axe scan`).toBeVisible({ timeout: 100 });
        const findings = [
          ...(await this.smallTargets()).map((t) => `target under 48 px: ${t.name} ${t.width}x${t.height}`),
          ...(await this.clippedText()).map((c) => `text ${c.how}: "${c.text}" (${c.shown} of ${c.needed} px)`),
        ];
        if (findings.length > 0) {
          await test.info().attach(`layout findings: ${name}, ${orientation}`, { body: findings.join('\n'), contentType: 'text/plain' });
        }
      },
    });
  }

  /**
   * Text that does not fit its box: cut off by overflow hidden/clip ("clipped"), or spilling out of
   * a control ("overflowing"). Reported for the screenshot review, not asserted.
   */
  async clippedText(): Promise<Array<{ text: string; how: 'clipped' | 'overflowing'; shown: number; needed: number }>> {
    return this.page.evaluate(() => {
      const found: Array<{ text: string; how: 'clipped' | 'overflowing'; shown: number; needed: number }> = [];
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        const hasOwnText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        // Skip the invisible and the visually hidden (1 px boxes for screen readers).
        if (!hasOwnText || element.clientWidth <= 1 || element.clientHeight <= 1) continue;
        const style = getComputedStyle(element);
        const overflowing = element.scrollWidth > element.clientWidth + 1;
        if (!overflowing) continue;
        const hidden = style.overflowX === 'hidden' || style.overflowX === 'clip';
        const isControl = element.matches('button, [role="button"], a[href]');
        if (hidden || isControl) {
          found.push({ text: element.textContent?.trim() ?? '', how: hidden ? 'clipped' : 'overflowing', shown: element.clientWidth, needed: element.scrollWidth });
        }
      }
      return found;
    });
  }

  /** Visible controls whose tap area is under 48 px in either direction. */
  async smallTargets(): Promise<SmallTarget[]> {
    return this.page.evaluate((min) => {
      const found: Array<{ name: string; width: number; height: number }> = [];
      const controls = document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]');
      for (const control of controls) {
        // A checkbox or radio is tapped through its label.
        const target = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') ? (control.closest('label') ?? control) : control;
        const box = target.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.width < min || box.height < min) {
          const name = control.getAttribute('aria-label') ?? target.textContent?.trim() ?? control.tagName;
          found.push({ name: `${control.tagName.toLowerCase()} "${name}"`, width: Math.round(box.width), height: Math.round(box.height) });
        }
      }
      return found;
    }, 48);
  }
}
