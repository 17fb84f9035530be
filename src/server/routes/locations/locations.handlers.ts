/** Locations: list, create, read (with child locations), update, soft delete. */
import * as routes from '../../../contract/routes/locations';
import { answersRegionally } from '../../auth/businessRegion';
import type { App } from '../../context';
import { throughListGate } from '../../lists/listGate';
import { createLocation, deleteLocation, loadLocation, updateLocation } from '../../services/referenceData/locations';
import { listLocationPage, locationModel, planLocationList, singleLocationModel } from '../../services/referenceData/locationList';

export function registerLocationHandlers(app: App) {
  app.openapi(routes.listBusinessLocations, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planLocationList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => c.json(await listLocationPage(db, businessId, plan, answersRegionally(c, routes.listBusinessLocations)), 200));
  });

  app.openapi(routes.createLocation, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    return c.json(await locationModel(db, await createLocation(db, businessId, c.req.valid('json')), answersRegionally(c, routes.createLocation)), 200);
  });

  app.openapi(routes.getLocationById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    return c.json(await singleLocationModel(db, await loadLocation(db, businessId, id), answersRegionally(c, routes.getLocationById)), 200);
  });

  app.openapi(routes.updateLocation, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    return c.json(await locationModel(db, await updateLocation(db, businessId, id, c.req.valid('json')), answersRegionally(c, routes.updateLocation)), 200);
  });

  app.openapi(routes.deleteLocation, async (c) => {
    const { businessId, id } = c.req.valid('param');
    await deleteLocation(c.var.db, businessId, id, c.var.deps.now());
    return c.body(null, 200);
  });
}
