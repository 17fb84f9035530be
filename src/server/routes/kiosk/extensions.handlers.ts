/** Project extension routes of the kiosk: preferences, identity claims of unverified offline punches. */
import * as routes from '../../../contract/routes/kioskExtensions';
import type { App } from '../../context';
import { planPage } from '../../lists/odata/planList';
import { PAGE_LIMITS } from '../../../contract/paging';
import { readKioskPreferences, saveKioskPreferences } from '../../services/kiosks/kioskPreferences';
import { decideClaim, listClaims, submitClaim } from '../../services/punches/identityClaims';
import { maySeePhotos, readPhotoPolicy } from '../../services/photos/photoPolicy';
import type { IdentityClaimModel } from '../../../contract/supporting/kioskExtensions';
import type { Database } from '../../db/openDatabase';
import type { Grant } from '../../auth/access';
import { kioskScope } from './kioskContext';

/** Claims as this caller may see them: the punch photo only for those the photo policy lets see it. */
async function shownTo<T extends IdentityClaimModel | IdentityClaimModel[]>(db: Database, grant: Grant, claims: T): Promise<T> {
  const list: IdentityClaimModel[] = Array.isArray(claims) ? claims : [claims];
  if (!list.some((claim) => claim.photo !== null)) return claims;
  if (maySeePhotos(grant, await readPhotoPolicy(db, grant.businessId))) return claims;
  const hidden = list.map((claim) => ({ ...claim, photo: null }));
  return (Array.isArray(claims) ? hidden : hidden[0]) as T;
}

export function registerKioskExtensionRoutes(app: App) {
  app.openapi(routes.getKioskPreferences, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    return c.json(await readKioskPreferences(c.var.db, scope.kiosk.id), 200);
  });

  app.openapi(routes.updateKioskPreferences, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    return c.json(await saveKioskPreferences(c.var.db, businessId, scope.kiosk.id, c.req.valid('json'), scope.pin.now), 200);
  });

  app.openapi(routes.submitIdentityClaim, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    const ctx = { businessId, kioskId: scope.kiosk.id, principal: scope.grant.principal, now: scope.pin.now, pin: scope.pin };
    return c.json(await shownTo(c.var.db, scope.grant, await submitClaim(c.var.db, ctx, c.req.valid('json'))), 200);
  });

  app.openapi(routes.listIdentityClaims, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const query = c.req.valid('query');
    const scope = await kioskScope(c, businessId, kioskId);
    const page = planPage(query, PAGE_LIMITS.history);
    return c.json(await shownTo(c.var.db, scope.grant, await listClaims(c.var.db, businessId, scope.kiosk.id, query.status ?? 'pending', page)), 200);
  });

  for (const [route, decision] of [
    [routes.acceptIdentityClaim, 'accepted'],
    [routes.rejectIdentityClaim, 'rejected'],
  ] as const) {
    app.openapi(route, async (c) => {
      const { businessId, kioskId, claimId } = c.req.valid('param');
      const scope = await kioskScope(c, businessId, kioskId);
      const ctx = { businessId, kioskId: scope.kiosk.id, principal: scope.grant.principal, now: scope.pin.now, punch: scope.punch };
      return c.json(await shownTo(c.var.db, scope.grant, await decideClaim(c.var.db, ctx, claimId, decision)), 200);
    });
  }
}
