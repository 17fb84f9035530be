/** Attestations at clock-off (project extension): the setting, the kiosk's answers, the managers' list. */
import * as routes from '../../../contract/routes/attestations';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { App } from '../../context';
import { planPage } from '../../lists/odata/planList';
import { callerOf } from '../../auth/routeGuard';
import { readAttestationSettings, saveAttestationSettings } from '../../services/businesses/attestationSettings';
import { listAttestationWordings, writeAttestationWording } from '../../services/businesses/attestationWording';
import { listAttestations, submitAttestation } from '../../services/shifts/shiftAttestations';
import { kioskScope } from '../kiosk/kioskContext';

export function registerAttestationHandlers(app: App) {
  app.openapi(routes.getAttestationSettings, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await readAttestationSettings(c.var.db, businessId), 200);
  });

  app.openapi(routes.saveAttestationSettings, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await saveAttestationSettings(c.var.db, businessId, c.req.valid('json')), 200);
  });

  app.openapi(routes.listAttestationWording, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await listAttestationWordings(c.var.db, businessId), 200);
  });

  app.openapi(routes.writeAttestationWording, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await writeAttestationWording(c.var.db, businessId, callerOf(c), c.req.valid('json')), 200);
  });

  app.openapi(routes.submitAttestation, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    const ctx = { businessId, kioskId: scope.kiosk.id, principal: scope.grant.principal, now: scope.pin.now };
    return c.json(await submitAttestation(c.var.db, ctx, c.req.valid('json')), 200);
  });

  app.openapi(routes.listAttestations, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    return c.json(await listAttestations(c.var.db, businessId, query.missedBreakOnly ?? false, planPage(query, PAGE_LIMITS.history)), 200);
  });
}
