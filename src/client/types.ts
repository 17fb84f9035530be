/**
 * The client's domain-named types. Inputs come from the generated OpenAPI types (what the
 * service accepts: optional where the service has a default); outputs are the contract's zod
 * output shapes, which every response is parsed with.
 */
import type { BodyOf, QueryOf } from './call';
import type * as business from '../contract/routes/business';
import type * as devices from '../contract/routes/devices';
import type * as kiosk from '../contract/routes/kiosk';
import type * as settings from '../contract/routes/settings';

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
export type ODataQuery = QueryOf<typeof kiosk.listKiosks>;
/** Options of the kiosk staff list. */
export type StaffQuery = QueryOf<typeof kiosk.listKioskStaff>;
/** Filters of a shift's notes. */
export type NotesQuery = QueryOf<typeof kiosk.getShiftNotes>;

/** A password-grant sign-in. */
export interface SignInInput {
  /** The user's e-mail address. */
  username: string;
  password: string;
}

export type CreateBusinessInput = BodyOf<typeof business.createBusiness>;
export type UpdateBusinessInput = BodyOf<typeof business.updateBusiness>;
export type EnrolDeviceInput = BodyOf<typeof devices.enrolDevice>;
export type KioskInput = BodyOf<typeof kiosk.createKiosk>;
export type AddKioskEmployeeInput = BodyOf<typeof kiosk.addAnEmployee>;
export type CheckPinInput = BodyOf<typeof kiosk.verifyKioskPin>;
export type ChangePinInput = BodyOf<typeof kiosk.changePin>;
export type PinFailuresReportInput = BodyOf<typeof kiosk.reportPinFailures>;
export type SealedPinChangeInput = BodyOf<typeof kiosk.changePinSealed>;
export type { PinSealKeyModel } from '../contract/supporting/kiosk';
export type ClockOnInput = BodyOf<typeof kiosk.clockInEmployee>;
export type StartBreakInput = BodyOf<typeof kiosk.startBreak>;
export type EndBreakInput = BodyOf<typeof kiosk.endBreak>;
export type ClockOffInput = BodyOf<typeof kiosk.clockOutEmployee>;
export type DiscardShiftInput = BodyOf<typeof kiosk.discardCurrentShift>;
export type AddShiftInput = BodyOf<typeof kiosk.addCompleteShiftForEmployee>;
export type ShiftSearchInput = BodyOf<typeof kiosk.shifts>;
export type AddNoteInput = BodyOf<typeof kiosk.addNoteToShift>;
export type MarkNotesReadInput = BodyOf<typeof kiosk.markShiftNotesRead>;
export type EmployeePortalSettingsInput = BodyOf<typeof settings.updateEmployeePortalSettings>;
export type TimesheetSettingsInput = BodyOf<typeof settings.updateTheTimesheetSettingsForTheBusiness>;

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
