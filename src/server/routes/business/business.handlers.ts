/** Businesses: create (any signed-in user), list the caller's, read one, update one (admins). */
import * as routes from '../../../contract/routes/business';
import type { App } from '../../context';
import { authorize, unauthenticated } from '../../auth/access';
import { forbidden } from '../../http/apiError';
import { throughListGate } from '../../http/listGate';
import { loadBusiness } from '../../services/businesses';
import {
  createBusinessFor,
  listBusinessPage,
  planBusinessList,
  toBusinessModel,
  updateBusinessProfile,
} from '../../services/businessProfiles';

export function registerBusinessHandlers(app: App) {
  app.openapi(routes.createBusiness, async (c) => {
    const principal = c.var.principal;
    if (!principal) throw unauthenticated();
    if (principal.kind !== 'user') throw forbidden('A kiosk device cannot create a business; sign in as a user.');
    const row = await createBusinessFor(c.var.db, principal.userId, c.req.valid('json'));
    return c.json(toBusinessModel(row), 200);
  });

  app.openapi(routes.listBusinesses, async (c) => {
    const principal = c.var.principal;
    if (!principal) throw unauthenticated();
    const plan = planBusinessList(c.req.valid('query'));
    return throughListGate(c.var.deps.settings, async () => c.json(await listBusinessPage(c.var.db, principal, plan), 200));
  });

  app.openapi(routes.getBusiness, async (c) => {
    const { businessId } = c.req.valid('param');
    // 'member': an enrolled device may read its own business (zone, SMS switch).
    await authorize(c.var.db, c.var.principal, businessId, { kind: 'member' });
    return c.json(toBusinessModel(await loadBusiness(c.var.db, businessId)), 200);
  });

  app.openapi(routes.updateBusiness, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    await authorize(db, c.var.principal, businessId, { kind: 'admin' });
    const row = await updateBusinessProfile(db, await loadBusiness(db, businessId), c.req.valid('json'));
    return c.json(toBusinessModel(row), 200);
  });
}
