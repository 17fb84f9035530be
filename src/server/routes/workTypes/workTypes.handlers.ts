/** Work types (and shift conditions): list, create, read, update, soft delete. */
import { eq } from 'drizzle-orm';
import * as routes from '../../../contract/routes/workTypes';
import type { App } from '../../context';
import { workTypes } from '../../db/schema';
import { throughListGate } from '../../http/listGate';
import { detachShiftCondition } from '../../services/locations';
import { withTransaction } from '../../services/transactions';
import {
  listWorkTypePage,
  loadWorkType,
  planWorkTypeList,
  SHIFT_CONDITION,
  toWorkTypeModel,
  workTypeValues,
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
    const db = c.var.db;
    const [row] = await db.insert(workTypes).values(workTypeValues(businessId, c.req.valid('json'))).returning();
    if (!row) throw new Error('insert returned no work type');
    return c.json(toWorkTypeModel(row), 200);
  });

  app.openapi(routes.getWorkTypeById, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    return c.json(toWorkTypeModel(await loadWorkType(db, businessId, id)), 200);
  });

  app.openapi(routes.updateWorkType, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    const before = await loadWorkType(db, businessId, id);
    const values = workTypeValues(businessId, c.req.valid('json'));
    const row = await withTransaction(db, async (tx) => {
      const [updated] = await tx.update(workTypes).set(values).where(eq(workTypes.id, id)).returning();
      if (!updated) throw new Error('update returned no work type');
      if (before.mappingType === SHIFT_CONDITION && updated.mappingType !== SHIFT_CONDITION) {
        await detachShiftCondition(tx, businessId, id);
      }
      return updated;
    });
    return c.json(toWorkTypeModel(row), 200);
  });

  app.openapi(routes.deleteWorkType, async (c) => {
    const { businessId, id } = c.req.valid('param');
    const db = c.var.db;
    await loadWorkType(db, businessId, id);
    await withTransaction(db, async (tx) => {
      // Kept as a tombstone: past shifts and timesheet lines still name their work type.
      await tx.update(workTypes).set({ deletedAt: c.var.deps.now() }).where(eq(workTypes.id, id));
      await detachShiftCondition(tx, businessId, id);
    });
    return c.body(null, 200);
  });
}
