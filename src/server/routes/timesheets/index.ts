/** Timesheet lines: GET B/timesheet (OData) and GET B/timesheet/{timesheetLineId}. */
import * as routes from '../../../contract/routes/timesheets';
import { UkTimesheetLineModel } from '../../../contract/generated/models';
import type { App } from '../../context';
import { compileOData } from '../../http/odata';
import { loadReferenceData } from '../../services/references';
import { listLines, loadLine, toIndividualLine, toListLine } from '../../services/timesheetLines';

const LINE_FIELDS = Object.keys(UkTimesheetLineModel.shape);

export function registerTimesheetRoutes(app: App) {
  app.openapi(routes.getBusinessTimesheets, async (c) => {
    const { businessId } = c.req.valid('param');
    const applyOData = compileOData(c.req.valid('query'), LINE_FIELDS);
    const db = c.var.db;
    const [rows, refs] = await Promise.all([listLines(db, businessId), loadReferenceData(db, businessId)]);
    return c.json(applyOData(rows.map((row) => toListLine(row, refs))), 200);
  });

  app.openapi(routes.getTimesheetLine, async (c) => {
    const { businessId, timesheetLineId } = c.req.valid('param');
    const db = c.var.db;
    const [row, refs] = await Promise.all([loadLine(db, businessId, timesheetLineId), loadReferenceData(db, businessId)]);
    return c.json(toIndividualLine(row, refs), 200);
  });
}
