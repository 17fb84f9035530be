/**
 * The typed API client, for the kiosk, the manager screens, the service worker and Node scripts
 * alike (no React), against this service or the vendor's API.
 *
 * Every operation is `client.call(route, { path, query, body }, options)` on a route definition
 * of src/contract/routes (call.ts: typed and response-parsed from the route itself). The groups
 * below only name the calls the app makes in its own words (a kiosk, a shift, an employee id
 * instead of path objects); each is one line over `call`, and its types come from the route.
 * Every failure is an ApiClientError (errors.ts).
 */
import { PUNCH_ROUTES, type PunchBody, type PunchRoutes } from '../contract/punchKinds';
import * as business from '../contract/routes/business';
import * as devices from '../contract/routes/devices';
import * as employees from '../contract/routes/employees';
import * as kiosk from '../contract/routes/kiosk';
import * as locations from '../contract/routes/locations';
import * as oauth from '../contract/routes/oauth';
import * as rosterShifts from '../contract/routes/rosterShifts';
import * as settings from '../contract/routes/settings';
import * as shiftCorrections from '../contract/routes/shiftCorrections';
import * as timesheets from '../contract/routes/timesheets';
import * as workTypes from '../contract/routes/workTypes';
import type { PunchKind } from '../domain/attendance';
import { createCall, type BodyOf, type Call, type CallInput, type OptionsOf, type QueryOf, type ResultOf } from './call';
import { createTransport, type ApiClientConfig, type CallOptions, type MutationOptions } from './transport';
import type { KioskRef, ShiftRef, SignInInput } from './types';

export type { ApiClientConfig, CallOptions, MutationOptions } from './transport';

const at = (ref: KioskRef) => ({ businessId: ref.businessId, kioskId: ref.kioskId });
const onShift = (ref: ShiftRef) => ({ ...at(ref), shiftId: ref.shiftId });
const inBusiness = (businessId: number) => ({ businessId });

/** The app's named calls over `call`. */
function namedCalls(call: Call) {
  /** One punch call per registry entry (`punches.clockOn(kiosk, body, options)`...). */
  const punch =
    <K extends PunchKind>(kind: K) =>
    (ref: KioskRef, body: PunchBody<K>, options?: MutationOptions): Promise<ResultOf<PunchRoutes[K]>> =>
      call(PUNCH_ROUTES[kind], { path: at(ref), body } as unknown as CallInput<PunchRoutes[K]>, options as OptionsOf<PunchRoutes[K]>);
  return {
    /** OAuth 2.0 for managers: tokens to use as `{ kind: 'bearer', token: access_token }`. */
    oauth: {
      /** Password grant: signs a user in with their e-mail address and password. */
      signIn: ({ username, password }: SignInInput, options?: CallOptions) =>
        call(oauth.oauthTokenAtRoot, { body: { grant_type: 'password', username, password } }, options),
      /** Refresh grant: redeems a (single-use) refresh token for a new pair. */
      refresh: (refreshToken: string, options?: CallOptions) =>
        call(oauth.oauthTokenAtRoot, { body: { grant_type: 'refresh_token', refresh_token: refreshToken } }, options),
      /** RFC 7009: revokes every live token of the token's user. Succeeds for unknown tokens too. */
      revoke: (token: string, options?: CallOptions) => call(oauth.revokeOauth2TokenRfc7009AtRoot, { body: { token } }, options),
    },
    /** Kiosk device enrolment (users enrol and revoke; a device asks who it is). */
    device: {
      /** Enrols a device; the answer's `token` is shown only this once. No Idempotency-Key (the service refuses one). */
      enrol: (ref: KioskRef, body: BodyOf<typeof devices.enrolDevice>, options?: CallOptions) =>
        call(devices.enrolDevice, { path: at(ref), body }, options),
      /** The kiosk's enrolled (not revoked) devices. */
      list: (ref: KioskRef, options?: CallOptions) => call(devices.listDevices, { path: at(ref) }, options),
      revoke: (ref: KioskRef, deviceId: number, options?: MutationOptions) => call(devices.revokeDevice, { path: { ...at(ref), deviceId } }, options),
      /** For a device credential: its enrolment (usable as a KioskRef) and the kiosk's policy. 401 once revoked. */
      whoAmI: (options?: CallOptions) => call(devices.getCurrentDevice, {}, options),
      /** For a device credential: replaces its own health report (a project extension). */
      reportHealth: (body: BodyOf<typeof devices.reportDeviceHealth>, options?: CallOptions) =>
        call(devices.reportDeviceHealth, { body }, options),
      /** Every device of the business the caller may see, with its last health report and the silent flag (a project extension). */
      listFleet: (businessId: number, options?: CallOptions) => call(devices.listBusinessDevices, { path: inBusiness(businessId) }, options),
    },
    /** Businesses (tenants) the caller can access. */
    businesses: {
      list: (query?: QueryOf<typeof business.listBusinesses>, options?: CallOptions) => call(business.listBusinesses, { query }, options),
      /** Creates a business; the caller gets unrestricted access to it. */
      create: (body: BodyOf<typeof business.createBusiness>, options?: CallOptions) => call(business.createBusiness, { body }, options),
      get: (businessId: number, options?: CallOptions) => call(business.getBusiness, { path: inBusiness(businessId) }, options),
      update: (businessId: number, body: BodyOf<typeof business.updateBusiness>, options?: MutationOptions) =>
        call(business.updateBusiness, { path: inBusiness(businessId), body }, options),
    },
    /** Kiosk configuration. */
    kiosks: {
      list: (businessId: number, query?: QueryOf<typeof kiosk.listKiosks>, options?: CallOptions) =>
        call(kiosk.listKiosks, { path: inBusiness(businessId), query }, options),
      get: (businessId: number, id: number, options?: CallOptions) => call(kiosk.getKioskById, { path: { businessId, id } }, options),
      create: (businessId: number, body: BodyOf<typeof kiosk.createKiosk>, options?: MutationOptions) =>
        call(kiosk.createKiosk, { path: inBusiness(businessId), body }, options),
      update: (businessId: number, id: number, body: BodyOf<typeof kiosk.updateKiosk>, options?: MutationOptions) =>
        call(kiosk.updateKiosk, { path: { businessId, id }, body }, options),
      /** Soft-deletes a kiosk (its devices stop working). */
      delete: (businessId: number, id: number, options?: MutationOptions) => call(kiosk.deleteKiosk, { path: { businessId, id } }, options),
    },
    /** The people who use a kiosk. */
    staff: {
      /** Kiosk staff with their live status. */
      list: (ref: KioskRef, query?: QueryOf<typeof kiosk.listKioskStaff>, options?: CallOptions) =>
        call(kiosk.listKioskStaff, { path: at(ref), query }, options),
      /** Creates a kiosk-enabled employee (the kiosk must allow it). */
      add: (ref: KioskRef, body: BodyOf<typeof kiosk.addAnEmployee>, options?: MutationOptions) =>
        call(kiosk.addAnEmployee, { path: at(ref), body }, options),
      /** Resolves an employee id typed at the kiosk. */
      checkId: (ref: KioskRef, employeeId: number, options?: MutationOptions) =>
        call(kiosk.checkEmployee, { path: at(ref), body: { employeeId } }, options),
      /** May this employee use kiosks? */
      hasAccess: (businessId: number, employeeId: number, options?: CallOptions) =>
        call(kiosk.employeeHasAccess, { path: { businessId, employeeId } }, options),
    },
    /** Kiosk PINs. A wrong PIN is an 'http' error 400 `wrong-pin`; a locked PIN 429 `pin-locked`. */
    pins: {
      checkPin: (ref: KioskRef, body: BodyOf<typeof kiosk.verifyKioskPin>, options?: MutationOptions) =>
        call(kiosk.verifyKioskPin, { path: at(ref), body }, options),
      changePin: (ref: KioskRef, body: BodyOf<typeof kiosk.changePin>, options?: MutationOptions) =>
        call(kiosk.changePin, { path: at(ref), body }, options),
      /** E-mails the employee a temporary PIN. */
      emailReset: (ref: KioskRef, employeeId: number, options?: MutationOptions) =>
        call(kiosk.sendPinResetEmail, { path: at(ref), body: { employeeId } }, options),
      /** Texts the employee a temporary PIN (the business must have SMS on). */
      smsReset: (ref: KioskRef, employeeId: number, options?: MutationOptions) =>
        call(kiosk.sendPinResetSms, { path: at(ref), body: { employeeId } }, options),
      /** The key for sealing a PIN change queued offline (a supporting route of this service). */
      sealKey: (ref: KioskRef, options?: CallOptions) => call(kiosk.getPinSealKey, { path: at(ref) }, options),
      /** Sends a PIN change sealed with `sealKey` (a supporting route of this service). */
      changePinSealed: (ref: KioskRef, body: BodyOf<typeof kiosk.changePinSealed>, options?: MutationOptions) =>
        call(kiosk.changePinSealed, { path: at(ref), body }, options),
      /** A manager sets a person's PIN; `mustChange` makes them choose their own at next use (a project extension). */
      setByManager: (ref: KioskRef, employeeId: number, body: BodyOf<typeof kiosk.setStaffPin>, options?: CallOptions) =>
        call(kiosk.setStaffPin, { path: { ...at(ref), employeeId }, body }, options),
      /** Reports wrong PINs typed while the kiosk was offline (a supporting route of this service). */
      reportFailures: (ref: KioskRef, body: BodyOf<typeof kiosk.reportPinFailures>, options?: MutationOptions) =>
        call(kiosk.reportPinFailures, { path: at(ref), body }, options),
    },
    /** Pick-lists shown at clock-on: locations, work types and shift conditions for one employee. */
    lookupData: {
      get: (ref: KioskRef, employeeId: number, options?: CallOptions) =>
        call(kiosk.getEmployeeLookupData, { path: { ...at(ref), employeeId } }, options),
    },
    /** Punches: each answers the employee's new state; pass an idempotencyKey so a retry cannot punch twice. */
    punches: {
      /** A punch of any kind in the registry (the outbox sends through this). */
      send: <K extends PunchKind>(kind: K, ref: KioskRef, body: PunchBody<K>, options?: MutationOptions) => punch(kind)(ref, body, options),
      clockOn: punch('clockOn'),
      startBreak: punch('startBreak'),
      endBreak: punch('endBreak'),
      /** Clocks off (ending an open break). */
      clockOff: punch('clockOff'),
      /** Abandons the open shift (no timesheet line). */
      discard: punch('discard'),
      /** Records a finished shift with its breaks. */
      addShift: (ref: KioskRef, body: BodyOf<typeof kiosk.addCompleteShiftForEmployee>, options?: MutationOptions) =>
        call(kiosk.addCompleteShiftForEmployee, { path: at(ref), body }, options),
    },
    /** Clocked shifts: matching shifts, newest first (a POST that changes nothing). */
    shifts: {
      search: (businessId: number, body: BodyOf<typeof kiosk.shifts> = {}, options?: CallOptions) =>
        call(kiosk.shifts, { path: inBusiness(businessId), body }, options),
    },
    /** Notes on clocked shifts. */
    notes: {
      list: (ref: ShiftRef, query?: QueryOf<typeof kiosk.getShiftNotes>, options?: CallOptions) =>
        call(kiosk.getShiftNotes, { path: onShift(ref), query }, options),
      add: (ref: ShiftRef, body: BodyOf<typeof kiosk.addNoteToShift>, options?: MutationOptions) =>
        call(kiosk.addNoteToShift, { path: onShift(ref), body }, options),
      delete: (ref: ShiftRef, noteId: number, options?: MutationOptions) =>
        call(kiosk.deleteNoteFromShift, { path: { ...onShift(ref), noteId } }, options),
      markRead: (ref: ShiftRef, body: BodyOf<typeof kiosk.markShiftNotesRead>, options?: MutationOptions) =>
        call(kiosk.markShiftNotesRead, { path: onShift(ref), body }, options),
    },
    /** Timesheet lines produced by kiosk shifts. */
    timesheets: {
      list: (businessId: number, query?: QueryOf<typeof timesheets.getBusinessTimesheets>, options?: CallOptions) =>
        call(timesheets.getBusinessTimesheets, { path: inBusiness(businessId), query }, options),
      get: (businessId: number, timesheetLineId: number, options?: CallOptions) =>
        call(timesheets.getTimesheetLine, { path: { businessId, timesheetLineId } }, options),
      /** Replaces a line (a field left out is cleared); also how a line is approved or rejected (its `status`). */
      update: (businessId: number, timesheetLineId: number, body: BodyOf<typeof timesheets.updateTimesheetLine>, options?: MutationOptions) =>
        call(timesheets.updateTimesheetLine, { path: { businessId, timesheetLineId }, body }, options),
      /** The raw punches behind a kiosk line, before rounding (a project extension). */
      punches: (businessId: number, timesheetLineId: number, options?: CallOptions) =>
        call(timesheets.getTimesheetLinePunches, { path: { businessId, timesheetLineId } }, options),
      /** The approved lines of a period as CSV text (a project extension). */
      exportCsv: (businessId: number, query: QueryOf<typeof timesheets.exportTimesheets>, options?: CallOptions) =>
        call(timesheets.exportTimesheets, { path: inBusiness(businessId), query }, options),
    },
    /** Forgotten clock-offs waiting for a manager (a project extension). */
    shiftCorrections: {
      list: (businessId: number, query?: QueryOf<typeof shiftCorrections.listShiftCorrections>, options?: CallOptions) =>
        call(shiftCorrections.listShiftCorrections, { path: inBusiness(businessId), query }, options),
      accept: (businessId: number, correctionId: number, options?: MutationOptions) =>
        call(shiftCorrections.acceptShiftCorrection, { path: { businessId, correctionId } }, options),
      reject: (businessId: number, correctionId: number, options?: MutationOptions) =>
        call(shiftCorrections.rejectShiftCorrection, { path: { businessId, correctionId } }, options),
    },
    /** Roster shifts (contract 2.8): roster times without a zone are the business's wall clock. */
    roster: {
      /** One page of roster shifts in a window, by start. */
      list: (businessId: number, query: QueryOf<typeof rosterShifts.getRosterShifts>, options?: CallOptions) =>
        call(rosterShifts.getRosterShifts, { path: inBusiness(businessId), query }, options),
      create: (businessId: number, body: BodyOf<typeof rosterShifts.createRosterShift>, query?: QueryOf<typeof rosterShifts.createRosterShift>, options?: MutationOptions) =>
        call(rosterShifts.createRosterShift, { path: inBusiness(businessId), query, body }, options),
      update: (businessId: number, rosterShiftId: number, body: BodyOf<typeof rosterShifts.updateRosterShift>, query?: QueryOf<typeof rosterShifts.updateRosterShift>, options?: MutationOptions) =>
        call(rosterShifts.updateRosterShift, { path: { businessId, rosterShiftId }, query, body }, options),
    },
    /** Employees: the directory and the kiosk access switch. */
    employees: {
      grantKioskAccess: (businessId: number, employeeId: number, options?: MutationOptions) =>
        call(employees.grantKioskAccess, { path: { businessId, employeeId } }, options),
      revokeKioskAccess: (businessId: number, employeeId: number, options?: MutationOptions) =>
        call(employees.revokeKioskAccess, { path: { businessId, employeeId } }, options),
      /** The employee directory (basic details). */
      listDetails: (businessId: number, query?: QueryOf<typeof employees.listBasicDetailsForEmployees>, options?: CallOptions) =>
        call(employees.listBasicDetailsForEmployees, { path: inBusiness(businessId), query }, options),
    },
    locations: {
      list: (businessId: number, query?: QueryOf<typeof locations.listBusinessLocations>, options?: CallOptions) =>
        call(locations.listBusinessLocations, { path: inBusiness(businessId), query }, options),
    },
    /** Work types (and shift conditions). */
    workTypes: {
      list: (businessId: number, query?: QueryOf<typeof workTypes.listWorkTypes>, options?: CallOptions) =>
        call(workTypes.listWorkTypes, { path: inBusiness(businessId), query }, options),
    },
    /** Business settings. `update*` replaces the stored settings (omitted fields take type defaults). */
    settings: {
      /** Employee portal settings (clock-on windows, photo, shift selection...). */
      get: (businessId: number, options?: CallOptions) => call(settings.getEmployeePortalSettings, { path: inBusiness(businessId) }, options),
      update: (businessId: number, body: BodyOf<typeof settings.updateEmployeePortalSettings>, options?: MutationOptions) =>
        call(settings.updateEmployeePortalSettings, { path: inBusiness(businessId), body }, options),
      getTimesheetSettings: (businessId: number, options?: CallOptions) =>
        call(settings.getTheTimesheetSettingsForTheBusiness, { path: inBusiness(businessId) }, options),
      updateTimesheetSettings: (businessId: number, body: BodyOf<typeof settings.updateTheTimesheetSettingsForTheBusiness>, options?: MutationOptions) =>
        call(settings.updateTheTimesheetSettingsForTheBusiness, { path: inBusiness(businessId), body }, options),
    },
  };
}

/** The API client: `call` for any route, and the app's named calls. Every call throws ApiClientError on failure. */
export type ApiClient = ReturnType<typeof namedCalls> & { call: Call };

/**
 * Creates an API client.
 *
 * @example
 * const client = createApiClient({ baseUrl: 'https://kiosk.example.com', credentials: () => stored });
 * const me = await client.device.whoAmI();
 * await client.punches.clockOn(me, { employeeId }, { idempotencyKey: crypto.randomUUID() });
 * const kiosks = await client.call(listKiosks, { path: { businessId: me.businessId } });
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const call = createCall(createTransport(config));
  return { call, ...namedCalls(call) };
}
