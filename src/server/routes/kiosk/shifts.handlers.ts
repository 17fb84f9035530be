/** Clocked shifts: the business-wide search and the shift-note routes. */
import * as routes from '../../../contract/routes/kiosk';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import { grantCoversKiosk } from '../../auth/access';
import { forbidden, invalidField } from '../../errors/apiError';
import { planPage } from '../../lists/odata/planList';
import { throughListGate } from '../../lists/listGate';
import { withRegionalShifts } from '../../services/referenceData/classifications';
import { searchBound, searchShifts, shiftWindow } from '../../services/shifts/clockedShifts';
import { listPunches } from '../../services/punches/punchAudit';
import { addNote, deleteNote, listNotes, loadShiftAtKiosk, markNotesRead } from '../../services/shifts/shiftNotes';
import { kioskScope } from './kioskContext';


export function registerShiftRoutes(app: App) {
  app.openapi(routes.listPunches, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    const page = planPage(query, PAGE_LIMITS.history);
    const fromUtc = searchBound(query.FromUtc, 'FromUtc');
    const toUtc = searchBound(query.ToUtc, 'ToUtc');
    const grant = grantOf(c);
    const filters = { employeeId: query.EmployeeId, kioskId: query.kioskId, fromUtc, toUtc, kioskIds: grant.isAdmin ? 'all' : grant.kiosks } as const;
    return throughListGate(c.var.deps.settings, async () => c.json(await listPunches(c.var.db, businessId, filters, page), 200));
  });

  app.openapi(routes.shifts, async (c) => {
    const { businessId } = c.req.valid('param');
    const body = c.req.valid('json');
    const now = c.var.deps.now();
    const allowance = c.var.deps.settings.MAX_FUTURE_SKEW_SECONDS * 1000;
    const window = shiftWindow(searchBound(body.fromDateUtc, 'fromDateUtc'), searchBound(body.toDateUtc, 'toDateUtc'), now, allowance);
    const db = c.var.db;
    const grant = grantOf(c);
    if (body.kioskId && !grantCoversKiosk(grant, body.kioskId)) throw forbidden(`You have no access to kiosk ${body.kioskId}.`);
    const filters = { kioskIds: grant.kiosks, kioskId: body.kioskId, locationId: body.locationId, employeeId: body.employeeId, ...window };
    const view = { now, longShiftMinutes: c.var.deps.settings.LONG_SHIFT_MINUTES };
    return throughListGate(c.var.deps.settings, async () => {
      const found = await searchShifts(db, businessId, filters, view);
      return c.json(await withRegionalShifts(db, c.var.region, businessId, found), 200);
    });
  });

  app.openapi(routes.getShiftNotes, async (c) => {
    const { businessId, kioskId, shiftId } = c.req.valid('param');
    const query = c.req.valid('query');
    const page = planPage(query, PAGE_LIMITS.settings);
    await kioskScope(c, businessId, kioskId);
    await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId, c.var.deps.now());
    const filters = {
      employeeId: query.EmployeeId || undefined,
      isAdminInitiated: query.IsAdminInitiated,
      type: query.Type,
      visibility: query.Visibility,
    };
    return throughListGate(c.var.deps.settings, async () => c.json(await listNotes(c.var.db, shiftId, filters, page), 200));
  });

  app.openapi(routes.addNoteToShift, async (c) => {
    const { businessId, kioskId, shiftId } = c.req.valid('param');
    const body = c.req.valid('json');
    const { grant } = await kioskScope(c, businessId, kioskId);
    if (body.isAdminInitiated && grant.principal.kind === 'device') {
      throw forbidden('Only a signed-in manager can write an admin note.');
    }
    const shift = await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId, c.var.deps.now());
    if (grant.principal.kind === 'device' && body.employeeId !== shift.employeeId) {
      throw invalidField('invalid-reference', 'employeeId', "A kiosk writes a note as the shift's own employee.");
    }
    return c.json(await addNote(c.var.db, businessId, shiftId, body, c.var.deps.now(), kioskId), 200);
  });

  app.openapi(routes.deleteNoteFromShift, async (c) => {
    const { businessId, kioskId, shiftId, noteId } = c.req.valid('param');
    await kioskScope(c, businessId, kioskId);
    await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId, c.var.deps.now());
    await deleteNote(c.var.db, shiftId, noteId);
    return c.body(null, 200);
  });

  app.openapi(routes.markShiftNotesRead, async (c) => {
    const { businessId, kioskId, shiftId } = c.req.valid('param');
    await kioskScope(c, businessId, kioskId);
    await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId, c.var.deps.now());
    await markNotesRead(c.var.db, businessId, shiftId, c.req.valid('json'));
    return c.body(null, 200);
  });
}
