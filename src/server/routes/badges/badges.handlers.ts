/** Badges: the business's and a kiosk's mode, issuing and revoking at a kiosk, and the tablets' list and scan check. */
import * as routes from '../../../contract/routes/badges';
import { describePrincipal } from '../../auth/principal';
import type { App } from '../../context';
import { loadKiosk } from '../../services/kiosks/kiosks';
import { checkBadge } from '../../services/badges/badgeChecks';
import { issueBadges, listKioskBadges, revokeBadge } from '../../services/badges/badges';
import {
  readBusinessBadgeMode,
  readKioskBadgeMode,
  saveBusinessBadgeMode,
  saveKioskBadgeMode,
} from '../../services/badges/badgeSettings';
import { kioskScope } from '../kiosk/kioskContext';

export function registerBadgeHandlers(app: App) {
  app.openapi(routes.getBadgeSettings, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json({ mode: await readBusinessBadgeMode(c.var.db, businessId) }, 200);
  });

  app.openapi(routes.updateBadgeSettings, async (c) => {
    const { businessId } = c.req.valid('param');
    const { mode } = c.req.valid('json');
    return c.json({ mode: await saveBusinessBadgeMode(c.var.db, businessId, mode, c.var.deps.now()) }, 200);
  });

  app.openapi(routes.getKioskBadgeSettings, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    await loadKiosk(c.var.db, businessId, kioskId);
    return c.json({ mode: await readKioskBadgeMode(c.var.db, kioskId) }, 200);
  });

  app.openapi(routes.updateKioskBadgeSettings, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    await loadKiosk(c.var.db, businessId, kioskId);
    const { mode } = c.req.valid('json');
    return c.json({ mode: await saveKioskBadgeMode(c.var.db, businessId, kioskId, mode, c.var.deps.now()) }, 200);
  });

  app.openapi(routes.listKioskBadges, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    return c.json(await listKioskBadges(c.var.db, { businessId, kiosk: scope.kiosk, now: scope.pin.now }), 200);
  });

  app.openapi(routes.issueBadges, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    const issuedBy = describePrincipal(scope.grant.principal);
    const issued = await issueBadges(c.var.db, { businessId, kiosk: scope.kiosk, now: scope.pin.now, issuedBy }, c.req.valid('json').employeeIds);
    return c.json(issued, 200);
  });

  app.openapi(routes.revokeBadge, async (c) => {
    const { businessId, kioskId, badgeId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    await revokeBadge(c.var.db, { businessId, kiosk: scope.kiosk, now: scope.pin.now }, badgeId);
    return c.body(null, 200);
  });

  app.openapi(routes.checkBadge, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    const outcome = await checkBadge(c.var.db, { ...scope.pin, kioskId }, c.req.valid('json'));
    if (outcome.ok) return c.json(outcome.answer, 200);
    // The refusal was counted: keep that even though the request fails.
    c.set('keepWorkOnError', true);
    throw outcome.error;
  });
}
