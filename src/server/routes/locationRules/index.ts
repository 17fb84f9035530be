/** A location's overrides of the break rules and questions at clock-off (a project extension). */
import * as routes from '../../../contract/routes/locationRules';
import type { App } from '../../context';
import { readLocationRules, readRulesOfLocation, saveRulesOfLocation } from '../../services/businesses/locationRules';

export function registerLocationRulesRoutes(app: App) {
  app.openapi(routes.listLocationRules, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await readLocationRules(c.var.db, businessId), 200);
  });

  app.openapi(routes.getLocationRules, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(await readRulesOfLocation(c.var.db, businessId, id), 200);
  });

  app.openapi(routes.saveLocationRules, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(await saveRulesOfLocation(c.var.db, businessId, id, c.req.valid('json')), 200);
  });
}
