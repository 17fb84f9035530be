/**
 * The business-access list (`B/access`) one page at a time, with its OData field map: the access
 * type is a column, name and e-mail are read from the stored model; the nested rights (kiosks,
 * locations, groups, reports, payroll) cannot be filtered.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { RelatedUserType, type BusinessAccessModel } from '../../../contract/generated/models';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { Database } from '../../db/openDatabase';
import { businessAccess } from '../../db/schema';
import { field, type FieldMap } from '../../lists/odata/fields';
import { pageOf, planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import { parseModel } from '../../auth/access';

const ACCESS_LIST: ListSpec = {
  fields: {
    accessType: field.enum(businessAccess.accessType, RelatedUserType.options),
    employeeGroups: field.list(),
    locationAccess: field.list(),
    reports: field.object(),
    kioskAccess: field.object(),
    payrollAccess: field.object(),
    name: field.text(sql`(${businessAccess.model} ->> 'name')`),
    email: field.text(sql`(${businessAccess.model} ->> 'email')`),
  } satisfies FieldMap<keyof BusinessAccessModel>,
  limits: PAGE_LIMITS.settings,
  defaultOrder: [asc(businessAccess.createdAt), asc(businessAccess.userId)],
  key: [businessAccess.userId],
};

/** Plans a `B/access` request (validates its OData; no database access). */
export const planAccessList = (query: ODataQuery) => planList(query, ACCESS_LIST);

/** One page of the business's access records, oldest first unless the plan orders otherwise. */
export async function listAccessPage(db: Database, businessId: number, plan: ListPlan): Promise<BusinessAccessModel[]> {
  const select = db.select({ userId: businessAccess.userId, model: businessAccess.model }).from(businessAccess).$dynamic();
  const rows = await pageOf(select, plan, eq(businessAccess.businessId, businessId));
  return rows.map((row) => parseModel(row.model, businessId, row.userId));
}
