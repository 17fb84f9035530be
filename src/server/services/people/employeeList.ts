/**
 * The employee directory (`B/employee/details`, `B/employee/unstructured`) one page at a time:
 * the OData field map over the employee columns and the `details` jsonb, and the page query. The
 * vendor answers at most 100 employees per request, and so does this service.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { EmployeeDetailsModel } from '../../../contract/generated/models';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { UnstructuredEmployeeModel } from '../../../contract/supporting/employees';
import type { Database } from '../../db/openDatabase';
import { employees } from '../../db/schema';
import { field, type FieldMap, type FieldSpec } from '../../lists/odata/fields';
import { pageOf, planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import { DATE_DETAILS, DETAIL_KEYS, type StoredDetailKey } from './employees';
import type { EmployeeRow } from '../businesses/provisioning';

const detail = (key: StoredDetailKey) => sql`(${employees.details} ->> ${key}::text)`;

const DETAIL_FIELDS = Object.fromEntries(
  DETAIL_KEYS.map((key) => [key, DATE_DETAILS.has(key) ? field.instant(sql`${detail(key)}::timestamptz`) : field.text(detail(key))]),
) as Record<StoredDetailKey, FieldSpec>;

const DETAILS_FIELDS: FieldMap<keyof EmployeeDetailsModel> = {
  ...DETAIL_FIELDS,
  id: field.int(employees.id),
  firstName: field.text(employees.firstName),
  surname: field.text(employees.surname),
  externalId: field.text(employees.externalId),
  emailAddress: field.text(employees.email),
  mobilePhone: field.text(employees.mobilePhone),
  startDate: field.instant(employees.startDate),
  endDate: field.instant(employees.endDate),
};

const UNSTRUCTURED_FIELDS: FieldMap<keyof UnstructuredEmployeeModel> = { ...DETAILS_FIELDS, locationIds: field.list(), workTypeIds: field.list() };

const spec = (fields: ListSpec['fields']): ListSpec => ({
  fields,
  limits: PAGE_LIMITS.employees,
  defaultOrder: [asc(employees.id)],
  key: [employees.id],
});
const DETAILS_LIST = spec(DETAILS_FIELDS);
const UNSTRUCTURED_LIST = spec(UNSTRUCTURED_FIELDS);

/** Plans a `B/employee/details` request (validates its OData; no database access). */
export const planEmployeeDetailsList = (query: ODataQuery) => planList(query, DETAILS_LIST);
/** Plans a `B/employee/unstructured` request. */
export const planUnstructuredEmployeeList = (query: ODataQuery) => planList(query, UNSTRUCTURED_LIST);

/** One page of the business's employees. */
export function listEmployeePage(db: Database, businessId: number, plan: ListPlan): Promise<EmployeeRow[]> {
  return pageOf(db.select().from(employees).$dynamic(), plan, eq(employees.businessId, businessId));
}
