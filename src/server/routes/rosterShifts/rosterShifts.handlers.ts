/**
 * Roster shifts (contract 2.8): list, create, update, the matching and nearby reads, stub; and the
 * kiosk's offline roster (project extension). Thin: the services do the work.
 */
import * as routes from '../../../contract/routes/rosterShifts';
import { parseWireDateTime } from '../../../domain/time';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import { describePrincipal } from '../../auth/principal';
import { invalidField } from '../../errors/apiError';
import { throughListGate } from '../../lists/listGate';
import { loadBusiness } from '../../services/businesses/businesses';
import { loadKiosk } from '../../services/kiosks/kiosks';
import { effectiveMatching, findMatchingShift, findNearbyShifts } from '../../services/rosters/rosterMatching';
import { listKioskRoster, listRosterShifts } from '../../services/rosters/rosterShiftList';
import { checkedRosterClassification, keepRosterClassification, withMatchedClassification, withRosterClassifications } from '../../services/rosters/rosterClassifications';
import { createRosterShift, updateRosterShift } from '../../services/rosters/rosterShifts';
import { stubRosterShift } from '../../services/rosters/rosterStub';
import { readInTurn } from '../../db/transactions';

function instantOf(value: string, field: string, assume: 'utc' | { zone: string }): Date {
  const at = parseWireDateTime(value, assume);
  if (!at) throw invalidField('validation-failed', field, `${field} is not a valid date-time.`);
  return at;
}

export function registerRosterShiftHandlers(app: App) {
  app.openapi(routes.getRosterShifts, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    const db = c.var.db;
    const now = c.var.deps.now();
    return throughListGate(c.var.deps.settings, async () => {
      const shifts = await listRosterShifts(db, businessId, query, now);
      return c.json(await withRosterClassifications(db, c.var.region, businessId, shifts), 200);
    });
  });

  app.openapi(routes.createRosterShift, async (c) => {
    const { businessId } = c.req.valid('param');
    const { publish } = c.req.valid('query');
    const options = { publish: publish ?? false, now: c.var.deps.now() };
    const db = c.var.db;
    const classificationId = await checkedRosterClassification(db, c.var.region, businessId, c.req.valid('json'));
    const created = await createRosterShift(db, businessId, c.req.valid('json'), options);
    await keepRosterClassification(db, businessId, created.id, classificationId);
    const [shaped = created] = await withRosterClassifications(db, c.var.region, businessId, [created]);
    return c.json(shaped, 200);
  });

  app.openapi(routes.updateRosterShift, async (c) => {
    const { businessId, rosterShiftId } = c.req.valid('param');
    const { publish, clearBreaks } = c.req.valid('query');
    const options = { publish: publish ?? false, clearBreaks: clearBreaks ?? false, now: c.var.deps.now() };
    const db = c.var.db;
    const classificationId = await checkedRosterClassification(db, c.var.region, businessId, c.req.valid('json'));
    const updated = await updateRosterShift(db, businessId, rosterShiftId, c.req.valid('json'), options);
    await keepRosterClassification(db, businessId, rosterShiftId, classificationId);
    const [shaped = updated] = await withRosterClassifications(db, c.var.region, businessId, [updated]);
    return c.json(shaped, 200);
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
      const matched = await findMatchingShift(c.var.db, businessId, employeeId, kiosk, at, edge);
      return c.json(await withMatchedClassification(c.var.db, c.var.region, businessId, matched), 200);
    });
  }

  app.openapi(routes.findNearbyRosterShifts, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    const zone = (await loadBusiness(c.var.db, businessId)).ianaTimeZone;
    const at = instantOf(c.req.valid('query').localTime, 'localTime', { zone });
    const nearby = await findNearbyShifts(c.var.db, businessId, employeeId, at);
    return c.json(await withRosterClassifications(c.var.db, c.var.region, businessId, nearby), 200);
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
