/**
 * What every self-service handler starts with: the grant the route guard established (a user
 * linked to the employee in the path; auth/access.ts authorizeSelf) and, for punches, the punch
 * context at the business's self-service portal (services/punches/punchPoints.ts), built like a kiosk's.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import type { Database } from '../../db/openDatabase';
import { groupIdsOfEmployee } from '../../services/people/employeeGroups';
import type { EmployeeRow } from '../../services/people/kioskEmployees';
import { portalPoint } from '../../services/punches/punchPoints';
import type { PunchContext } from '../../services/punches/punchContext';
import { punchSettings } from '../kiosk/kioskContext';

export interface SelfScope {
  businessId: number;
  employeeId: number;
  now: Date;
}

/** The business and employee of the self-service grant. */
export function selfScope(c: Context<AppEnv>): SelfScope {
  const grant = grantOf(c);
  if (!grant.selfService) throw new Error(`no self-service grant on ${c.req.method} ${c.req.path}`);
  return { businessId: grant.businessId, employeeId: grant.selfService.employeeId, now: c.var.deps.now() };
}

/** The punch context of the self-service portal, its rules read from the business's settings now. */
export async function selfServicePunchContext(c: Context<AppEnv>, scope: SelfScope): Promise<PunchContext> {
  return {
    businessId: scope.businessId,
    point: await portalPoint(c.var.db, scope.businessId),
    principal: grantOf(c).principal,
    now: scope.now,
    settings: punchSettings(c.var.deps.settings),
    groupIdsOf: (tx: Database, employee: EmployeeRow) => groupIdsOfEmployee(tx, scope.businessId, employee),
  };
}
