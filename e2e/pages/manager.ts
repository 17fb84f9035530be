/**
 * Page model of manager mode for browser specs: opening it from the kiosk header, signing in,
 * switching tabs, and screenshots with an accessibility check of the current screen in both
 * tablet orientations. Plus the few service calls specs make with the demo API key (arranging
 * data and checking what manager mode did), so a spec reads as what a manager does.
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { reviewScreen } from '../support/screens';
import type { DemoFile } from '../support/serviceProcess';
import { goodPin } from '../support/pins';

export type ManagerTabName = 'On site' | 'Roster' | 'Timesheets' | 'Staff' | 'Badges' | 'Fix shifts' | 'Notes' | 'Settings' | 'This device';

export class ManagerMode {
  constructor(
    readonly page: Page,
    readonly demo: DemoFile,
  ) {}

  /** The kiosk header's Manager button, on to the e-mail and password form (past the PIN gate, if a manager has a PIN). */
  async open(): Promise<void> {
    await this.openGate();
    const usePassword = this.page.getByRole('button', { name: 'Use e-mail and password instead' });
    const signIn = this.page.getByRole('heading', { name: 'Sign in as a manager' });
    await expect(signIn.or(usePassword)).toBeVisible();
    if (await usePassword.isVisible()) await usePassword.click();
    await expect(signIn).toBeVisible();
  }

  /** The kiosk header's Manager button, whatever way in it shows first. */
  async openGate(): Promise<void> {
    // A kiosk left on the names for a while shows its idle screen over them: a tap wakes it first.
    const idle = this.page.getByTestId('idle-screen');
    await expect(async () => {
      if (await idle.isVisible()) await idle.click();
      await this.page.getByRole('button', { name: 'Manager', exact: true }).click({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** The manager PIN pad, for the manager named (tapping the name first when several are offered). */
  async typeManagerPin(name: string, pin: string): Promise<void> {
    const heading = this.page.getByRole('heading', { name: `Manager PIN for ${name}` });
    const choice = this.page.getByRole('button', { name: `Manager ${name}`, exact: true });
    await expect(heading.or(choice)).toBeVisible();
    if (await choice.isVisible()) await choice.click();
    await expect(heading).toBeVisible();
    for (const digit of pin) await this.page.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
    await this.page.getByRole('button', { name: 'Open', exact: true }).click();
  }

  async fillCredentials(username: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail address').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Opens manager mode and signs in as the demo manager; resolves with the issued access token. */
  async signIn(): Promise<string> {
    await this.open();
    const token = this.page.waitForResponse((response) => response.url().endsWith('/oauth/token') && response.request().method() === 'POST');
    await this.fillCredentials(this.demo.manager.username, this.demo.manager.password);
    const body = (await (await token).json()) as { access_token: string };
    await expect(this.tab('On site')).toHaveAttribute('aria-selected', 'true');
    return body.access_token;
  }

  tab(name: ManagerTabName) {
    return this.page.getByRole('tab', { name });
  }

  async goTo(name: ManagerTabName): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  async exit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Exit manager mode' }).click();
    await expect(this.page.getByRole('heading', { name: 'Tap your name' })).toBeVisible();
  }

  // ---- This device: all devices (fleet health) --------------------------------------------

  /** The "All devices" list on the This device tab. */
  allDevices() {
    return this.page.getByTestId('fleet-list');
  }

  /** One device's entry in "All devices". */
  fleetDevice(deviceId: number) {
    return this.page.locator(`[data-testid="fleet-device"][data-device-id="${deviceId}"]`);
  }

  // ---- Staff: set a PIN -----------------------------------------------------------------------

  /** Finds a person on the Staff tab and opens their "Set PIN" dialog. */
  async openSetPin(name: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Find a person' }).fill(name);
    await this.page.getByRole('button', { name: `Set a PIN for ${name}` }).click();
    await expect(this.setPinDialog()).toBeVisible();
  }

  setPinDialog() {
    return this.page.getByRole('dialog', { name: /^Set a PIN for / });
  }

  /** Types the PIN twice (or a different second one) and confirms. */
  async submitPin(pin: string, again = pin): Promise<void> {
    const dialog = this.setPinDialog();
    await dialog.getByLabel('PIN', { exact: true }).fill(pin);
    await dialog.getByLabel('PIN again').fill(again);
    await dialog.getByRole('button', { name: 'Set PIN' }).click();
  }

  // ---- Roster and Timesheets ------------------------------------------------------------------

  /** A person's shift on the Roster tab (its `data-attendance` says arrived, due, overdue, absent or upcoming). */
  rosterRow(name: string) {
    return this.page.getByTestId('roster-row').filter({ hasText: name });
  }

  /** A person's timesheet line on the Timesheets tab (`data-status`, `data-line-id`). */
  timesheetLine(name: string) {
    return this.page.getByTestId('timesheet-line').filter({ hasText: name });
  }

  /** A forgotten clock-off waiting on the Timesheets tab. */
  correction(name: string) {
    return this.page.getByTestId('shift-correction').filter({ hasText: name });
  }

  /** Screenshot and axe check of what is on screen now, in portrait and landscape. */
  async capture(name: string, ready?: () => Promise<void>): Promise<void> {
    await reviewScreen(this.page, name, { ready });
  }
}

/** Calls to the shared service as the demo manager's API key. */
export class DemoApi {
  constructor(
    readonly request: APIRequestContext,
    readonly serviceURL: string,
    readonly demo: DemoFile,
  ) {}

  private get auth() {
    return { authorization: `Basic ${Buffer.from(`${this.demo.apiKey}:`).toString('base64')}` };
  }

  get business(): string {
    return `${this.serviceURL}/api/v2/business/${this.demo.businessId}`;
  }

  get kiosk(): string {
    return `${this.business}/kiosk/${this.demo.kioskId}`;
  }

  private async json<T>(response: APIResponse): Promise<T> {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  get<T>(path: string): Promise<T> {
    return this.request.get(path, { headers: this.auth }).then((r) => this.json<T>(r));
  }

  post<T>(path: string, data: unknown): Promise<T> {
    return this.request.post(path, { headers: this.auth, data }).then((r) => this.json<T>(r));
  }

  put<T>(path: string, data: unknown): Promise<T> {
    return this.request.put(path, { headers: this.auth, data }).then((r) => this.json<T>(r));
  }

  /** Enrols another device on the demo kiosk (the browser does not use it); returns its id and credential. */
  enrolDevice(name: string): Promise<{ id: number; token: string }> {
    return this.post<{ id: number; token: string }>(`${this.kiosk}/devices`, { name });
  }

  /** Every device of the business with its health and silent flag, as the service computes them. */
  fleet(): Promise<Array<{ id: number; isSilent: boolean; health: unknown }>> {
    return this.get(`${this.business}/devices`);
  }

  /** A new kiosk person with a unique name; returns their id, name and PIN. */
  async addPerson(label: string): Promise<{ employeeId: number; firstName: string; surname: string; name: string; pin: string }> {
    const firstName = label;
    const surname = `Test${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    // A random PIN could be one the service refuses as guessable (4444, 5678): one it accepts.
    const pin = goodPin();
    const created = await this.post<{ employeeId: number }>(`${this.kiosk}/staff`, { firstName, surname, pin });
    return { employeeId: created.employeeId, firstName, surname, name: `${firstName} ${surname}`, pin };
  }

  /** Clocks someone on through the API, optionally at an earlier time; returns the open shift id. */
  async clockOn(employeeId: number, recordedTimeUtc?: string): Promise<number> {
    const state = await this.post<{ currentShiftId: number | null }>(`${this.kiosk}/clockon`, { employeeId, ...(recordedTimeUtc ? { recordedTimeUtc } : {}) });
    if (state.currentShiftId === null) throw new Error('clock-on opened no shift');
    return state.currentShiftId;
  }

  staffMember(employeeId: number): Promise<{ status: string; employeeId: number } | undefined> {
    return this.get<Array<{ status: string; employeeId: number }>>(`${this.kiosk}/staff`).then((list) => list.find((s) => s.employeeId === employeeId));
  }
}
