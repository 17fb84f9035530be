/**
 * Roster shifts (contract 2.8): list, create, update, the matching and nearby reads, stub; and the
 * kiosk's offline roster (project extension). Thin: the services do the work.
 */
import * as routes from '../../../contract/routes/rosterShifts';
import { parseWireDateTime } from '../../../domain/time';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import { describePrincipal } from '../../auth/principal';
import { invalidField } from '../../http/apiError';
import { throughListGate } from '../../http/listGate';
import { loadBusiness } from '../../services/businesses';
import { loadKiosk } from '../../services/kiosks';
import { effectiveMatching, findMatchingShift, findNearbyShifts } from '../../services/rosterMatching';
import { listKioskRoster, listRosterShifts } from '../../services/rosterShiftList';
import { createRosterShift, updateRosterShift } from '../../services/rosterShifts';
import { stubRosterShift } from '../../services/rosterStub';
import { readInTurn } from '../../services/transactions';

function instantOf(value: string, field: string, assume: 'utc' | { zone: string }): Date {
  const at = parseWireDateTime(value, assume);
  if (!at) throw invalidField('validation-failed', field, `${field} is not a valid date-time.`);
  return at;
}

export function registerRosterShiftRoutes(app: App) {
  app.openapi(routes.getRosterShifts, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    const db = c.var.db;
    const now = c.var.deps.now();
    return throughListGate(c.var.deps.settings, async () => c.json(await listRosterShifts(db, businessId, query, now), 200));
  });

  app.openapi(routes.createRosterShift, async (c) => {
    const { businessId } = c.req.valid('param');
    const { publish } = c.req.valid('query');
    const options = { publish: publish ?? false, now: c.var.deps.now() };
    return c.json(await createRosterShift(c.var.db, businessId, c.req.valid('json'), options), 200);
  });

  app.openapi(routes.updateRosterShift, async (c) => {
    const { businessId, rosterShiftId } = c.req.valid('param');
    const { publish, clearBreaks } = c.req.valid('query');
    const options = { publish: publish ?? false, clearBreaks: clearBreaks ?? false, now: c.var.deps.now() };
    return c.json(await updateRosterShift(c.var.db, businessId, rosterShiftId, c.req.valid('json'), options), 200);
  });

  for (const [route, edge] of [
    [routes.findMatchingClockOnRosterShift, 'clockOn'],
    [routes.findMatchingClockOffRosterShift, 'clockOff'],
  ] as const) {
    app.openapi(route, async (c) => {
      const { businessId, employeeId } = c.req.valid('param');
      const { kioskId, dateUtc } = c.req.valid('query');
      const at = instantOf(dateUtc, 'dateUtc', 'utc');
      const kiosk = await loadKiosk(c.var.db, businessId, kioskId);
      return c.json(await findMatchingShift(c.var.db, businessId, employeeId, kiosk, at, edge), 200);
    });
  }

  app.openapi(routes.findNearbyRosterShifts, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    const zone = (await loadBusiness(c.var.db, businessId)).ianaTimeZone;
    const at = instantOf(c.req.valid('query').localTime, 'localTime', { zone });
    return c.json(await findNearbyShifts(c.var.db, businessId, employeeId, at), 200);
  });

  app.openapi(routes.stubShiftTimesheets, async (c) => {
    const { businessId, rosterShiftId } = c.req.valid('param');
    const grant = grantOf(c);
    const submittedBy = grant.principal.kind === 'user' ? grant.principal.email : describePrincipal(grant.principal);
    const ctx = { businessId, submittedBy, now: c.var.deps.now() };
    await stubRosterShift(c.var.db, ctx, rosterShiftId, c.req.valid('json').note);
    return c.body(null, 200);
  });

  app.openapi(routes.getKioskRoster, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { FromDate, ToDate } = c.req.valid('query');
    const db = c.var.db;
    const kiosk = await loadKiosk(db, businessId, kioskId);
    const [matching, shifts] = await readInTurn(
      () => effectiveMatching(db, businessId, kiosk),
      () => listKioskRoster(db, businessId, FromDate, ToDate, c.var.deps.now()),
    );
    return c.json({ ...matching, shifts }, 200);
  });
}
