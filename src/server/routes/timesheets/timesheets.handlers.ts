/**
 * Timesheet lines (contract 2.9, all 7 operations) and their project-designed neighbours: rounding
 * rules, the CSV export and a line's raw punches. Static paths (`export`, `bulk`) are registered
 * before `{timesheetLineId}`, which would otherwise take them and refuse the word as an id.
 */
import type { Context } from 'hono';
import * as routes from '../../../contract/routes/timesheets';
import { describePrincipal } from '../../auth/principal';
import { grantOf } from '../../auth/routeGuard';
import type { App, AppEnv } from '../../context';
import { mapInSlices, throughListGate } from '../../lists/listGate';
import { withRegionalLines } from '../../services/referenceData/classifications';
import { readRoundingRules, saveRoundingRules } from '../../services/businesses/roundingRules';
import { readBreakRules, saveBreakRules } from '../../services/businesses/breakRules';
import { submitBulk } from '../../services/timesheets/timesheetBulk';
import { exportTimesheetCsv } from '../../services/timesheets/timesheetExport';
import { listLinePage, planTimesheetLineList } from '../../services/timesheets/timesheetLineList';
import { loadLine } from '../../services/timesheets/timesheetLines';
import { referencesOfLines, toIndividualLine, toListLine } from '../../services/timesheets/timesheetLineShapes';
import { linePunches } from '../../services/timesheets/timesheetPunches';
import { createLine, deleteLine, updateLine, type WriteContext } from '../../services/timesheets/timesheetWrites';

/** Who is writing (a user's e-mail; a label otherwise) and when. */
function writer(c: Context<AppEnv>, businessId: number): WriteContext {
  const { principal } = grantOf(c);
  const who = principal.kind === 'user' ? principal.email : describePrincipal(principal);
  return { businessId, who, now: c.var.deps.now() };
}

export function registerTimesheetHandlers(app: App) {
  app.openapi(routes.exportTimesheets, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    const csv = await exportTimesheetCsv(c.var.db, businessId, query);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="timesheets-${query.FromDate.slice(0, 10)}-${query.ToDate.slice(0, 10)}.csv"`,
    });
  });

  app.openapi(routes.bulkInsertTimesheets, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await submitBulk(c.var.db, writer(c, businessId), c.req.valid('json'), false), 200);
  });

  app.openapi(routes.updateReplaceTimesheets, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await submitBulk(c.var.db, writer(c, businessId), c.req.valid('json'), true), 200);
  });

  app.openapi(routes.getRoundingRules, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await readRoundingRules(c.var.db, businessId), 200);
  });

  app.openapi(routes.saveRoundingRules, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await saveRoundingRules(c.var.db, businessId, c.req.valid('json')), 200);
  });

  app.openapi(routes.getBreakRules, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await readBreakRules(c.var.db, businessId), 200);
  });

  app.openapi(routes.saveBreakRules, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await saveBreakRules(c.var.db, businessId, c.req.valid('json')), 200);
  });

  app.openapi(routes.getBusinessTimesheets, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planTimesheetLineList(c.req.valid('query'));
    const db = c.var.db;
    return throughListGate(c.var.deps.settings, async () => {
      const rows = await listLinePage(db, businessId, plan);
      const refs = await referencesOfLines(db, businessId, rows);
      const lines = await mapInSlices(rows, (row) => toListLine(row, refs));
      return c.json(await withRegionalLines(db, c.var.region, businessId, lines, true), 200);
    });
  });

  app.openapi(routes.createTimesheetLine, async (c) => {
    const { businessId } = c.req.valid('param');
    const enforceUniqueExternalId = c.req.valid('query').enforceUniqueExternalId ?? false;
    const row = await createLine(c.var.db, writer(c, businessId), c.req.valid('json'), { enforceUniqueExternalId });
    return c.json(toIndividualLine(row, await referencesOfLines(c.var.db, businessId, [row])), 200);
  });

  app.openapi(routes.getTimesheetLine, async (c) => {
    const { businessId, timesheetLineId } = c.req.valid('param');
    const db = c.var.db;
    const row = await loadLine(db, businessId, timesheetLineId);
    const line = toIndividualLine(row, await referencesOfLines(db, businessId, [row]));
    const [shaped = line] = await withRegionalLines(db, c.var.region, businessId, [line], false);
    return c.json(shaped, 200);
  });

  app.openapi(routes.updateTimesheetLine, async (c) => {
    const { businessId, timesheetLineId } = c.req.valid('param');
    const row = await updateLine(c.var.db, writer(c, businessId), timesheetLineId, c.req.valid('json'));
    return c.json(toIndividualLine(row, await referencesOfLines(c.var.db, businessId, [row])), 200);
  });

  app.openapi(routes.deleteTimesheetLine, async (c) => {
    const { businessId, timesheetLineId } = c.req.valid('param');
    await deleteLine(c.var.db, writer(c, businessId), timesheetLineId);
    return c.body(null, 200);
  });

  app.openapi(routes.getTimesheetLinePunches, async (c) => {
    const { businessId, timesheetLineId } = c.req.valid('param');
    return c.json(await linePunches(c.var.db, businessId, timesheetLineId), 200);
  });
}
