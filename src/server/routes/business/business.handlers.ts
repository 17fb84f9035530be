/** Businesses: create (operators and business administrators), list the caller's, read one, update one (admins). */
import * as routes from '../../../contract/routes/business';
import { BusinessModel } from '../../../contract/routes/business';
import type { App } from '../../context';
import { authorize, unauthenticated } from '../../auth/access';
import { forbidden } from '../../http/apiError';
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
    const principal = c.var.principal;
    if (!principal) throw unauthenticated();
    if (principal.kind !== 'user') throw forbidden('A kiosk device cannot create a business; sign in as a user.');
    if (!(await mayCreateBusiness(c.var.db, principal, c.var.deps.settings))) throw businessCreationForbidden();
    const row = await createBusinessFor(c.var.db, principal.userId, c.req.valid('json'));
    return c.json(toBusinessModel(row), 200);
  });

  app.openapi(routes.listBusinesses, async (c) => {
    const principal = c.var.principal;
    if (!principal) throw unauthenticated();
    const applyOData = compileOData(c.req.valid('query'), BUSINESS_FIELDS);
    const rows = await businessesVisibleTo(c.var.db, principal);
    return c.json(applyOData(rows.map(toBusinessModel)), 200);
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
