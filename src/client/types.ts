/**
 * The client's domain-named types. Inputs come from the generated OpenAPI types (what the
 * service accepts: optional where the service has a default); outputs are the contract's zod
 * output shapes, which every response is parsed with.
 */
import type { operations } from './generated/api';

/** The JSON request body an operation accepts. */
type JsonBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The query parameters an operation accepts. */
type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** Identifies a kiosk. A DeviceIdentityModel (from `device.whoAmI()`) is one. */
export interface KioskRef {
  businessId: number;
  kioskId: number;
}

/** Identifies a clocked shift seen through a kiosk. */
export interface ShiftRef extends KioskRef {
  shiftId: number;
}

/** The OData subset list routes accept: `$filter`, `$orderby`, `$top`, `$skip`. */
export type ODataQuery = QueryOf<'kiosk.listKiosks'>;
/** Options of the kiosk staff list. */
export type StaffQuery = QueryOf<'kiosk.listKioskStaff'>;
/** Filters of a shift's notes. */
export type NotesQuery = QueryOf<'kiosk.getShiftNotes'>;

/** A password-grant sign-in. */
export interface SignInInput {
  /** The user's e-mail address. */
  username: string;
  password: string;
}

export type CreateBusinessInput = JsonBody<'business.createBusiness'>;
export type UpdateBusinessInput = JsonBody<'business.updateBusiness'>;
export type EnrolDeviceInput = JsonBody<'devices.enrolDevice'>;
export type KioskInput = JsonBody<'kiosk.createKiosk'>;
export type AddKioskEmployeeInput = JsonBody<'kiosk.addAnEmployee'>;
export type CheckPinInput = JsonBody<'kiosk.verifyKioskPin'>;
export type ChangePinInput = JsonBody<'kiosk.changePin'>;
export type PinFailuresReportInput = JsonBody<'kiosk.reportPinFailures'>;
export type SealedPinChangeInput = JsonBody<'kiosk.changePinSealed'>;
export type { PinSealKeyModel } from '../contract/supporting/kiosk';
export type ClockOnInput = JsonBody<'kiosk.clockInEmployee'>;
export type StartBreakInput = JsonBody<'kiosk.startBreak'>;
export type EndBreakInput = JsonBody<'kiosk.endBreak'>;
export type ClockOffInput = JsonBody<'kiosk.clockOutEmployee'>;
export type DiscardShiftInput = JsonBody<'kiosk.discardCurrentShift'>;
export type AddShiftInput = JsonBody<'kiosk.addCompleteShiftForEmployee'>;
export type ShiftSearchInput = JsonBody<'kiosk.shifts'>;
export type AddNoteInput = JsonBody<'kiosk.addNoteToShift'>;
export type MarkNotesReadInput = JsonBody<'kiosk.markShiftNotesRead'>;
export type EmployeePortalSettingsInput = JsonBody<'settings.updateEmployeePortalSettings'>;
export type TimesheetSettingsInput = JsonBody<'settings.updateTheTimesheetSettingsForTheBusiness'>;

export type { OAuthTokenResponse } from '../contract/supporting/oauth';
export type { BusinessModel } from '../contract/supporting/business';
export type { DeviceIdentityModel, DeviceModel, EnrolledDeviceModel } from '../contract/supporting/devices';
export type {
  BasicKioskEmployeeModel,
  EmployeeDetailsModel,
  EmployeePortalSettingsModel,
  KioskEmployeeModel,
  ShiftNoteViewModel,
  TimeAndAttendanceKioskModel,
  TimeAttendanceStatus,
  UkBusinessTimesheetSettingsModel,
  UkIndividualTimesheetLineModel,
  UkLocationModel,
  UkTimeAndAttendanceLookupDataModel,
  UkTimeAndAttendanceShiftModel,
  UkTimesheetLineModel,
  UkWorkTypeModel,
} from '../contract/generated/models';
