/**
 * Kiosk definitions: loading one within a business, listing a page of them, mapping rows to
 * TimeAndAttendanceKioskModel, and validating a submitted definition (zone, location) before it
 * is stored.
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type {
  TimeAndAttendanceKioskModel} from '../../../contract/generated/models';
import {
  WhiteLabelBrandingModel,
  type TimeAndAttendanceKioskModelInput,
} from '../../../contract/generated/models';
import { isValidTimeZone } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import { devices, kiosks, locations } from '../../db/schema';
import { PAGE_LIMITS } from '../../../contract/paging';
import { invalidField, notFound } from '../../errors/apiError';
import { field, type FieldMap } from '../../lists/odata/fields';
import { pageOf, planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import { loadBusiness } from '../businesses/businesses';
import { withTransaction } from '../../db/transactions';

export type KioskRow = typeof kiosks.$inferSelect;

export async function loadKiosk(db: Database, businessId: number, kioskId: number): Promise<KioskRow> {
  const [row] = await db
    .select()
    .from(kiosks)
    .where(and(eq(kiosks.id, kioskId), eq(kiosks.businessId, businessId), isNull(kiosks.deletedAt)));
  if (!row) throw notFound(`Kiosk ${kioskId}`);
  return row;
}

const EMPTY_BRANDING: WhiteLabelBrandingModel = {
  logoUrl: null,
  backgroundImageUrl: null,
  backgroundColour: null,
  textColour: null,
  textHoverColour: null,
  textSecondaryColour: null,
  darkModeLogoUrl: null,
  darkModeBackgroundColour: null,
  darkModeTextColour: null,
  darkModeTextSecondaryColour: null,
};

export function toKioskModel(row: KioskRow): TimeAndAttendanceKioskModel {
  const branding = row.branding === null ? null : WhiteLabelBrandingModel.safeParse({ ...EMPTY_BRANDING, ...(row.branding as object) });
  return {
    id: row.id,
    externalId: row.externalId,
    locationId: row.locationId,
    name: row.name,
    timeZone: row.timeZone,
    allowHigherClassificationSelection: row.allowHigherClassificationSelection,
    branding: branding?.success ? branding.data : null,
    isLocationRequired: row.isLocationRequired,
    isWorkTypeRequired: row.isWorkTypeRequired,
    restrictLocationsForEmployees: row.restrictLocationsForEmployees,
    allowEmployeeShiftSelection: row.allowEmployeeShiftSelection,
    clockOnWindowMinutes: row.clockOnWindowMinutes,
    clockOffWindowMinutes: row.clockOffWindowMinutes,
    ianaTimeZone: row.ianaTimeZone,
    isPhotoRequired: row.isPhotoRequired,
    canAddEmployees: row.canAddEmployees,
    availableToAllRestrictedUsersWithKioskAccess: row.availableToAllRestrictedUsersWithKioskAccess,
    paidBreaksEnabled: row.paidBreaksEnabled,
    timesheetDimensionsEnabled: row.timesheetDimensionsEnabled,
  };
}

/** Checks a submitted kiosk and returns the column values to store. */
export async function kioskValues(
  db: Database,
  businessId: number,
  input: TimeAndAttendanceKioskModelInput,
  businessZone: string,
) {
  const name = input.name?.trim();
  if (!name) throw invalidField('validation-failed', 'name', 'A kiosk needs a name.');
  const ianaTimeZone = input.ianaTimeZone?.trim() || businessZone;
  if (!isValidTimeZone(ianaTimeZone)) {
    throw invalidField('validation-failed', 'ianaTimeZone', `"${ianaTimeZone}" is not a known IANA time zone.`);
  }
  for (const field of ['clockOnWindowMinutes', 'clockOffWindowMinutes'] as const) {
    const value = input[field];
    if (value !== null && value !== undefined && value < 0) {
      throw invalidField('validation-failed', field, 'A matching window cannot be negative.');
    }
  }
  if (input.locationId !== null && input.locationId !== undefined) {
    const [location] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, input.locationId), eq(locations.businessId, businessId), isNull(locations.deletedAt)));
    if (!location) throw invalidField('invalid-reference', 'locationId', `Location ${input.locationId} does not exist.`);
  }
  return {
    businessId,
    externalId: input.externalId ?? null,
    locationId: input.locationId ?? null,
    name,
    timeZone: input.timeZone?.trim() || ianaTimeZone,
    ianaTimeZone,
    allowHigherClassificationSelection: input.allowHigherClassificationSelection,
    branding: input.branding ?? null,
    isLocationRequired: input.isLocationRequired,
    isWorkTypeRequired: input.isWorkTypeRequired,
    restrictLocationsForEmployees: input.restrictLocationsForEmployees,
    allowEmployeeShiftSelection: input.allowEmployeeShiftSelection ?? null,
    clockOnWindowMinutes: input.clockOnWindowMinutes ?? null,
    clockOffWindowMinutes: input.clockOffWindowMinutes ?? null,
    isPhotoRequired: input.isPhotoRequired ?? null,
    canAddEmployees: input.canAddEmployees,
    availableToAllRestrictedUsersWithKioskAccess: input.availableToAllRestrictedUsersWithKioskAccess,
    paidBreaksEnabled: input.paidBreaksEnabled,
    timesheetDimensionsEnabled: input.timesheetDimensionsEnabled,
  } satisfies typeof kiosks.$inferInsert;
}

/** TimeAndAttendanceKioskModel fields in SQL, for the kiosk list's OData. */
const KIOSK_FIELDS: FieldMap<keyof TimeAndAttendanceKioskModel> = {
  id: field.int(kiosks.id),
  externalId: field.text(kiosks.externalId),
  locationId: field.int(kiosks.locationId),
  name: field.text(kiosks.name),
  timeZone: field.text(kiosks.timeZone),
  allowHigherClassificationSelection: field.bool(kiosks.allowHigherClassificationSelection),
  branding: field.object(),
  isLocationRequired: field.bool(kiosks.isLocationRequired),
  isWorkTypeRequired: field.bool(kiosks.isWorkTypeRequired),
  restrictLocationsForEmployees: field.bool(kiosks.restrictLocationsForEmployees),
  allowEmployeeShiftSelection: field.bool(kiosks.allowEmployeeShiftSelection),
  clockOnWindowMinutes: field.int(kiosks.clockOnWindowMinutes),
  clockOffWindowMinutes: field.int(kiosks.clockOffWindowMinutes),
  ianaTimeZone: field.text(kiosks.ianaTimeZone),
  isPhotoRequired: field.bool(kiosks.isPhotoRequired),
  canAddEmployees: field.bool(kiosks.canAddEmployees),
  availableToAllRestrictedUsersWithKioskAccess: field.bool(kiosks.availableToAllRestrictedUsersWithKioskAccess),
  paidBreaksEnabled: field.bool(kiosks.paidBreaksEnabled),
  timesheetDimensionsEnabled: field.bool(kiosks.timesheetDimensionsEnabled),
};

const KIOSK_LIST: ListSpec = {
  fields: KIOSK_FIELDS,
  limits: PAGE_LIMITS.settings,
  defaultOrder: [asc(kiosks.id)],
  key: [kiosks.id],
};

/** Plans a `B/kiosk` request (validates its OData; no database access). */
export const planKioskList = (query: ODataQuery) => planList(query, KIOSK_LIST);

/**
 * One page of the business's live kiosks a caller sees: every kiosk for `'all'`, else the given
 * kiosks and those open to all restricted users with kiosk access.
 */
export async function listKioskPage(
  db: Database,
  businessId: number,
  visible: 'all' | readonly number[],
  plan: ListPlan,
): Promise<TimeAndAttendanceKioskModel[]> {
  const reach =
    visible === 'all'
      ? undefined
      : or(eq(kiosks.availableToAllRestrictedUsersWithKioskAccess, true), visible.length > 0 ? inArray(kiosks.id, [...visible]) : undefined);
  const rows = await pageOf(db.select().from(kiosks).$dynamic(), plan, eq(kiosks.businessId, businessId), isNull(kiosks.deletedAt), reach);
  return rows.map(toKioskModel);
}

/** Creates a kiosk of the business (its zone defaults to the business's). */
export async function createKiosk(db: Database, businessId: number, input: TimeAndAttendanceKioskModelInput): Promise<KioskRow> {
  const business = await loadBusiness(db, businessId);
  const [row] = await db.insert(kiosks).values(await kioskValues(db, businessId, input, business.ianaTimeZone)).returning();
  if (!row) throw new Error('insert returned no kiosk');
  return row;
}

/** Replaces a live kiosk's definition; 404 when it is not one of the business's. */
export async function updateKiosk(db: Database, businessId: number, kioskId: number, input: TimeAndAttendanceKioskModelInput): Promise<KioskRow> {
  await loadKiosk(db, businessId, kioskId);
  const business = await loadBusiness(db, businessId);
  const values = await kioskValues(db, businessId, input, business.ianaTimeZone);
  const [row] = await db.update(kiosks).set(values).where(eq(kiosks.id, kioskId)).returning();
  if (!row) throw new Error('update returned no kiosk');
  return row;
}

/**
 * Deletes a kiosk as a tombstone (past shifts still name it) and revokes its devices, together:
 * a deleted kiosk never keeps a device that can still punch at it.
 */
export async function deleteKiosk(db: Database, businessId: number, kioskId: number, now: Date): Promise<void> {
  await loadKiosk(db, businessId, kioskId);
  await withTransaction(db, async (tx) => {
    await tx.update(kiosks).set({ deletedAt: now }).where(eq(kiosks.id, kioskId));
    await tx.update(devices).set({ revokedAt: now }).where(and(eq(devices.kioskId, kioskId), isNull(devices.revokedAt)));
  });
}
