/** Locations: list, create, read (with child locations), update, soft delete. */
import { eq } from 'drizzle-orm';
import * as routes from '../../../contract/routes/locations';
import type { App } from '../../context';
import { locations } from '../../db/schema';
import { conflict } from '../../http/apiError';
import { throughListGate } from '../../http/listGate';
import { hasLiveChildren, loadLocation, locationValues } from '../../services/locations';
import { listLocationPage, locationModel, planLocationList, singleLocationModel } from '../../services/locationList';

export function registerLocationHandlers(app: App) {
  app.openapi(routes.listBusinessLocations, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planLocationList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => c.json(await listLocationPage(db, businessId, plan), 200));
  });

  app.openapi(routes.createLocation, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    const values = await locationValues(db, businessId, c.req.valid('json'), null);
    const [row] = await db.insert(locations).values(values).returning();
    if (!row) throw new Error('insert returned no location');
    return c.json(await locationModel(db, row), 200);
  });

  app.openapi(routes.getLocationById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    return c.json(await singleLocationModel(db, await loadLocation(db, businessId, id)), 200);
  });

  app.openapi(routes.updateLocation, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    await loadLocation(db, businessId, id);
    const values = await locationValues(db, businessId, c.req.valid('json'), id);
    const [row] = await db.update(locations).set(values).where(eq(locations.id, id)).returning();
    if (!row) throw new Error('update returned no location');
    return c.json(await locationModel(db, row), 200);
  });

  app.openapi(routes.deleteLocation, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    await loadLocation(db, businessId, id);
    if (await hasLiveChildren(db, businessId, id)) {
      throw conflict('conflict', `Location ${id} still has child locations; move or delete them first.`);
    }
    // Kept as a tombstone: past shifts and timesheet lines still name their location.
    await db.update(locations).set({ deletedAt: c.var.deps.now() }).where(eq(locations.id, id));
    return c.body(null, 200);
  });
}
