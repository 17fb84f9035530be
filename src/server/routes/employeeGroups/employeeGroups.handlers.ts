/** Employee groups: list, create, read (with matching employees), update, delete. */
import * as routes from '../../../contract/routes/employeeGroups';
import type { App } from '../../context';
import { throughListGate } from '../../lists/listGate';
import {
  createEmployeeGroup,
  deleteEmployeeGroup,
  listEmployeeGroupPage,
  loadEmployeeGroup,
  matchingEmployees,
  planEmployeeGroupList,
  toEmployeeGroupModel,
  updateEmployeeGroup,
} from '../../services/people/employeeGroups';

export function registerEmployeeGroupHandlers(app: App) {
  app.openapi(routes.listEmployeeGroups, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planEmployeeGroupList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => c.json(await listEmployeeGroupPage(db, businessId, plan), 200));
  });

  app.openapi(routes.createEmployeeGroup, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(toEmployeeGroupModel(await createEmployeeGroup(c.var.db, businessId, c.req.valid('json'))), 200);
  });

  app.openapi(routes.getEmployeeGroupById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    const row = await loadEmployeeGroup(db, businessId, id);
    const matching = await matchingEmployees(db, row, c.var.deps.now());
    return c.json({ matchingEmployees: matching, ...toEmployeeGroupModel(row) }, 200);
  });

  app.openapi(routes.updateEmployeeGroup, async (c) => {
    const { businessId, id } = c.req.valid('param');
    return c.json(toEmployeeGroupModel(await updateEmployeeGroup(c.var.db, businessId, id, c.req.valid('json'))), 200);
  });

  app.openapi(routes.deleteEmployeeGroup, async (c) => {
    const { businessId, id } = c.req.valid('param');
    await deleteEmployeeGroup(c.var.db, businessId, id);
    return c.body(null, 200);
  });
}
