/** Work types (and shift conditions): list, create, read, update, soft delete. */
import * as routes from '../../../contract/routes/workTypes';
import type { App } from '../../context';
import { throughListGate } from '../../http/listGate';
import {
  createWorkType,
  deleteWorkType,
  listWorkTypePage,
  loadWorkType,
  planWorkTypeList,
  toWorkTypeModel,
  updateWorkType,
} from '../../services/workTypes';

export function registerWorkTypeHandlers(app: App) {
  app.openapi(routes.listWorkTypes, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planWorkTypeList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => c.json(await listWorkTypePage(db, businessId, plan), 200));
  });

  app.openapi(routes.createWorkType, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(toWorkTypeModel(await createWorkType(c.var.db, businessId, c.req.valid('json'))), 200);
  });

  app.openapi(routes.getWorkTypeById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(toWorkTypeModel(await loadWorkType(c.var.db, businessId, id)), 200);
  });

  app.openapi(routes.updateWorkType, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(toWorkTypeModel(await updateWorkType(c.var.db, businessId, id, c.req.valid('json'))), 200);
  });

  app.openapi(routes.deleteWorkType, async (c) => {
    const { businessId, id } = c.req.valid('param');
    await deleteWorkType(c.var.db, businessId, id, c.var.deps.now());
    return c.body(null, 200);
  });
}
