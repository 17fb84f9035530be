/**
 * The few service API calls the browser tests make to check what a kiosk recorded (or to set a
 * kiosk up), with a manager's API key (HTTP Basic, key as user name) or a device token (Bearer).
 * Responses are typed with the contract's models; any non-2xx answer throws with its body.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type {
  TimeAndAttendanceKioskModel,
  UkTimeAndAttendanceShiftModel,
  UkTimesheetLineModel,
  UkRosterShiftGenerateTimesheetModel,
  ShiftNoteViewModel,
} from '../../src/contract/generated/models';
import type { RoundingRulesModel, TimesheetLinePunchesModel } from '../../src/contract/supporting/timesheets';
import { parseWireDateTime, toLocalDateTime } from '../../src/domain/time';
import type { DemoFile } from './serviceProcess';

export function apiKeyAuth(apiKey: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}` };
}

function deviceAuth(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

async function json<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Calls on one business of one service, as its demo manager (API key). */
export class ServiceApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly serviceURL: string,
    private readonly demo: DemoFile,
  ) {}

  private url(path: string): string {
    return `${this.serviceURL}/api/v2/business/${this.demo.businessId}${path}`;
  }

  private get auth(): Record<string, string> {
    return apiKeyAuth(this.demo.apiKey);
  }

  async kiosk(kioskId = this.demo.kioskId): Promise<TimeAndAttendanceKioskModel> {
    return json(await this.request.get(this.url(`/kiosk/${kioskId}`), { headers: this.auth }), 'GET kiosk');
  }

  async updateKiosk(model: TimeAndAttendanceKioskModel): Promise<TimeAndAttendanceKioskModel> {
    return json(await this.request.put(this.url(`/kiosk/${model.id}`), { headers: this.auth, data: model }), 'PUT kiosk');
  }

  /** Clocked shifts of one employee at the demo kiosk, newest first. */
  async shifts(employeeId: number): Promise<UkTimeAndAttendanceShiftModel[]> {
    const response = await this.request.post(this.url('/kiosk/shifts'), { headers: this.auth, data: { kioskId: this.demo.kioskId, employeeId } });
    return json(response, 'POST kiosk/shifts');
  }

  /** Timesheet lines of one employee, oldest first. */
  async timesheetLines(employeeId: number): Promise<UkTimesheetLineModel[]> {
    const response = await this.request.get(this.url('/timesheet'), { headers: this.auth, params: { $filter: `employeeId eq ${employeeId}` } });
    return json(response, 'GET timesheet');
  }

  /** The business's timesheet rounding rules (kiosk lines are written rounded by them). */
  async roundingRules(): Promise<RoundingRulesModel> {
    return json(await this.request.get(this.url('/roundingrules'), { headers: this.auth }), 'GET roundingrules');
  }

  /** The roster shift a timesheet line's clocked shift was matched to, as instants (null when none). */
  async rosterShiftOfLine(lineId: number): Promise<{ startUtc: Date; endUtc: Date } | null> {
    const punches = await json<TimesheetLinePunchesModel>(await this.request.get(this.url(`/timesheet/${lineId}/punches`), { headers: this.auth }), 'GET line punches');
    if (punches.rosterShiftId === null || punches.startUtc === null) return null;
    const day = 86_400_000;
    const around = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    const start = new Date(punches.startUtc).getTime();
    const params = { FromDate: around(start - day), ToDate: around(start + day), SelectAllRoles: 'true' };
    const shifts = await json<UkRosterShiftGenerateTimesheetModel[]>(await this.request.get(this.url('/rostershift'), { headers: this.auth, params }), 'GET rostershift');
    const shift = shifts.find((candidate) => candidate.id === punches.rosterShiftId);
    if (!shift) throw new Error(`roster shift ${punches.rosterShiftId} not listed`);
    // Roster times are in the business's zone; the demo kiosk shares it.
    const zone = punches.ianaTimeZone;
    return { startUtc: parseWireDateTime(shift.startTime, { zone })!, endUtc: parseWireDateTime(shift.endTime, { zone })! };
  }

  /** A person's earliest published roster shift starting after `after`, within the week ahead a kiosk keeps, as instants. */
  async nextRosterShift(employeeId: number, after: Date): Promise<{ startUtc: Date; endUtc: Date } | null> {
    const zone = (await this.kiosk()).ianaTimeZone ?? 'UTC';
    const params = {
      FromDate: toLocalDateTime(after, zone),
      ToDate: toLocalDateTime(new Date(after.getTime() + 8 * 86_400_000), zone),
      SelectedEmployees: String(employeeId),
      SelectAllRoles: 'true',
    };
    const shifts = await json<UkRosterShiftGenerateTimesheetModel[]>(await this.request.get(this.url('/rostershift'), { headers: this.auth, params }), 'GET rostershift');
    return (
      shifts
        .filter((shift) => shift.employeeId === employeeId)
        .map((shift) => ({ startUtc: parseWireDateTime(shift.startTime, { zone })!, endUtc: parseWireDateTime(shift.endTime, { zone })! }))
        .filter((shift) => shift.startUtc.getTime() > after.getTime())
        .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime())[0] ?? null
    );
  }

  async shiftNotes(shiftId: number): Promise<ShiftNoteViewModel[]> {
    return json(await this.request.get(this.url(`/kiosk/${this.demo.kioskId}/shift/${shiftId}/notes`), { headers: this.auth }), 'GET shift notes');
  }

  /** Clocks an employee on at the demo kiosk as the manager, at a recorded time (e.g. hours ago). */
  async clockOnAt(employeeId: number, recordedTimeUtc: Date): Promise<void> {
    const response = await this.request.post(this.url(`/kiosk/${this.demo.kioskId}/clockon`), {
      headers: this.auth,
      data: { employeeId, recordedTimeUtc: recordedTimeUtc.toISOString() },
    });
    await json(response, 'POST clockon');
  }

  /** The business's locations and work types (shift conditions are work types too), by id and name. */
  async referenceData(): Promise<{ locations: Array<{ id: number; name: string }>; workTypes: Array<{ id: number; name: string }> }> {
    const locations = await json<Array<{ id: number; name: string }>>(await this.request.get(this.url('/location'), { headers: this.auth }), 'GET location');
    const workTypes = await json<Array<{ id: number; name: string }>>(await this.request.get(this.url('/worktype'), { headers: this.auth }), 'GET worktype');
    return { locations, workTypes };
  }

  /** Deletes a location or a work type (soft: past shifts keep their names). */
  async remove(kind: 'location' | 'worktype', id: number): Promise<void> {
    const response = await this.request.delete(this.url(`/${kind}/${id}`), { headers: this.auth });
    if (!response.ok()) throw new Error(`DELETE ${kind}/${id} answered ${response.status()}: ${await response.text()}`);
  }

  /** Saves the demo kiosk's preferences for its tablets (project extension; fields left out take their defaults). */
  async setPreferences(preferences: { sounds?: boolean; theme?: 'system' | 'light' | 'dark'; locale?: string | null }): Promise<void> {
    const response = await this.request.put(this.url(`/kiosk/${this.demo.kioskId}/preferences`), { headers: this.auth, data: preferences });
    if (!response.ok()) throw new Error(`PUT preferences answered ${response.status()}: ${await response.text()}`);
  }

  /**
   * Adds a person to the demo kiosk as its manager (for a test that needs someone of its own, with
   * chosen contact details); answers their employee id.
   */
  async addStaff(person: { firstName: string; surname: string; email: string | null; mobileNumber: string | null; pin: string }): Promise<number> {
    const response = await this.request.post(this.url(`/kiosk/${this.demo.kioskId}/staff`), { headers: this.auth, data: person });
    return (await json<{ employeeId: number }>(response, 'POST kiosk staff')).employeeId;
  }

  /** A raw call with a device's credential, for checks the kiosk screens cannot make. */
  async asDevice(token: string, path: string, data: unknown): Promise<APIResponse> {
    return this.request.post(this.url(path), { headers: deviceAuth(token), data });
  }
}
