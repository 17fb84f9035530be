/** Work types (and shift conditions): list, create, read, update, soft delete. */
import * as routes from '../../../contract/routes/workTypes';
import { answersRegionally } from '../../auth/businessRegion';
import type { App } from '../../context';
import { throughListGate } from '../../lists/listGate';
import {
  createWorkType,
  deleteWorkType,
  listWorkTypePage,
  loadWorkType,
  planWorkTypeList,
  toRegionalWorkTypeModel,
  toWorkTypeModel,
  updateWorkType,
  type WorkTypeRow,
} from '../../services/referenceData/workTypes';

/** A regional business's answer keeps its stored regional fields and employment types (its Fill reshapes it); a UK one gets the UK model. */
const answer = (regional: boolean, row: WorkTypeRow) => (regional ? toRegionalWorkTypeModel(row) : toWorkTypeModel(row));

export function registerWorkTypeHandlers(app: App) {
  app.openapi(routes.listWorkTypes, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planWorkTypeList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => c.json(await listWorkTypePage(db, businessId, plan, 'all', undefined, answersRegionally(c, routes.listWorkTypes)), 200));
  });

  app.openapi(routes.createWorkType, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(answer(answersRegionally(c, routes.createWorkType), await createWorkType(c.var.db, businessId, c.req.valid('json'))), 200);
  });

  app.openapi(routes.getWorkTypeById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(answer(answersRegionally(c, routes.getWorkTypeById), await loadWorkType(c.var.db, businessId, id)), 200);
  });

  app.openapi(routes.updateWorkType, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(answer(answersRegionally(c, routes.updateWorkType), await updateWorkType(c.var.db, businessId, id, c.req.valid('json'))), 200);
  });

  app.openapi(routes.deleteWorkType, async (c) => {
    const { businessId, id } = c.req.valid('param');
    await deleteWorkType(c.var.db, businessId, id, c.var.deps.now());
    return c.body(null, 200);
  });
}
