/** Employee portal settings (GET, POST) and timesheet settings (GET, PUT) of a business. */
import * as routes from '../../../contract/routes/settings';
import { answersRegionally } from '../../auth/businessRegion';
import type { App } from '../../context';
import { readSettings, writeSettings } from '../../services/businesses/settings';
import { portalSettingsFromInput, timesheetSettingsFromInput } from './settingsInput';

export function registerSettingsHandlers(app: App) {
  app.openapi(routes.getEmployeePortalSettings, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await readSettings(c.var.db, businessId, 'portal', answersRegionally(c, routes.getEmployeePortalSettings)), 200);
  });

  app.openapi(routes.updateEmployeePortalSettings, async (c) => {
    const { businessId } = c.req.valid('param');
    const model = portalSettingsFromInput(c.req.valid('json'));
    return c.json(await writeSettings(c.var.db, businessId, 'portal', model), 200);
  });

  app.openapi(routes.getTheTimesheetSettingsForTheBusiness, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await readSettings(c.var.db, businessId, 'timesheet', answersRegionally(c, routes.getTheTimesheetSettingsForTheBusiness)), 200);
  });

  app.openapi(routes.updateTheTimesheetSettingsForTheBusiness, async (c) => {
    const { businessId } = c.req.valid('param');
    const model = timesheetSettingsFromInput(c.req.valid('json'));
    return c.json(await writeSettings(c.var.db, businessId, 'timesheet', model), 200);
  });
}
