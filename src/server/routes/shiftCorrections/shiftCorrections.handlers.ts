/** Forgotten clock-offs (project extension): the kiosk's submission, the managers' list and decisions. */
import * as routes from '../../../contract/routes/shiftCorrections';
import { PAGE_LIMITS } from '../../../contract/paging';
import { grantOf } from '../../auth/routeGuard';
import type { App } from '../../context';
import { planPage } from '../../lists/odata/planList';
import { decideCorrection, listCorrections, submitCorrection } from '../../services/shifts/shiftCorrections';
import { kioskScope } from '../kiosk/kioskContext';

export function registerShiftCorrectionHandlers(app: App) {
  app.openapi(routes.submitShiftCorrection, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    const ctx = { businessId, kioskId: scope.kiosk.id, principal: scope.grant.principal, now: scope.pin.now };
    return c.json(await submitCorrection(c.var.db, ctx, c.req.valid('json')), 200);
  });

  app.openapi(routes.listShiftCorrections, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    return c.json(await listCorrections(c.var.db, businessId, query.status ?? 'Pending', planPage(query, PAGE_LIMITS.history)), 200);
  });

  for (const [route, decision] of [
    [routes.acceptShiftCorrection, 'Accepted'],
    [routes.rejectShiftCorrection, 'Rejected'],
  ] as const) {
    app.openapi(route, async (c) => {
      const { businessId, correctionId } = c.req.valid('param');
      const ctx = { businessId, principal: grantOf(c).principal, now: c.var.deps.now() };
      return c.json(await decideCorrection(c.var.db, ctx, correctionId, decision), 200);
    });
  }
}
