/** Business access (contract 2.5; admins only), and the public account routes: activation, invitation acceptance, e-mail confirmation. */
import * as routes from '../../../contract/routes/access';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import { throughListGate } from '../../lists/listGate';
import { assignAccess, loadAccessByEmail, revokeAccess } from '../../services/access/access';
import { acceptInvitation, activateAccount } from '../../services/access/invitationAcceptance';
import { confirmEmailChange, updateAccessUser } from '../../services/access/userDetails';
import { listAccessPage, planAccessList } from '../../services/access/accessList';
import { loadBusiness } from '../../services/businesses/businesses';

export function registerBusinessAccessHandlers(app: App) {
  app.openapi(routes.listAllBusinessAccessUsers, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planAccessList(c.req.valid('query'));
    return throughListGate(c.var.deps.settings, async () => c.json(await listAccessPage(c.var.db, businessId, plan), 200));
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
