/**
 * Employee self-service time and attendance (contract 2.2): punches through the kiosk's own
 * recordPunch at the portal's punch point, the employee's own shifts and notes, and the
 * pick-lists a self-service clock-on accepts.
 */
import type { PunchRequest } from '../../../contract/punchKinds';
import { PAGE_LIMITS } from '../../../contract/paging';
import * as routes from '../../../contract/routes/selfService';
import { PUNCH_KINDS } from '../../../domain/attendance';
import { answersRegionally } from '../../auth/businessRegion';
import type { App } from '../../context';
import { forbidden } from '../../errors/apiError';
import { throughListGate } from '../../lists/listGate';
import { planPage } from '../../lists/odata/planList';
import { searchBound, searchShifts, shiftWindow } from '../../services/shifts/clockedShifts';
import { withRegionalLookup, withRegionalShifts } from '../../services/referenceData/classifications';
import { lookupDataFor } from '../../services/punches/lookupData';
import { portalPoint } from '../../services/punches/punchPoints';
import { recordPunch } from '../../services/punches/punches';
import {
  asEmployee,
  loadOwnShift,
  loadSelfServiceEmployee,
  selfServiceLocations,
  selfServiceWorkTypes,
} from '../../services/punches/selfServiceTime';
import { addNote, listNotes, markNotesRead } from '../../services/shifts/shiftNotes';
import { acknowledgePhotoNoticeInSelfService, selfServicePhotoNotice } from '../../services/photos/photoNotice';
import { selfScope, selfServicePunchContext } from './selfServiceContext';

const adminRefused = () => forbidden('An employee cannot write an admin-initiated note through self-service.');

export function registerSelfServiceTimeRoutes(app: App) {
  for (const kind of PUNCH_KINDS) {
    app.openapi(routes.ESS_PUNCH_ROUTES[kind], async (c) => {
      const scope = selfScope(c);
      const body = asEmployee(c.req.valid('json'), scope.employeeId);
      // The route of `kind` validated the body with that kind's schema (the kiosk's, or UkClockOnModel for clock-on).
      const request = { kind, body } as PunchRequest;
      return c.json(await recordPunch(c.var.db, await selfServicePunchContext(c, scope), request, { sink: c.var.finalWrite ?? null }), 200);
    });
  }

  app.openapi(routes.essGetPhotoNotice, async (c) => {
    const scope = selfScope(c);
    return c.json(await selfServicePhotoNotice(c.var.db, scope.businessId, scope.employeeId), 200);
  });

  app.openapi(routes.essAcknowledgePhotoNotice, async (c) => {
    const scope = selfScope(c);
    return c.json(await acknowledgePhotoNoticeInSelfService(c.var.db, scope), 200);
  });

  app.openapi(routes.essShifts, async (c) => {
    const scope = selfScope(c);
    const body = asEmployee(c.req.valid('json'), scope.employeeId);
    const allowance = c.var.deps.settings.MAX_FUTURE_SKEW_SECONDS * 1000;
    const window = shiftWindow(searchBound(body.fromDateUtc, 'fromDateUtc'), searchBound(body.toDateUtc, 'toDateUtc'), scope.now, allowance);
    const filters = { kioskIds: 'all' as const, kioskId: body.kioskId, locationId: body.locationId, employeeId: scope.employeeId, ...window };
    const view = { now: scope.now, longShiftMinutes: c.var.deps.settings.LONG_SHIFT_MINUTES };
    return throughListGate(c.var.deps.settings, async () => {
      const shifts = await searchShifts(c.var.db, scope.businessId, filters, view);
      return c.json(await withRegionalShifts(c.var.db, c.var.region, scope.businessId, shifts), 200);
    });
  });

  app.openapi(routes.essGetShiftNotes, async (c) => {
    const scope = selfScope(c);
    const { shiftId } = c.req.valid('param');
    const query = c.req.valid('query');
    const page = planPage(query, PAGE_LIMITS.settings);
    await loadOwnShift(c.var.db, scope.businessId, scope.employeeId, shiftId);
    const filters = { employeeId: query.EmployeeId || undefined, isAdminInitiated: query.IsAdminInitiated, type: query.Type, visibility: query.Visibility };
    return throughListGate(c.var.deps.settings, async () => c.json(await listNotes(c.var.db, shiftId, filters, page), 200));
  });

  app.openapi(routes.essAddNoteToShift, async (c) => {
    const scope = selfScope(c);
    const { shiftId } = c.req.valid('param');
    const body = asEmployee(c.req.valid('json'), scope.employeeId);
    if (body.isAdminInitiated) throw adminRefused();
    await loadOwnShift(c.var.db, scope.businessId, scope.employeeId, shiftId);
    return c.json(await addNote(c.var.db, scope.businessId, shiftId, body, scope.now), 200);
  });

  app.openapi(routes.essMarkShiftNotesRead, async (c) => {
    const scope = selfScope(c);
    const { shiftId } = c.req.valid('param');
    const body = asEmployee(c.req.valid('json'), scope.employeeId);
    await loadOwnShift(c.var.db, scope.businessId, scope.employeeId, shiftId);
    await markNotesRead(c.var.db, scope.businessId, shiftId, body);
    return c.body(null, 200);
  });

  app.openapi(routes.essGetLookupData, async (c) => {
    const scope = selfScope(c);
    const employee = await loadSelfServiceEmployee(c.var.db, scope.businessId, scope.employeeId, scope.now);
    const point = await portalPoint(c.var.db, scope.businessId);
    const data = await lookupDataFor(c.var.db, scope.businessId, point, employee);
    return c.json(await withRegionalLookup(c.var.db, c.var.region, scope.businessId, data), 200);
  });

  app.openapi(routes.essGetLocations, async (c) => {
    const scope = selfScope(c);
    const employee = await loadSelfServiceEmployee(c.var.db, scope.businessId, scope.employeeId, scope.now);
    const point = await portalPoint(c.var.db, scope.businessId);
    return c.json(await selfServiceLocations(c.var.db, scope.businessId, point, employee), 200);
  });

  // Only what applies to the employee: services/punches/clockOnChoices.ts.
  for (const [route, kind] of [[routes.essGetWorkTypes, 'workTypes'], [routes.essGetShiftConditions, 'shiftConditions']] as const) {
    app.openapi(route, async (c) => {
      const scope = selfScope(c);
      const employee = await loadSelfServiceEmployee(c.var.db, scope.businessId, scope.employeeId, scope.now);
      const point = await portalPoint(c.var.db, scope.businessId);
      return c.json(await selfServiceWorkTypes(c.var.db, scope.businessId, point, employee, kind, answersRegionally(c, route)), 200);
    });
  }
}
