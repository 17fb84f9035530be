/** Employee groups: list, create, read (with matching employees), update, delete. */
import { eq } from 'drizzle-orm';
import * as routes from '../../../contract/routes/employeeGroups';
import type { App } from '../../context';
import { employeeGroups } from '../../db/schema';
import { throughListGate } from '../../http/listGate';
import {
  employeeGroupValues,
  listEmployeeGroupPage,
  loadEmployeeGroup,
  matchingEmployees,
  planEmployeeGroupList,
  toEmployeeGroupModel,
} from '../../services/employeeGroups';

export function registerEmployeeGroupHandlers(app: App) {
  app.openapi(routes.listEmployeeGroups, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planEmployeeGroupList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => c.json(await listEmployeeGroupPage(db, businessId, plan), 200));
  });

  app.openapi(routes.createEmployeeGroup, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    const values = await employeeGroupValues(db, businessId, c.req.valid('json'));
    const [row] = await db.insert(employeeGroups).values(values).returning();
    if (!row) throw new Error('insert returned no employee group');
    return c.json(toEmployeeGroupModel(row), 200);
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
    const db = c.var.db;
    await loadEmployeeGroup(db, businessId, id);
    const values = await employeeGroupValues(db, businessId, c.req.valid('json'));
    const [row] = await db.update(employeeGroups).set(values).where(eq(employeeGroups.id, id)).returning();
    if (!row) throw new Error('update returned no employee group');
    return c.json(toEmployeeGroupModel(row), 200);
  });

  app.openapi(routes.deleteEmployeeGroup, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    await loadEmployeeGroup(db, businessId, id);
    // Groups are saved filters that nothing historical refers to, and the table has no
    // deleted_at column, so a delete removes the row.
    await db.delete(employeeGroups).where(eq(employeeGroups.id, id));
    return c.body(null, 200);
  });
}
