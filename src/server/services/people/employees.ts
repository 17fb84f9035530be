/**
 * Employees as the directory and the minimal "unstructured" record show them, creating one, and
 * the kiosk-access switch. EmployeeDetailsModel fields without a column live in
 * `employees.details` (jsonb) and are parsed back with zod on every read. The directory's pages
 * are in employeeList.ts.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { EmployeeDetailsModel } from '../../../contract/generated/models';
import type { UnstructuredEmployeeModel, UnstructuredEmployeeModelInput } from '../../../contract/supporting/employees';
import { parseWireDateTime, toWireDate } from '../../../domain/time';
import { isRealDateTime } from '../../../contract/wireTypes';
import type { Database } from '../../db/openDatabase';
import { employees, locations, workTypes } from '../../db/schema';
import { invalidField, notFound } from '../../errors/apiError';
import { createEmployee, isEmail, type EmployeeRow } from '../businesses/provisioning';

/** The EmployeeDetailsModel fields kept in `employees.details`. */
const StoredDetails = EmployeeDetailsModel.pick({
  title: true,
  preferredName: true,
  middleName: true,
  gender: true,
  dateOfBirth: true,
  anniversaryDate: true,
  residentialStreetAddress: true,
  residentialAddressLine2: true,
  residentialSuburb: true,
  residentialState: true,
  residentialPostCode: true,
  residentialCity: true,
  residentialCounty: true,
  postalStreetAddress: true,
  postalAddressLine2: true,
  postalSuburb: true,
  postalState: true,
  postalPostCode: true,
  postalCity: true,
  postalCounty: true,
  homePhone: true,
  workPhone: true,
}).partial();
type StoredDetails = Required<{ [K in keyof typeof StoredDetails.shape]: string | null }>;
export type StoredDetailKey = keyof StoredDetails;
export const DETAIL_KEYS = Object.keys(StoredDetails.shape) as StoredDetailKey[];
/** Details that hold an instant (stored as ISO-8601 text ending in Z). */
export const DATE_DETAILS = new Set<StoredDetailKey>(['dateOfBirth', 'anniversaryDate']);

function storedDetails(row: EmployeeRow): StoredDetails {
  const parsed = StoredDetails.safeParse(row.details);
  if (!parsed.success) throw new Error(`Stored details of employee ${row.id} are not valid`);
  const out = {} as StoredDetails;
  for (const key of DETAIL_KEYS) out[key] = parsed.data[key] ?? null;
  return out;
}

export function toEmployeeDetailsModel(row: EmployeeRow): EmployeeDetailsModel {
  const details = storedDetails(row);
  return {
    id: row.id,
    title: details.title,
    firstName: row.firstName,
    preferredName: details.preferredName,
    middleName: details.middleName,
    surname: row.surname,
    gender: details.gender,
    dateOfBirth: details.dateOfBirth,
    anniversaryDate: details.anniversaryDate,
    externalId: row.externalId,
    residentialStreetAddress: details.residentialStreetAddress,
    residentialAddressLine2: details.residentialAddressLine2,
    residentialSuburb: details.residentialSuburb,
    residentialState: details.residentialState,
    residentialPostCode: details.residentialPostCode,
    postalStreetAddress: details.postalStreetAddress,
    postalAddressLine2: details.postalAddressLine2,
    postalSuburb: details.postalSuburb,
    postalState: details.postalState,
    postalPostCode: details.postalPostCode,
    emailAddress: row.email,
    homePhone: details.homePhone,
    workPhone: details.workPhone,
    mobilePhone: row.mobilePhone,
    startDate: row.startDate ? toWireDate(row.startDate) : null,
    endDate: row.endDate?.toISOString() ?? null,
    residentialCity: details.residentialCity,
    residentialCounty: details.residentialCounty,
    postalCity: details.postalCity,
    postalCounty: details.postalCounty,
  };
}

export function toUnstructuredEmployeeModel(row: EmployeeRow): UnstructuredEmployeeModel {
  return { ...toEmployeeDetailsModel(row), locationIds: row.locationIds, workTypeIds: row.workTypeIds };
}

export async function loadEmployee(db: Database, businessId: number, employeeId: number): Promise<EmployeeRow> {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.businessId, businessId)));
  if (!row) throw notFound(`Employee ${employeeId}`);
  return row;
}

const clean = (value: string | null | undefined) => value?.trim() || null;

/**
 * A date given as a date-time (the contract types start dates so): the calendar date as written,
 * whatever time or zone follows it, kept as that date's UTC midnight (domain/time.ts).
 */
function dateOnly(field: string, value: string | null | undefined): Date | null {
  return instant(field, value) && value ? new Date(`${value.trim().slice(0, 10)}T00:00:00Z`) : null;
}

function instant(field: string, value: string | null | undefined): Date | null {
  if (!value) return null;
  const parsed = isRealDateTime(value) ? parseWireDateTime(value, 'utc') : null;
  if (!parsed) throw invalidField('validation-failed', field, 'must be a real ISO-8601 date-time');
  return parsed;
}

async function checkLocationIds(db: Database, businessId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.businessId, businessId), inArray(locations.id, unique), isNull(locations.deletedAt)));
  const known = new Set(found.map((row) => row.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw invalidField('invalid-reference', 'locationIds', `Location ${missing.join(', ')} does not exist.`);
  }
  return unique;
}

async function checkWorkTypeIds(db: Database, businessId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: workTypes.id })
    .from(workTypes)
    .where(and(eq(workTypes.businessId, businessId), inArray(workTypes.id, unique), isNull(workTypes.deletedAt)));
  const known = new Set(found.map((row) => row.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw invalidField('invalid-reference', 'workTypeIds', `Work type ${missing.join(', ')} does not exist.`);
  }
  return unique;
}

/** Validates a submitted employee and creates it. */
export async function createUnstructuredEmployee(
  db: Database,
  businessId: number,
  input: UnstructuredEmployeeModelInput,
): Promise<EmployeeRow> {
  const firstName = clean(input.firstName);
  if (!firstName) throw invalidField('validation-failed', 'firstName', 'An employee needs a first name.');
  const surname = clean(input.surname);
  if (!surname) throw invalidField('validation-failed', 'surname', 'An employee needs a surname.');
  const email = clean(input.emailAddress);
  if (email && !isEmail(email)) {
    throw invalidField('validation-failed', 'emailAddress', 'This is not an e-mail address.');
  }
  const startDate = dateOnly('startDate', input.startDate);
  const endDate = instant('endDate', input.endDate);
  if (startDate && endDate && endDate < startDate) {
    throw invalidField('validation-failed', 'endDate', 'The end date is before the start date.');
  }
  const details: Partial<StoredDetails> = {};
  for (const key of DETAIL_KEYS) {
    const value = DATE_DETAILS.has(key) ? instant(key, input[key])?.toISOString() : clean(input[key]);
    if (value) details[key] = value;
  }
  const locationIds = await checkLocationIds(db, businessId, input.locationIds ?? []);
  const workTypeIds = await checkWorkTypeIds(db, businessId, input.workTypeIds ?? []);
  return createEmployee(db, businessId, {
    firstName,
    surname,
    email,
    mobilePhone: clean(input.mobilePhone),
    externalId: clean(input.externalId),
    startDate,
    endDate,
    locationIds,
    workTypeIds,
    details,
  });
}

/** Turns kiosk use on or off for one employee of the business (404 if not theirs). */
export async function setKioskEnabled(db: Database, businessId: number, employeeId: number, enabled: boolean) {
  const updated = await db
    .update(employees)
    .set({ isKioskEnabled: enabled })
    .where(and(eq(employees.id, employeeId), eq(employees.businessId, businessId)))
    .returning({ id: employees.id });
  if (updated.length === 0) throw notFound(`Employee ${employeeId}`);
}

