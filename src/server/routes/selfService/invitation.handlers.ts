/** Project extensions for admins: invite an employee to self-service, and end it (services/access/selfService.ts). */
import * as routes from '../../../contract/routes/selfService';
import type { App } from '../../context';
import { loadBusiness } from '../../services/businesses/businesses';
import { inviteToSelfService, revokeSelfService } from '../../services/access/selfService';

export function registerSelfServiceInvitationRoutes(app: App) {
  app.openapi(routes.inviteToSelfService, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    const business = await loadBusiness(c.var.db, businessId);
    // The body is optional: without one the employee's own e-mail address is used.
    const body = (c.req.valid('json') as { emailAddress?: string | null } | undefined) ?? {};
    const invitation = await inviteToSelfService(c.var.db, {
      businessId,
      businessName: business.name,
      employeeId,
      emailAddress: body.emailAddress,
      now: c.var.deps.now(),
      publicUrl: c.var.deps.settings.PUBLIC_URL,
    });
    return c.json(invitation, 200);
  });

  app.openapi(routes.revokeSelfService, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    await revokeSelfService(c.var.db, businessId, employeeId, c.var.deps.now());
    return c.body(null, 200);
  });
}
