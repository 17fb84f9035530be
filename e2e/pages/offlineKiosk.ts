/**
 * Page model of what the offline tests look at beyond the screens of kiosk.ts (the kiosk's own
 * IndexedDB is support/kioskStore.ts): the manager's device health panel (This device: queue,
 * sync state, "Needs attention" with "Send again"), a whole punch through the screens (KioskPage
 * underneath), and the service's punch audit trail (GET /kiosk/punches, as the demo manager's API
 * key), to count deliveries exactly.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PunchRecordModel } from '../../src/contract/supporting/kiosk';
import { apiKeyAuth } from '../support/serviceApi';
import type { DemoFile } from '../support/serviceProcess';
import { fullName, type KioskPage, type Punch, type StaffMember } from './kiosk';

export type { PunchRecordModel };

/** Manager mode, This device: the health panel and the "Needs attention" list (DeviceHealth.tsx). */
export class DeviceHealthPanel {
  readonly panel: Locator;
  readonly queue: Locator;
  readonly syncState: Locator;
  readonly attentionList: Locator;
  readonly attentionHeading: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('device-health');
    this.queue = page.getByTestId('health-queue');
    this.syncState = this.panel.locator('span[data-state]');
    this.attentionList = page.getByTestId('attention-list');
    this.attentionHeading = page.getByRole('heading', { name: /^Needs attention \(\d+\)$/ });
  }

  async sendNow(): Promise<void> {
    await this.page.getByRole('button', { name: 'Send now', exact: true }).click();
  }

  /** The entry for "<operation> for <name> at <time>". */
  item(operation: string, name: string): Locator {
    return this.attentionList.getByRole('listitem').filter({ hasText: `${operation} for ${name} at` });
  }

  async sendAgain(item: Locator): Promise<void> {
    await item.getByRole('button', { name: 'Send again', exact: true }).click();
  }
}

/**
 * One punch through the screens: name, PIN, the punch, the clock-on options when offered (left
 * as they are), the receipt. `onReceipt` runs while the receipt is up (within its 6 s); then Done.
 */
export async function punchThroughScreens(
  kiosk: KioskPage,
  member: StaffMember,
  kind: Punch,
  options: { queued?: boolean; onReceipt?: () => Promise<void> } = {},
): Promise<void> {
  await kiosk.signIn(fullName(member), member.pin);
  await kiosk.choose(kind);
  if (kind === 'clockOn') {
    await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
    if (await kiosk.options().isVisible()) await kiosk.confirmClockOn();
  }
  await kiosk.expectReceipt(kind);
  const saved = kiosk.receipt.getByText('Saved on this kiosk. It will be sent as soon as the network is back.');
  if (options.queued === true) await expect(saved).toBeVisible();
  await options.onReceipt?.();
  await kiosk.finishReceipt();
}

/** The service's punch audit trail for one business, read directly (never through a fault proxy). */
export class PunchAudit {
  constructor(
    private readonly request: APIRequestContext,
    private readonly serviceURL: string,
    private readonly demo: DemoFile,
  ) {}

  async list(): Promise<PunchRecordModel[]> {
    const response = await this.request.get(`${this.serviceURL}/api/v2/business/${this.demo.businessId}/kiosk/punches`, {
      headers: apiKeyAuth(this.demo.apiKey),
      params: { KioskId: this.demo.kioskId },
    });
    if (!response.ok()) throw new Error(`GET kiosk/punches answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as PunchRecordModel[];
  }

  /** Punches one device sent (recordedBy `device:<id>`). */
  async byDevice(deviceId: number): Promise<PunchRecordModel[]> {
    return (await this.list()).filter((punch) => punch.recordedBy === `device:${deviceId}`);
  }
}
