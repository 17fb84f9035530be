/** Kiosk definitions: list, create, read, update, delete. */
import * as routes from '../../../contract/routes/kiosk';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import { throughListGate } from '../../lists/listGate';
import { createKiosk, deleteKiosk, listKioskPage, loadKiosk, planKioskList, toKioskModel, updateKiosk } from '../../services/kiosks/kiosks';

export function registerKioskDefinitionRoutes(app: App) {
  app.openapi(routes.listKiosks, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planKioskList(c.req.valid('query'));
    const db = c.var.db;
    const grant = grantOf(c);
    // Admins see every kiosk; others the kiosks their grant covers and those open to all.
    const visible = grant.isAdmin ? 'all' : grant.kiosks;
    return throughListGate(c.var.deps.settings, async () => c.json(await listKioskPage(db, businessId, visible, plan), 200));
  });

  app.openapi(routes.createKiosk, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(toKioskModel(await createKiosk(c.var.db, businessId, c.req.valid('json'))), 200);
  });

  app.openapi(routes.getKioskById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(toKioskModel(await loadKiosk(c.var.db, businessId, id)), 200);
  });

  app.openapi(routes.updateKiosk, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(toKioskModel(await updateKiosk(c.var.db, businessId, id, c.req.valid('json'))), 200);
  });

  app.openapi(routes.deleteKiosk, async (c) => {
    const { businessId, id } = c.req.valid('param');
    await deleteKiosk(c.var.db, businessId, id, c.var.deps.now());
    return c.body(null, 200);
  });
}
