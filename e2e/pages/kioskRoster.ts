/**
 * Page model of what the roster adds to the kiosk's employee flow: the
 * matched shift and the early/late word on the actions screen, the shift pick, the receipt's
 * roster line, and the forgotten clock-off's "When did you finish?" screen and receipt. Builds on
 * KioskPage (e2e/pages/kiosk.ts) for everything else; texts are the English ones of
 * src/app/i18n/messages/kioskRoster.ts.
 */
import { expect, type Locator } from '@playwright/test';
import type { KioskPage } from './kiosk';

export class KioskRosterScreens {
  constructor(readonly kiosk: KioskPage) {}

  /** The "Your shift" card on the actions screen. */
  shiftCard(): Locator {
    return this.kiosk.actions().getByTestId('roster-shift');
  }

  /** The "Which shift are you starting?" choice on the actions screen. */
  shiftPick(): Locator {
    return this.kiosk.actions().getByRole('group', { name: /^Which shift are you starting\?/ });
  }

  /** The pick with the early/late word under it. */
  shiftPickCard(): Locator {
    return this.kiosk.actions().getByTestId('roster-pick');
  }

  async pickShift(label: string): Promise<void> {
    await this.shiftPick().getByRole('radio', { name: label, exact: true }).check();
  }

  /** The receipt's roster comparison: "Rostered 09:00–17:00 · 12 min early" (names only where they differ from what was recorded). */
  receiptLine(): Locator {
    return this.kiosk.receipt.getByTestId('receipt-roster');
  }

  /** The receipt's recorded choices: "Front counter · Counter service". */
  receiptRecorded(): Locator {
    return this.kiosk.receipt.getByTestId('receipt-recorded');
  }

  // ---- forgotten clock-off -----------------------------------------------------------------

  finishScreen(): Locator {
    return this.kiosk.main.getByTestId('finish-time');
  }

  /** Name and PIN of someone on a forgotten shift: the kiosk asks when they finished first. */
  async signInForgotten(name: string, pin: string): Promise<void> {
    await this.kiosk.tapName(name);
    await this.kiosk.enterPin(pin);
    await expect(this.finishScreen().getByRole('heading', { name: 'When did you finish?', level: 1 })).toBeVisible();
  }

  /** "I finished at 17:00", the rostered end. */
  rosteredFinish(): Locator {
    return this.finishScreen().getByRole('button', { name: /^I finished at / });
  }

  /** The "Time I finished" pickers (hour and minute). */
  finishClock(): Locator {
    return this.finishScreen().getByRole('group', { name: 'Time I finished' });
  }

  /** Picks a 24-hour "HH:MM" in the hour and minute pickers. */
  async setFinishTime(hhmm: string): Promise<void> {
    const [hour = '', minute = ''] = hhmm.split(':');
    await this.finishClock().getByLabel('Hour').selectOption(hour);
    await this.finishClock().getByLabel('Minute').selectOption(minute);
  }

  /** Picks the day of the finish (offered only when the shift spans more than one day). */
  async pickFinishDay(label: string): Promise<void> {
    const days = this.finishScreen().getByRole('group', { name: /^Day/ });
    if ((await days.count()) === 0) return;
    await days.getByRole('radio', { name: label, exact: true }).check();
  }

  async clockMeOff(): Promise<void> {
    await this.finishScreen().getByRole('button', { name: 'Clock me off', exact: true }).click();
  }

  async stillWorking(): Promise<void> {
    await this.finishScreen().getByRole('button', { name: 'I am still working', exact: true }).click();
  }

  clockOnForToday(): Locator {
    return this.kiosk.receipt.getByRole('button', { name: 'Clock on for today', exact: true });
  }
}
