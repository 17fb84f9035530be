/** Kiosk definitions: list, create, read, update, delete. */
import { and, eq, isNull } from 'drizzle-orm';
import * as routes from '../../../contract/routes/kiosk';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import { devices, kiosks } from '../../db/schema';
import { throughListGate } from '../../http/listGate';
import { kioskValues, listKioskPage, loadKiosk, planKioskList, toKioskModel } from '../../services/kiosks';
import { loadBusiness } from '../../services/businesses';

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
    const db = c.var.db;
    const business = await loadBusiness(db, businessId);
    const values = await kioskValues(db, businessId, c.req.valid('json'), business.ianaTimeZone);
    const [row] = await db.insert(kiosks).values(values).returning();
    if (!row) throw new Error('insert returned no kiosk');
    return c.json(toKioskModel(row), 200);
  });

  app.openapi(routes.getKioskById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(toKioskModel(await loadKiosk(c.var.db, businessId, id)), 200);
  });

  app.openapi(routes.updateKiosk, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    await loadKiosk(db, businessId, id);
    const business = await loadBusiness(db, businessId);
    const values = await kioskValues(db, businessId, c.req.valid('json'), business.ianaTimeZone);
    const [row] = await db.update(kiosks).set(values).where(eq(kiosks.id, id)).returning();
    if (!row) throw new Error('update returned no kiosk');
    return c.json(toKioskModel(row), 200);
  });

  app.openapi(routes.deleteKiosk, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    await loadKiosk(db, businessId, id);
    // Kept as a tombstone: past shifts still name their kiosk. Its devices lose their access.
    const now = c.var.deps.now();
    await db.update(kiosks).set({ deletedAt: now }).where(eq(kiosks.id, id));
    await db.update(devices).set({ revokedAt: now }).where(and(eq(devices.kioskId, id), isNull(devices.revokedAt)));
    return c.body(null, 200);
  });
}
