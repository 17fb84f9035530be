/** Web hook registrations: list, register, read, replace, delete one or all, and a test delivery. */
import type { Context } from 'hono';
import * as routes from '../../../contract/routes/webhooks';
import type { App, AppEnv } from '../../context';
import { grantOf, userOf } from '../../auth/routeGuard';
import {
  createRegistration,
  deleteAllRegistrations,
  deleteRegistration,
  listRegistrations,
  loadRegistration,
  queueTestDelivery,
  replaceRegistration,
  toWebHookModel,
  type RegistrationOwner,
} from '../../services/webhooks/webhookRegistrations';

/** The caller (a user, as the routes declare) in the business of the path. */
function ownerOf(c: Context<AppEnv>): RegistrationOwner {
  return { businessId: grantOf(c).businessId, userId: userOf(c).userId };
}

function writeOptions(c: Context<AppEnv>) {
  return { allowPrivate: c.var.deps.settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS, now: c.var.deps.now() };
}

export function registerWebhookRegistrationHandlers(app: App) {
  app.openapi(routes.listWebHookRegistrations, async (c) => {
    const rows = await listRegistrations(c.var.db, ownerOf(c));
    return c.json(rows.map(toWebHookModel), 200);
  });

  app.openapi(routes.registerWebHook, async (c) => {
    const row = await createRegistration(c.var.db, ownerOf(c), c.req.valid('json'), writeOptions(c));
    return c.json(toWebHookModel(row), 200);
  });

  app.openapi(routes.deleteAllWebHookRegistrations, async (c) => {
    await deleteAllRegistrations(c.var.db, ownerOf(c));
    return c.body(null, 200);
  });

  app.openapi(routes.getWebHookRegistrationById, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(toWebHookModel(await loadRegistration(c.var.db, ownerOf(c), id)), 200);
  });

  app.openapi(routes.updateWebHookRegistration, async (c) => {
    const { id } = c.req.valid('param');
    await replaceRegistration(c.var.db, ownerOf(c), id, c.req.valid('json'), writeOptions(c));
    return c.body(null, 200);
  });

  app.openapi(routes.deleteWebHookRegistration, async (c) => {
    const { id } = c.req.valid('param');
    await deleteRegistration(c.var.db, ownerOf(c), id);
    return c.body(null, 200);
  });

  app.openapi(routes.testWebHook, async (c) => {
    const { id } = c.req.valid('param');
    await queueTestDelivery(c.var.db, ownerOf(c), id, c.req.valid('query').filter);
    return c.body(null, 200);
  });
}
