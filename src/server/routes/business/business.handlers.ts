/** Businesses: create (operators and business administrators), list the caller's, read one, update one (admins). */
import * as routes from '../../../contract/routes/business';
import { BusinessModel } from '../../../contract/routes/business';
import type { App } from '../../context';
import { callerOf, userOf } from '../../auth/routeGuard';
import { compileOData } from '../../http/odata';
import { loadBusiness } from '../../services/businesses';
import {
  businessCreationForbidden,
  businessesVisibleTo,
  createBusinessFor,
  mayCreateBusiness,
  toBusinessModel,
  updateBusinessProfile,
} from '../../services/businessProfiles';

const BUSINESS_FIELDS = Object.keys(BusinessModel.shape);

export function registerBusinessHandlers(app: App) {
  app.openapi(routes.createBusiness, async (c) => {
    const user = userOf(c);
    if (!(await mayCreateBusiness(c.var.db, user, c.var.deps.settings))) throw businessCreationForbidden();
    const row = await createBusinessFor(c.var.db, user.userId, c.req.valid('json'));
    return c.json(toBusinessModel(row), 200);
  });

  app.openapi(routes.listBusinesses, async (c) => {
    const applyOData = compileOData(c.req.valid('query'), BUSINESS_FIELDS);
    const rows = await businessesVisibleTo(c.var.db, callerOf(c));
    return c.json(applyOData(rows.map(toBusinessModel)), 200);
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
