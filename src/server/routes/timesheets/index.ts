/** Timesheet lines: GET B/timesheet (OData, one bounded page) and GET B/timesheet/{timesheetLineId}. */
import * as routes from '../../../contract/routes/timesheets';
import type { App } from '../../context';
import { mapInSlices, throughListGate } from '../../http/listGate';
import { listLinePage, planTimesheetLineList, referencesOfLines } from '../../services/timesheetLineList';
import { loadLine, toIndividualLine, toListLine } from '../../services/timesheetLines';

export function registerTimesheetRoutes(app: App) {
  app.openapi(routes.getBusinessTimesheets, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planTimesheetLineList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => {
      const rows = await listLinePage(db, businessId, plan);
      const refs = await referencesOfLines(db, businessId, rows);
      return c.json(await mapInSlices(rows, (row) => toListLine(row, refs)), 200);
    });
  });

  app.openapi(routes.getTimesheetLine, async (c) => {
    const { businessId, timesheetLineId } = c.req.valid('param');
    const db = c.var.db;
    const row = await loadLine(db, businessId, timesheetLineId);
    return c.json(toIndividualLine(row, await referencesOfLines(db, businessId, [row])), 200);
  });
}
