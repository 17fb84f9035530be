/**
 * The client's named types: references to a kiosk and a shift, and the few request bodies the app
 * names (each the input of its route's schema: optional where the service has a default); outputs
 * are the contract's zod output shapes, which every response is parsed with. Any other route's
 * types are `BodyOf<typeof route>`, `QueryOf<...>` and `ResultOf<...>` (call.ts).
 */
import type { BodyOf, QueryOf } from './call';
import type * as kiosk from '../contract/routes/kiosk';

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

export type KioskInput = BodyOf<typeof kiosk.createKiosk>;
export type AddKioskEmployeeInput = BodyOf<typeof kiosk.addAnEmployee>;
export type { PinSealKeyModel } from '../contract/supporting/kiosk';
export type ClockOffInput = BodyOf<typeof kiosk.clockOutEmployee>;
export type DiscardShiftInput = BodyOf<typeof kiosk.discardCurrentShift>;
export type AddShiftInput = BodyOf<typeof kiosk.addCompleteShiftForEmployee>;
export type MarkNotesReadInput = BodyOf<typeof kiosk.markShiftNotesRead>;

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
