/**
 * My hours (project extension): the kiosk's reads and writes for the person who signed in, and the
 * managers' list, resolution and line history. A kiosk route first checks the person may use this
 * kiosk (as checkid does: anyone else is 404), then reads or writes only that person's rows.
 */
import type { Context } from 'hono';
import * as routes from '../../../contract/routes/myHours';
import { PAGE_LIMITS } from '../../../contract/paging';
import { grantOf } from '../../auth/routeGuard';
import type { App, AppEnv } from '../../context';
import { ApiError, notFound } from '../../errors/apiError';
import { planPage } from '../../lists/odata/planList';
import { acknowledgeChange, changesOfLine } from '../../services/myHours/lineChanges';
import { listDisputes, markReplySeen, resolveDispute, submitDispute } from '../../services/myHours/lineDisputes';
import { readMyHours } from '../../services/myHours/myHours';
import { loadKioskEmployee } from '../../services/people/kioskEmployees';
import { kioskScope } from '../kiosk/kioskContext';

/** The kiosk and the person at it; a person who cannot use this kiosk "does not exist" here. */
async function personAtKiosk(c: Context<AppEnv>, businessId: number, kioskId: number, employeeId: number) {
  const scope = await kioskScope(c, businessId, kioskId);
  await loadKioskEmployee(c.var.db, businessId, employeeId, { now: scope.pin.now, atKiosk: scope.kiosk }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'not-kiosk-enabled') throw notFound(`Employee ${employeeId}`);
    throw error;
  });
  return { businessId, kioskId: scope.kiosk.id, zone: scope.kiosk.ianaTimeZone, principal: scope.grant.principal, now: scope.pin.now };
}

export function registerMyHoursHandlers(app: App) {
  app.openapi(routes.getMyHours, async (c) => {
    const { businessId, kioskId, employeeId } = c.req.valid('param');
    const ctx = await personAtKiosk(c, businessId, kioskId, employeeId);
    return c.json(await readMyHours(c.var.db, ctx, employeeId), 200);
  });

  app.openapi(routes.submitLineDispute, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const body = c.req.valid('json');
    const ctx = await personAtKiosk(c, businessId, kioskId, body.employeeId);
    return c.json(await submitDispute(c.var.db, ctx, body), 200);
  });

  app.openapi(routes.markDisputeReplySeen, async (c) => {
    const { businessId, kioskId, disputeId } = c.req.valid('param');
    const { employeeId } = c.req.valid('json');
    const ctx = await personAtKiosk(c, businessId, kioskId, employeeId);
    return c.json(await markReplySeen(c.var.db, ctx, employeeId, disputeId), 200);
  });

  app.openapi(routes.acknowledgeLineChange, async (c) => {
    const { businessId, kioskId, lineChangeId } = c.req.valid('param');
    const { employeeId } = c.req.valid('json');
    const ctx = await personAtKiosk(c, businessId, kioskId, employeeId);
    return c.json(await acknowledgeChange(c.var.db, ctx, employeeId, lineChangeId), 200);
  });

  app.openapi(routes.listLineDisputes, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    return c.json(await listDisputes(c.var.db, businessId, query.status ?? 'Open', planPage(query, PAGE_LIMITS.history)), 200);
  });

  app.openapi(routes.resolveLineDispute, async (c) => {
    const { businessId, disputeId } = c.req.valid('param');
    const ctx = { businessId, principal: grantOf(c).principal, now: c.var.deps.now() };
    return c.json(await resolveDispute(c.var.db, ctx, disputeId, c.req.valid('json').reply), 200);
  });

  app.openapi(routes.listLineChanges, async (c) => {
    const { businessId, timesheetLineId } = c.req.valid('param');
    return c.json(await changesOfLine(c.var.db, businessId, timesheetLineId), 200);
  });
}
