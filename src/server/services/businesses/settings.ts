/**
 * The business settings documents that steer clocking: employee portal settings and timesheet
 * settings. Stored whole as the contract model and parsed on every read.
 */
import { and, eq } from 'drizzle-orm';
import { EmployeePortalSettingsModel, UkBusinessTimesheetSettingsModel } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { businessSettings } from '../../db/schema';

export const DEFAULT_PORTAL_SETTINGS: EmployeePortalSettingsModel = {
  allowEmployeeLeaveSelfService: false,
  allowEmployeeSelfEditing: false,
  timesheetSetting: 'EditKiosk',
  allowEmployeeToSetUnavailability: false,
  allowEmployeeBankAccountSelfService: false,
  allowEmployeeSatisfactionSurvey: false,
  allowEmployeesToViewAllApprovedLeave: false,
  unavailabilityCutOff: 0,
  allowEmployeesToUploadProfilePicture: false,
  allowEmployeeExpensesSelfService: false,
  allowEmployeeOverrideTaxCodes: false,
  showPayDaysInEmployeeCalendar: false,
  enableWorkZoneClockOn: false,
  requirePhoto: false,
  allowEmployeeShiftSelection: false,
  clockOnWindowMinutes: null,
  clockOffWindowMinutes: null,
  clockOnReminderNotificationMinutes: null,
  clockOffReminderNotificationMinutes: null,
  sendEmployeeDetailsUpdateNotifications: false,
};

export const DEFAULT_TIMESHEET_SETTINGS: UkBusinessTimesheetSettingsModel = {
  requireStartAndStopTimes: true,
  requireWorkType: false,
  canSetRequireWorkTypeSetting: true,
  requireLocation: false,
  includeAllTimesheetNotesInPayRun: false,
  timesheetRejectionNotifications: false,
  managersCanCreateTimesheetsForEmployeesThatAreNotEnabled: false,
  timesheetsEnabled: true,
  approveIfMatchesRosterShift: false,
  allowPaidBreaks: false,
  hasMaximumPaidBreakDuration: false,
  maximumPaidBreakDuration: null,
};

const KINDS = {
  portal: EmployeePortalSettingsModel,
  timesheet: UkBusinessTimesheetSettingsModel,
} as const;
type Kind = keyof typeof KINDS;
type ModelOf<K extends Kind> = K extends 'portal' ? EmployeePortalSettingsModel : UkBusinessTimesheetSettingsModel;

export async function writeDefaultSettings(db: Database, businessId: number): Promise<void> {
  await db.insert(businessSettings).values([
    { businessId, kind: 'portal', model: DEFAULT_PORTAL_SETTINGS },
    { businessId, kind: 'timesheet', model: DEFAULT_TIMESHEET_SETTINGS },
  ]);
}

/**
 * The stored settings. `withRegional`: keep the fields a regional body added to the document (AU's
 * allowToSelectHigherClassification, NZ's allowEmployeeKiwiSaverSelfService...), for an answer the
 * business's region reshapes (auth/businessRegion.ts); without it, exactly the UK model.
 */
export async function readSettings<K extends Kind>(db: Database, businessId: number, kind: K, withRegional = false): Promise<ModelOf<K>> {
  const [row] = await db
    .select({ model: businessSettings.model })
    .from(businessSettings)
    .where(and(eq(businessSettings.businessId, businessId), eq(businessSettings.kind, kind)));
  return settingsFrom(kind, row?.model, businessId, withRegional);
}

/** The settings of a stored document (undefined: none stored, so the defaults), for a caller that read it with others. */
export function settingsFrom<K extends Kind>(kind: K, model: unknown, businessId: number, withRegional = false): ModelOf<K> {
  const fallback = (kind === 'portal' ? DEFAULT_PORTAL_SETTINGS : DEFAULT_TIMESHEET_SETTINGS) as ModelOf<K>;
  if (model === undefined) return fallback;
  const parsed = (withRegional ? KINDS[kind].loose() : KINDS[kind]).safeParse(model);
  if (!parsed.success) throw new Error(`Stored ${kind} settings of business ${businessId} are not valid`);
  return parsed.data as ModelOf<K>;
}

export async function writeSettings<K extends Kind>(db: Database, businessId: number, kind: K, model: ModelOf<K>): Promise<ModelOf<K>> {
  await db
    .insert(businessSettings)
    .values({ businessId, kind, model })
    .onConflictDoUpdate({ target: [businessSettings.businessId, businessSettings.kind], set: { model } });
  return model;
}
