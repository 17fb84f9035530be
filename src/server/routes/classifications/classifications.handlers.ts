/** The classification extension routes (AU award classifications; services/referenceData/classifications.ts). */
import * as routes from '../../../contract/routes/classifications';
import type { App } from '../../context';
import { classificationsOffered, createClassification, deleteClassification } from '../../services/referenceData/classifications';

export function registerClassificationHandlers(app: App) {
  app.openapi(routes.listClassifications, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await classificationsOffered(c.var.db, businessId), 200);
  });

  app.openapi(routes.createClassification, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await createClassification(c.var.db, businessId, c.req.valid('json').description), 200);
  });

  app.openapi(routes.deleteClassification, async (c) => {
    const { businessId, id } = c.req.valid('param');
    await deleteClassification(c.var.db, businessId, id, c.var.deps.now());
    return c.body(null, 200);
  });
}
