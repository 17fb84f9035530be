/** Business access (contract 2.5; admins only), and the public account routes: activation, invitation acceptance, e-mail confirmation. */
import * as routes from '../../../contract/routes/access';
import { BusinessAccessModel } from '../../../contract/generated/models';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';

import { compileOData } from '../../http/odata';
import {
  acceptInvitation,
  activateAccount,
  assignAccess,
  listAccess,
  loadAccessByEmail,
  revokeAccess,
} from '../../services/access';
import { confirmEmailChange, updateAccessUser } from '../../services/userDetails';
import { loadBusiness } from '../../services/businesses';

const ACCESS_FIELDS = Object.keys(BusinessAccessModel.shape);

export function registerBusinessAccessHandlers(app: App) {
  app.openapi(routes.listAllBusinessAccessUsers, async (c) => {
    const { businessId } = c.req.valid('param');
    const applyOData = compileOData(c.req.valid('query'), ACCESS_FIELDS);
    return c.json(applyOData(await listAccess(c.var.db, businessId)), 200);
  });

  app.openapi(routes.getUserBusinessAccess, async (c) => {
    const { businessId } = c.req.valid('param');
    const { model } = await loadAccessByEmail(c.var.db, businessId, c.req.valid('query').email);
    return c.json(model, 200);
  });

  app.openapi(routes.assignBusinessAccess, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    const business = await loadBusiness(db, businessId);
    await assignAccess(db, {
      businessId,
      businessName: business.name,
      input: c.req.valid('json'),
      now: c.var.deps.now(),
      publicUrl: c.var.deps.settings.PUBLIC_URL,
    });
    return c.body(null, 200);
  });

  app.openapi(routes.updateDetailsOfAnAssociatedUser, async (c) => {
    const { businessId } = c.req.valid('param');
    const grant = grantOf(c);
    if (grant.principal.kind !== 'user') throw new Error('admin grant without a user');
    await updateAccessUser(c.var.db, {
      businessId,
      email: c.req.valid('query').email,
      input: c.req.valid('json'),
      callerUserId: grant.principal.userId,
      now: c.var.deps.now(),
      publicUrl: c.var.deps.settings.PUBLIC_URL,
    });
    return c.body(null, 200);
  });

  app.openapi(routes.revokeBusinessAccess, async (c) => {
    const { businessId } = c.req.valid('param');
    await revokeAccess(c.var.db, businessId, c.req.valid('query').email, c.var.deps.now());
    return c.body(null, 200);
  });
}

export function registerAccountHandlers(app: App) {
  app.openapi(routes.activateAccount, async (c) => {
    const { token, password } = c.req.valid('json');
    await activateAccount(c.var.db, { token, password, now: c.var.deps.now() });
    return c.body(null, 200);
  });

  app.openapi(routes.confirmEmailChange, async (c) => {
    const { token } = c.req.valid('json');
    await confirmEmailChange(c.var.db, { token, now: c.var.deps.now() });
    return c.body(null, 200);
  });

  app.openapi(routes.acceptInvitation, async (c) => {
    const { token } = c.req.valid('json');
    await acceptInvitation(c.var.db, { token, now: c.var.deps.now() });
    return c.body(null, 200);
  });
}
