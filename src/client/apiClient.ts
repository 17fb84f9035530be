/**
 * The typed API client: a small, domain-named surface over the service (or the vendor's real
 * API) for the kiosk, the manager screens, the service worker and Node scripts alike. No React.
 *
 * Requests are typed by the generated OpenAPI `paths` (openapi-fetch); every response body is
 * parsed with the contract's zod schemas, and every failure is an ApiClientError (errors.ts).
 * OAuth goes to `${baseUrl}/oauth/token` (form-encoded, RFC 6749/7009); the API to
 * `${baseUrl}/api/v2/...`.
 */
import { z } from 'zod';
import * as m from '../contract/generated/models';
import { BusinessModel } from '../contract/supporting/business';
import { DeviceIdentityModel, DeviceModel, EnrolledDeviceModel } from '../contract/supporting/devices';
import { OAuthTokenResponse } from '../contract/supporting/oauth';
import { PinSealKeyModel } from '../contract/supporting/kiosk';
import {
  baseInit,
  createHttp,
  idempotencyHeader,
  receiveJson,
  receiveNothing,
  type ApiClientConfig,
  type CallOptions,
  type MutationOptions,
} from './transport';
import type * as T from './types';

export type { ApiClientConfig, CallOptions, MutationOptions } from './transport';

/** OAuth 2.0 for managers: tokens to use as `{ kind: 'bearer', token: access_token }`. */
export interface OAuthApi {
  /** Password grant: signs a user in with their e-mail address and password. */
  signIn(input: T.SignInInput, options?: CallOptions): Promise<T.OAuthTokenResponse>;
  /** Refresh grant: redeems a (single-use) refresh token for a new pair. */
  refresh(refreshToken: string, options?: CallOptions): Promise<T.OAuthTokenResponse>;
  /** RFC 7009: revokes every live token of the token's user. Succeeds for unknown tokens too. */
  revoke(token: string, options?: CallOptions): Promise<void>;
}

/** Kiosk device enrolment (users enrol and revoke; a device asks who it is). */
export interface DeviceApi {
  /** Enrols a device to a kiosk; the response's `token` is shown only this once. No idempotency key (the service refuses one). */
  enrol(kiosk: T.KioskRef, input: T.EnrolDeviceInput, options?: CallOptions): Promise<T.EnrolledDeviceModel>;
  /** The kiosk's enrolled (not revoked) devices. */
  list(kiosk: T.KioskRef, options?: CallOptions): Promise<T.DeviceModel[]>;
  /** Revokes a device's credential. */
  revoke(kiosk: T.KioskRef, deviceId: number, options?: MutationOptions): Promise<void>;
  /** For a device credential: its enrolment (usable as a KioskRef). 401 once revoked. */
  whoAmI(options?: CallOptions): Promise<T.DeviceIdentityModel>;
}

/** Businesses (tenants) the caller can access. */
export interface BusinessesApi {
  list(query?: T.ODataQuery, options?: CallOptions): Promise<T.BusinessModel[]>;
  /** Creates a business; the caller gets unrestricted access to it. */
  create(input: T.CreateBusinessInput, options?: CallOptions): Promise<T.BusinessModel>;
  get(businessId: number, options?: CallOptions): Promise<T.BusinessModel>;
  update(businessId: number, input: T.UpdateBusinessInput, options?: MutationOptions): Promise<T.BusinessModel>;
}

/** Kiosk configuration. */
export interface KiosksApi {
  list(businessId: number, query?: T.ODataQuery, options?: CallOptions): Promise<T.TimeAndAttendanceKioskModel[]>;
  get(businessId: number, kioskId: number, options?: CallOptions): Promise<T.TimeAndAttendanceKioskModel>;
  create(businessId: number, input: T.KioskInput, options?: MutationOptions): Promise<T.TimeAndAttendanceKioskModel>;
  update(businessId: number, kioskId: number, input: T.KioskInput, options?: MutationOptions): Promise<T.TimeAndAttendanceKioskModel>;
  /** Soft-deletes a kiosk (its devices stop working). */
  delete(businessId: number, kioskId: number, options?: MutationOptions): Promise<void>;
}

/** The people who use a kiosk. */
export interface StaffApi {
  /** Kiosk staff with their live status. */
  list(kiosk: T.KioskRef, query?: T.StaffQuery, options?: CallOptions): Promise<T.BasicKioskEmployeeModel[]>;
  /** Creates a kiosk-enabled employee (the kiosk must allow it). */
  add(kiosk: T.KioskRef, input: T.AddKioskEmployeeInput, options?: MutationOptions): Promise<T.BasicKioskEmployeeModel>;
  /** Resolves an employee id typed at the kiosk. */
  checkId(kiosk: T.KioskRef, employeeId: number, options?: MutationOptions): Promise<T.BasicKioskEmployeeModel>;
  /** May this employee use kiosks? */
  hasAccess(businessId: number, employeeId: number, options?: CallOptions): Promise<boolean>;
}

/** Kiosk PINs. A wrong PIN is an 'http' error 400 `wrong-pin`; a locked PIN 429 `pin-locked`. */
export interface PinsApi {
  checkPin(kiosk: T.KioskRef, input: T.CheckPinInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  changePin(kiosk: T.KioskRef, input: T.ChangePinInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  /** E-mails the employee a temporary PIN. */
  emailReset(kiosk: T.KioskRef, employeeId: number, options?: MutationOptions): Promise<void>;
  /** Texts the employee a temporary PIN (the business must have SMS on). */
  smsReset(kiosk: T.KioskRef, employeeId: number, options?: MutationOptions): Promise<void>;
  /** The key for sealing a PIN change queued offline (a supporting route of this service). */
  sealKey(kiosk: T.KioskRef, options?: CallOptions): Promise<T.PinSealKeyModel>;
  /** Sends a PIN change sealed with `sealKey` (a supporting route of this service). */
  changePinSealed(kiosk: T.KioskRef, input: T.SealedPinChangeInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  /** Reports wrong PINs typed while the kiosk was offline (a supporting route of this service). */
  reportFailures(kiosk: T.KioskRef, input: T.PinFailuresReportInput, options?: MutationOptions): Promise<void>;
}

/** Pick-lists shown at clock-on. */
export interface LookupDataApi {
  /** Locations, work types and shift conditions for one employee. */
  get(kiosk: T.KioskRef, employeeId: number, options?: CallOptions): Promise<T.UkTimeAndAttendanceLookupDataModel>;
}

/** Punches. Each answers the employee's new state; pass an idempotencyKey so a retry cannot punch twice. */
export interface PunchesApi {
  clockOn(kiosk: T.KioskRef, input: T.ClockOnInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  startBreak(kiosk: T.KioskRef, input: T.StartBreakInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  endBreak(kiosk: T.KioskRef, input: T.EndBreakInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  /** Clocks off (ending an open break). */
  clockOff(kiosk: T.KioskRef, input: T.ClockOffInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  /** Abandons the open shift (no timesheet line). */
  discard(kiosk: T.KioskRef, input: T.DiscardShiftInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
  /** Records a finished shift with its breaks. */
  addShift(kiosk: T.KioskRef, input: T.AddShiftInput, options?: MutationOptions): Promise<T.KioskEmployeeModel>;
}

/** Clocked shifts. */
export interface ShiftsApi {
  /** Matching shifts, newest first (a POST that changes nothing). */
  search(businessId: number, input?: T.ShiftSearchInput, options?: CallOptions): Promise<T.UkTimeAndAttendanceShiftModel[]>;
}

/** Notes on clocked shifts. */
export interface NotesApi {
  list(shift: T.ShiftRef, query?: T.NotesQuery, options?: CallOptions): Promise<T.ShiftNoteViewModel[]>;
  add(shift: T.ShiftRef, input: T.AddNoteInput, options?: MutationOptions): Promise<T.ShiftNoteViewModel>;
  delete(shift: T.ShiftRef, noteId: number, options?: MutationOptions): Promise<void>;
  markRead(shift: T.ShiftRef, input: T.MarkNotesReadInput, options?: MutationOptions): Promise<void>;
}

/** Timesheet lines produced by kiosk shifts. */
export interface TimesheetsApi {
  list(businessId: number, query?: T.ODataQuery, options?: CallOptions): Promise<T.UkTimesheetLineModel[]>;
  get(businessId: number, timesheetLineId: number, options?: CallOptions): Promise<T.UkIndividualTimesheetLineModel>;
}

/** Employees: the directory and the kiosk access switch. */
export interface EmployeesApi {
  grantKioskAccess(businessId: number, employeeId: number, options?: MutationOptions): Promise<void>;
  revokeKioskAccess(businessId: number, employeeId: number, options?: MutationOptions): Promise<void>;
  /** The employee directory (basic details). */
  listDetails(businessId: number, query?: T.ODataQuery, options?: CallOptions): Promise<T.EmployeeDetailsModel[]>;
}

/** Locations of a business. */
export interface LocationsApi {
  list(businessId: number, query?: T.ODataQuery, options?: CallOptions): Promise<T.UkLocationModel[]>;
}

/** Work types (and shift conditions) of a business. */
export interface WorkTypesApi {
  list(businessId: number, query?: T.ODataQuery, options?: CallOptions): Promise<T.UkWorkTypeModel[]>;
}

/** Business settings. `update*` replaces the stored settings (omitted fields take type defaults). */
export interface SettingsApi {
  /** Employee portal settings (clock-on windows, photo, shift selection...). */
  get(businessId: number, options?: CallOptions): Promise<T.EmployeePortalSettingsModel>;
  update(businessId: number, input: T.EmployeePortalSettingsInput, options?: MutationOptions): Promise<T.EmployeePortalSettingsModel>;
  getTimesheetSettings(businessId: number, options?: CallOptions): Promise<T.UkBusinessTimesheetSettingsModel>;
  updateTimesheetSettings(
    businessId: number,
    input: T.TimesheetSettingsInput,
    options?: MutationOptions,
  ): Promise<T.UkBusinessTimesheetSettingsModel>;
}

/** The API client. Every method throws ApiClientError on failure. */
export interface ApiClient {
  oauth: OAuthApi;
  device: DeviceApi;
  businesses: BusinessesApi;
  kiosks: KiosksApi;
  staff: StaffApi;
  pins: PinsApi;
  lookupData: LookupDataApi;
  punches: PunchesApi;
  shifts: ShiftsApi;
  notes: NotesApi;
  timesheets: TimesheetsApi;
  employees: EmployeesApi;
  locations: LocationsApi;
  workTypes: WorkTypesApi;
  settings: SettingsApi;
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** RFC 6749 parameters, form-encoded (members left undefined are not sent). */
function formEncode(body: Record<string, string | undefined> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(body ?? {})) if (value !== undefined) params.append(name, value);
  return params.toString();
}

const formInit = { headers: { 'content-type': FORM_CONTENT_TYPE }, bodySerializer: formEncode };

const kioskPath = (kiosk: T.KioskRef) => ({ businessId: kiosk.businessId, kioskId: kiosk.kioskId });
const shiftPath = (shift: T.ShiftRef) => ({ businessId: shift.businessId, kioskId: shift.kioskId, shiftId: shift.shiftId });

const Kiosks = z.array(m.TimeAndAttendanceKioskModel);
const Staff = z.array(m.BasicKioskEmployeeModel);
const Shifts = z.array(m.UkTimeAndAttendanceShiftModel);
const Notes = z.array(m.ShiftNoteViewModel);
const TimesheetLines = z.array(m.UkTimesheetLineModel);
const EmployeeDetails = z.array(m.EmployeeDetailsModel);
const Locations = z.array(m.UkLocationModel);
const WorkTypes = z.array(m.UkWorkTypeModel);
const Businesses = z.array(BusinessModel);
const Devices = z.array(DeviceModel);

/**
 * Creates an API client.
 *
 * @example
 * const client = createApiClient({ baseUrl: 'https://kiosk.example.com', credentials: () => stored });
 * const me = await client.device.whoAmI();
 * await client.punches.clockOn(me, { employeeId }, { idempotencyKey: crypto.randomUUID() });
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const http = createHttp(config);

  const oauth: OAuthApi = {
    signIn: ({ username, password }, options) =>
      receiveJson(
        'auth.oauthTokenAtRoot',
        OAuthTokenResponse,
        http.POST('/oauth/token', { body: { grant_type: 'password', username, password }, ...formInit, ...baseInit(options) }),
      ),
    refresh: (refreshToken, options) =>
      receiveJson(
        'auth.oauthTokenAtRoot',
        OAuthTokenResponse,
        http.POST('/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: refreshToken }, ...formInit, ...baseInit(options) }),
      ),
    revoke: (token, options) =>
      receiveNothing(
        'auth.revokeOauth2TokenRfc7009AtRoot',
        http.POST('/oauth/token/revoke', { body: { token }, ...formInit, ...baseInit(options) }),
      ),
  };

  const device: DeviceApi = {
    enrol: (kiosk, input, options) =>
      receiveJson(
        'devices.enrolDevice',
        EnrolledDeviceModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/devices', {
          params: { path: kioskPath(kiosk) },
          body: input,
          ...baseInit(options),
        }),
      ),
    list: (kiosk, options) =>
      receiveJson(
        'devices.listDevices',
        Devices,
        http.GET('/api/v2/business/{businessId}/kiosk/{kioskId}/devices', { params: { path: kioskPath(kiosk) }, ...baseInit(options) }),
      ),
    revoke: (kiosk, deviceId, options) =>
      receiveNothing(
        'devices.revokeDevice',
        http.DELETE('/api/v2/business/{businessId}/kiosk/{kioskId}/devices/{deviceId}', {
          params: { path: { ...kioskPath(kiosk), deviceId }, header: idempotencyHeader(options) },
          ...baseInit(options),
        }),
      ),
    whoAmI: (options) => receiveJson('devices.getCurrentDevice', DeviceIdentityModel, http.GET('/api/v2/device', baseInit(options))),
  };

  const businesses: BusinessesApi = {
    list: (query, options) =>
      receiveJson('business.listBusinesses', Businesses, http.GET('/api/v2/business', { params: { query }, ...baseInit(options) })),
    create: (input, options) =>
      receiveJson('business.createBusiness', BusinessModel, http.POST('/api/v2/business', { body: input, ...baseInit(options) })),
    get: (businessId, options) =>
      receiveJson(
        'business.getBusiness',
        BusinessModel,
        http.GET('/api/v2/business/{businessId}', { params: { path: { businessId } }, ...baseInit(options) }),
      ),
    update: (businessId, input, options) =>
      receiveJson(
        'business.updateBusiness',
        BusinessModel,
        http.PUT('/api/v2/business/{businessId}', {
          params: { path: { businessId }, header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
  };

  const kiosks: KiosksApi = {
    list: (businessId, query, options) =>
      receiveJson(
        'kiosk.listKiosks',
        Kiosks,
        http.GET('/api/v2/business/{businessId}/kiosk', { params: { path: { businessId }, query }, ...baseInit(options) }),
      ),
    get: (businessId, kioskId, options) =>
      receiveJson(
        'kiosk.getKioskById',
        m.TimeAndAttendanceKioskModel,
        http.GET('/api/v2/business/{businessId}/kiosk/{id}', { params: { path: { businessId, id: kioskId } }, ...baseInit(options) }),
      ),
    create: (businessId, input, options) =>
      receiveJson(
        'kiosk.createKiosk',
        m.TimeAndAttendanceKioskModel,
        http.POST('/api/v2/business/{businessId}/kiosk', {
          params: { path: { businessId }, header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    update: (businessId, kioskId, input, options) =>
      receiveJson(
        'kiosk.updateKiosk',
        m.TimeAndAttendanceKioskModel,
        http.PUT('/api/v2/business/{businessId}/kiosk/{id}', {
          params: { path: { businessId, id: kioskId }, header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    delete: (businessId, kioskId, options) =>
      receiveNothing(
        'kiosk.deleteKiosk',
        http.DELETE('/api/v2/business/{businessId}/kiosk/{id}', {
          params: { path: { businessId, id: kioskId }, header: idempotencyHeader(options) },
          ...baseInit(options),
        }),
      ),
  };

  const staff: StaffApi = {
    list: (kiosk, query, options) =>
      receiveJson(
        'kiosk.listKioskStaff',
        Staff,
        http.GET('/api/v2/business/{businessId}/kiosk/{kioskId}/staff', { params: { path: kioskPath(kiosk), query }, ...baseInit(options) }),
      ),
    add: (kiosk, input, options) =>
      receiveJson(
        'kiosk.addAnEmployee',
        m.BasicKioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/staff', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    checkId: (kiosk, employeeId, options) =>
      receiveJson(
        'kiosk.checkEmployee',
        m.BasicKioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/checkid', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: { employeeId },
          ...baseInit(options),
        }),
      ),
    hasAccess: (businessId, employeeId, options) =>
      receiveJson(
        'kiosk.employeeHasAccess',
        z.boolean(),
        http.GET('/api/v2/business/{businessId}/kiosk/hasaccess/{employeeId}', {
          params: { path: { businessId, employeeId } },
          ...baseInit(options),
        }),
      ),
  };

  const pins: PinsApi = {
    checkPin: (kiosk, input, options) =>
      receiveJson(
        'kiosk.verifyKioskPin',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/checkpin', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    changePin: (kiosk, input, options) =>
      receiveJson(
        'kiosk.changePin',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/changepin', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    emailReset: (kiosk, employeeId, options) =>
      receiveNothing(
        'kiosk.sendPinResetEmail',
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/emailreset', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: { employeeId },
          ...baseInit(options),
        }),
      ),
    smsReset: (kiosk, employeeId, options) =>
      receiveNothing(
        'kiosk.sendPinResetSms',
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/smsreset', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: { employeeId },
          ...baseInit(options),
        }),
      ),
    sealKey: (kiosk, options) =>
      receiveJson(
        'kiosk.getPinSealKey',
        PinSealKeyModel,
        http.GET('/api/v2/business/{businessId}/kiosk/{kioskId}/pinseal', { params: { path: kioskPath(kiosk) }, ...baseInit(options) }),
      ),
    changePinSealed: (kiosk, input, options) =>
      receiveJson(
        'kiosk.changePinSealed',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/changepin/sealed', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    reportFailures: (kiosk, input, options) =>
      receiveNothing(
        'kiosk.reportPinFailures',
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/pinfailures', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
  };

  const lookupData: LookupDataApi = {
    get: (kiosk, employeeId, options) =>
      receiveJson(
        'kiosk.getEmployeeLookupData',
        m.UkTimeAndAttendanceLookupDataModel,
        http.GET('/api/v2/business/{businessId}/kiosk/{kioskId}/lookupdata/{employeeId}', {
          params: { path: { ...kioskPath(kiosk), employeeId } },
          ...baseInit(options),
        }),
      ),
  };

  const punches: PunchesApi = {
    clockOn: (kiosk, input, options) =>
      receiveJson(
        'kiosk.clockInEmployee',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/clockon', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    startBreak: (kiosk, input, options) =>
      receiveJson(
        'kiosk.startBreak',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/startbreak', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    endBreak: (kiosk, input, options) =>
      receiveJson(
        'kiosk.endBreak',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/endbreak', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    clockOff: (kiosk, input, options) =>
      receiveJson(
        'kiosk.clockOutEmployee',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/clockoff', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    discard: (kiosk, input, options) =>
      receiveJson(
        'kiosk.discardCurrentShift',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/discard', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    addShift: (kiosk, input, options) =>
      receiveJson(
        'kiosk.addCompleteShiftForEmployee',
        m.KioskEmployeeModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/addshift', {
          params: { path: kioskPath(kiosk), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
  };

  const shifts: ShiftsApi = {
    search: (businessId, input, options) =>
      receiveJson(
        'kiosk.shifts',
        Shifts,
        http.POST('/api/v2/business/{businessId}/kiosk/shifts', { params: { path: { businessId } }, body: input ?? {}, ...baseInit(options) }),
      ),
  };

  const notes: NotesApi = {
    list: (shift, query, options) =>
      receiveJson(
        'kiosk.getShiftNotes',
        Notes,
        http.GET('/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes', {
          params: { path: shiftPath(shift), query },
          ...baseInit(options),
        }),
      ),
    add: (shift, input, options) =>
      receiveJson(
        'kiosk.addNoteToShift',
        m.ShiftNoteViewModel,
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes', {
          params: { path: shiftPath(shift), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    delete: (shift, noteId, options) =>
      receiveNothing(
        'kiosk.deleteNoteFromShift',
        http.DELETE('/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes/{noteId}', {
          params: { path: { ...shiftPath(shift), noteId }, header: idempotencyHeader(options) },
          ...baseInit(options),
        }),
      ),
    markRead: (shift, input, options) =>
      receiveNothing(
        'kiosk.markShiftNotesRead',
        http.POST('/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes/read-state', {
          params: { path: shiftPath(shift), header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
  };

  const timesheets: TimesheetsApi = {
    list: (businessId, query, options) =>
      receiveJson(
        'timesheet.getBusinessTimesheets',
        TimesheetLines,
        http.GET('/api/v2/business/{businessId}/timesheet', { params: { path: { businessId }, query }, ...baseInit(options) }),
      ),
    get: (businessId, timesheetLineId, options) =>
      receiveJson(
        'timesheet.getTimesheetLine',
        m.UkIndividualTimesheetLineModel,
        http.GET('/api/v2/business/{businessId}/timesheet/{timesheetLineId}', {
          params: { path: { businessId, timesheetLineId } },
          ...baseInit(options),
        }),
      ),
  };

  const employees: EmployeesApi = {
    grantKioskAccess: (businessId, employeeId, options) =>
      receiveNothing(
        'employee.grantKioskAccess',
        http.POST('/api/v2/business/{businessId}/employee/grantkioskaccess/{employeeId}', {
          params: { path: { businessId, employeeId }, header: idempotencyHeader(options) },
          ...baseInit(options),
        }),
      ),
    revokeKioskAccess: (businessId, employeeId, options) =>
      receiveNothing(
        'employee.revokeKioskAccess',
        http.POST('/api/v2/business/{businessId}/employee/revokekioskaccess/{employeeId}', {
          params: { path: { businessId, employeeId }, header: idempotencyHeader(options) },
          ...baseInit(options),
        }),
      ),
    listDetails: (businessId, query, options) =>
      receiveJson(
        'employee.listBasicDetailsForEmployees',
        EmployeeDetails,
        http.GET('/api/v2/business/{businessId}/employee/details', { params: { path: { businessId }, query }, ...baseInit(options) }),
      ),
  };

  const locations: LocationsApi = {
    list: (businessId, query, options) =>
      receiveJson(
        'location.listBusinessLocations',
        Locations,
        http.GET('/api/v2/business/{businessId}/location', { params: { path: { businessId }, query }, ...baseInit(options) }),
      ),
  };

  const workTypes: WorkTypesApi = {
    list: (businessId, query, options) =>
      receiveJson(
        'workType.listWorkTypes',
        WorkTypes,
        http.GET('/api/v2/business/{businessId}/worktype', { params: { path: { businessId }, query }, ...baseInit(options) }),
      ),
  };

  const settings: SettingsApi = {
    get: (businessId, options) =>
      receiveJson(
        'settings.getEmployeePortalSettings',
        m.EmployeePortalSettingsModel,
        http.GET('/api/v2/business/{businessId}/employeeportalsettings', { params: { path: { businessId } }, ...baseInit(options) }),
      ),
    update: (businessId, input, options) =>
      receiveJson(
        'settings.updateEmployeePortalSettings',
        m.EmployeePortalSettingsModel,
        http.POST('/api/v2/business/{businessId}/employeeportalsettings', {
          params: { path: { businessId }, header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
    getTimesheetSettings: (businessId, options) =>
      receiveJson(
        'settings.getTheTimesheetSettingsForTheBusiness',
        m.UkBusinessTimesheetSettingsModel,
        http.GET('/api/v2/business/{businessId}/timesheetsettings', { params: { path: { businessId } }, ...baseInit(options) }),
      ),
    updateTimesheetSettings: (businessId, input, options) =>
      receiveJson(
        'settings.updateTheTimesheetSettingsForTheBusiness',
        m.UkBusinessTimesheetSettingsModel,
        http.PUT('/api/v2/business/{businessId}/timesheetsettings', {
          params: { path: { businessId }, header: idempotencyHeader(options) },
          body: input,
          ...baseInit(options),
        }),
      ),
  };

  return { oauth, device, businesses, kiosks, staff, pins, lookupData, punches, shifts, notes, timesheets, employees, locations, workTypes, settings };
}
