/** Businesses: create (operators and business administrators), list the caller's, read one, update one (admins). */
import * as routes from '../../../contract/routes/business';
import type { App } from '../../context';
import { callerOf, userOf } from '../../auth/routeGuard';
import { throughListGate } from '../../lists/listGate';
import { loadBusiness } from '../../services/businesses/businesses';
import {
  businessCreationForbidden,
  createBusinessFor,
  listBusinessPage,
  mayCreateBusiness,
  planBusinessList,
  toBusinessModel,
  updateBusinessProfile,
} from '../../services/businesses/businessProfiles';

export function registerBusinessHandlers(app: App) {
  app.openapi(routes.createBusiness, async (c) => {
    const user = userOf(c);
    if (!(await mayCreateBusiness(c.var.db, user, c.var.deps.settings))) throw businessCreationForbidden();
    const row = await createBusinessFor(c.var.db, user.userId, c.req.valid('json'));
    return c.json(toBusinessModel(row), 200);
  });

  app.openapi(routes.listBusinesses, async (c) => {
    const plan = planBusinessList(c.req.valid('query'));
    const principal = callerOf(c);
    return throughListGate(c.var.deps.settings, async () => c.json(await listBusinessPage(c.var.db, principal, plan), 200));
  });

  app.openapi(routes.getBusiness, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(toBusinessModel(await loadBusiness(c.var.db, businessId)), 200);
  });

  app.openapi(routes.updateBusiness, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    const row = await updateBusinessProfile(db, await loadBusiness(db, businessId), c.req.valid('json'));
    return c.json(toBusinessModel(row), 200);
  });
}
