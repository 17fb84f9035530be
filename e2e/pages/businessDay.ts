/**
 * Page model of a business's day for the day-in-the-life scenario: the day's clock (both clocks,
 * the browser's and the service's, moved to a wall-clock time of the day in the business's zone),
 * the people and their roster arranged through the API, and what each person did at the kiosk as
 * the receipts said it, so the scenario can hold the stored shift and timesheet line to it.
 */
import type { APIRequestContext } from '@playwright/test';
import type { UkTimeAndAttendanceShiftModel, UkTimesheetLineModel } from '../../src/contract/generated/models';
import { localToUtc } from '../../src/domain/time';
import type { Clocks } from '../support/clocks';
import { expect } from '../support/fixtures';
import type { DemoFile, ServiceInstance } from '../support/serviceProcess';
import { apiKeyAuth, ServiceApi } from '../support/serviceApi';

export interface DayPerson {
  employeeId: number;
  firstName: string;
  name: string;
  pin: string;
}

/** One shift as the kiosk's screens and receipts said it (times as the receipts wrote them, HH:MM). */
export interface ShiftAsTold {
  person: DayPerson;
  clockOn: string;
  /** The receipt's recorded line ("Bakery floor · Baking"), split. */
  recorded: string[];
  location: string;
  workType: string | null;
  conditions: string[];
  breaks: Array<{ start: string; end: string; paid: boolean }>;
  clockOff: string | null;
  /** The receipt's "This shift" at clock-off, as shown. */
  shiftFigure?: string;
  /** A forgotten clock-off: the finish the person gave (HH:MM), which the manager accepts. */
  statedFinish?: string;
  note?: string;
}

export class BusinessDay {
  readonly api: ServiceApi;
  readonly told: ShiftAsTold[] = [];

  constructor(
    private readonly request: APIRequestContext,
    readonly service: ServiceInstance<DemoFile>,
    readonly clocks: Clocks,
    /** The day, YYYY-MM-DD in the business's zone. */
    readonly day: string,
    readonly zone: string,
  ) {
    this.api = new ServiceApi(request, service.baseURL, service.demo);
  }

  get demo(): DemoFile {
    return this.service.demo;
  }

  private url(path: string): string {
    return `${this.service.baseURL}/api/v2/business/${this.demo.businessId}${path}`;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(this.url(path), { method, headers: apiKeyAuth(this.demo.apiKey), ...(data === undefined ? {} : { data }) });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The instant of a wall-clock time of the day ("06:50") in the business's zone. */
  at(hhmm: string): Date {
    return localToUtc(new Date(`${this.day}T${hhmm}:00Z`), this.zone);
  }

  /** Moves both clocks to a wall-clock time of the day (never back). */
  async goTo(hhmm: string): Promise<void> {
    const target = this.at(hhmm).getTime();
    const now = (await this.clocks.now()).getTime();
    if (target < now - 60_000) throw new Error(`the day is already past ${hhmm}`);
    if (target > now) await this.clocks.forward(target - now);
  }

  async ids(): Promise<{ location: (name: string) => number; workType: (name: string) => number }> {
    const { locations, workTypes } = await this.api.referenceData();
    const find = (list: Array<{ id: number; name: string }>, name: string) => {
      const found = list.find((item) => item.name === name);
      if (!found) throw new Error(`the demo has no "${name}"`);
      return found.id;
    };
    return { location: (name) => find(locations, name), workType: (name) => find(workTypes, name) };
  }

  /**
   * A person who can punch at the demo kiosk, with a PIN nobody could guess: added at the kiosk,
   * or (with work types set up against them) made with the employee route, given kiosk access and
   * a PIN by the manager.
   */
  async hire(firstName: string, surname: string, pin: string, setUp?: { locationIds: number[]; workTypeIds: number[] }): Promise<DayPerson> {
    let employeeId: number;
    if (!setUp) {
      employeeId = (await this.call<{ employeeId: number }>('POST', `/kiosk/${this.demo.kioskId}/staff`, { firstName, surname, pin })).employeeId;
    } else {
      employeeId = (await this.call<{ id: number }>('POST', '/employee/unstructured', { firstName, surname, ...setUp })).id;
      await this.call('POST', `/employee/grantkioskaccess/${employeeId}`);
      await this.call('POST', `/kiosk/${this.demo.kioskId}/staff/${employeeId}/pin`, { pin });
    }
    return { employeeId, firstName, name: `${firstName} ${surname}`, pin };
  }

  /** A published roster shift of the day (wall-clock times in the business's zone). */
  async roster(person: DayPerson, from: string, to: string, locationId: number, workTypeId: number): Promise<void> {
    await this.call('POST', '/rostershift?publish=true', {
      employeeId: person.employeeId,
      locationId,
      workTypeId,
      startTime: `${this.day}T${from}:00`,
      endTime: `${this.day}T${to}:00`,
    });
  }

  /** The person's clocked shifts at the demo kiosk, oldest first. */
  async shiftsOf(person: DayPerson): Promise<UkTimeAndAttendanceShiftModel[]> {
    return (await this.api.shifts(person.employeeId)).sort((a, b) => a.startTimeUtc.localeCompare(b.startTimeUtc));
  }

  async linesOf(person: DayPerson): Promise<UkTimesheetLineModel[]> {
    return this.api.timesheetLines(person.employeeId);
  }

  /** HH:MM of an instant on the business's clock. */
  wall(instant: string | Date): string {
    return new Intl.DateTimeFormat('en-GB', { timeZone: this.zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
  }

  /** The stored shift is what the person chose and what their receipts said. */
  expectStored(shift: UkTimeAndAttendanceShiftModel | undefined, told: ShiftAsTold): void {
    const who = `${told.person.name}'s shift from ${told.clockOn}`;
    expect(shift, who).toBeDefined();
    if (!shift) return;
    expect(this.wall(shift.startTimeUtc), `${who}: clock-on`).toBe(told.clockOn);
    expect(shift.endTimeUtc ? this.wall(shift.endTimeUtc) : null, `${who}: clock-off`).toBe(told.clockOff);
    expect(shift.locationFullyQualifiedName, `${who}: location`).toBe(told.location);
    expect(shift.workTypeName ?? null, `${who}: work type`).toBe(told.workType);
    expect((shift.shiftConditions ?? []).map((c) => c.name).sort(), `${who}: shift conditions`).toEqual([...told.conditions].sort());
    expect([told.location, told.workType, ...told.conditions].filter(Boolean), `${who}: the receipt named what was stored`).toEqual(told.recorded);
    expect(
      (shift.breaks ?? []).map((b) => ({ start: this.wall(b.startTimeUtc), end: b.endTimeUtc ? this.wall(b.endTimeUtc) : '', paid: b.isPaidBreak })),
      `${who}: breaks`,
    ).toEqual(told.breaks);
  }
}

/** The receipt's recorded line as its parts. */
export const partsOf = (text: string): string[] => text.split(' · ').map((part) => part.trim()).filter(Boolean);

export { expect };
