/** The reporting dimension extension routes (services/referenceData/reportingDimensions.ts). */
import * as routes from '../../../contract/routes/reportingDimensions';
import type { App } from '../../context';
import { createReportingDimension, deleteReportingDimension, listReportingDimensions } from '../../services/referenceData/reportingDimensions';

export function registerReportingDimensionHandlers(app: App) {
  app.openapi(routes.listReportingDimensions, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await listReportingDimensions(c.var.db, businessId), 200);
  });

  app.openapi(routes.createReportingDimension, async (c) => {
    const { businessId } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await createReportingDimension(c.var.db, businessId, body.name, body.values), 200);
  });

  app.openapi(routes.deleteReportingDimension, async (c) => {
    const { businessId, id } = c.req.valid('param');
    await deleteReportingDimension(c.var.db, businessId, id, c.var.deps.now());
    return c.body(null, 200);
  });
}
