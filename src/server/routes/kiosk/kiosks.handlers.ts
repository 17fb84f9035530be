/** Kiosk definitions: list, create, read, update, delete. */
import { and, eq, isNull } from 'drizzle-orm';
import * as routes from '../../../contract/routes/kiosk';
import { TimeAndAttendanceKioskModel } from '../../../contract/generated/models';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import {grantCoversKiosk } from '../../auth/access';
import { devices, kiosks } from '../../db/schema';
import { compileOData } from '../../http/odata';
import { kioskValues, loadKiosk, toKioskModel } from '../../services/kiosks';
import { loadBusiness } from '../../services/businesses';

const KIOSK_FIELDS = Object.keys(TimeAndAttendanceKioskModel.shape);

export function registerKioskDefinitionRoutes(app: App) {
  app.openapi(routes.listKiosks, async (c) => {
    const { businessId } = c.req.valid('param');
    const applyOData = compileOData(c.req.valid('query'), KIOSK_FIELDS);
    const db = c.var.db;
    const grant = grantOf(c);
    const rows = await db
      .select()
      .from(kiosks)
      .where(and(eq(kiosks.businessId, businessId), isNull(kiosks.deletedAt)))
      .orderBy(kiosks.id);
    const visible = rows.filter((row) => grant.isAdmin || grantCoversKiosk(grant, row.id) || row.availableToAllRestrictedUsersWithKioskAccess);
    return c.json(applyOData(visible.map(toKioskModel)), 200);
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
