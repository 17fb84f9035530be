/** Clocked shifts: the business-wide search and the shift-note routes. */
import * as routes from '../../../contract/routes/kiosk';
import { parseWireDateTime } from '../../../domain/time';
import type { App } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import {grantCoversKiosk } from '../../auth/access';
import { forbidden, invalidField } from '../../http/apiError';
import { searchShifts } from '../../services/clockedShifts';
import { listPunches } from '../../services/punchAudit';
import { employeeGroupIdsByEmployee } from '../../services/employeeGroups';
import { addNote, deleteNote, listNotes, loadShiftAtKiosk, markNotesRead } from '../../services/shiftNotes';
import { kioskScope } from './kioskContext';

function windowBound(value: string | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) return null;
  const at = parseWireDateTime(value, 'utc');
  if (!at) throw invalidField('validation-failed', field, `${field} is not a valid date-time.`);
  return at;
}

export function registerShiftRoutes(app: App) {
  app.openapi(routes.listPunches, async (c) => {
    const { businessId } = c.req.valid('param');
    const query = c.req.valid('query');
    const grant = grantOf(c);
    const punches = await listPunches(c.var.db, businessId, {
      employeeId: query.EmployeeId,
      kioskId: query.KioskId,
      fromUtc: windowBound(query.FromUtc, 'FromUtc'),
      toUtc: windowBound(query.ToUtc, 'ToUtc'),
      kioskIds: grant.isAdmin ? 'all' : grant.kiosks,
    });
    return c.json(punches, 200);
  });

  app.openapi(routes.shifts, async (c) => {
    const { businessId } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    const grant = grantOf(c);
    if (body.kioskId && !grantCoversKiosk(grant, body.kioskId)) throw forbidden(`You have no access to kiosk ${body.kioskId}.`);
    const fromUtc = windowBound(body.fromDateUtc, 'fromDateUtc');
    const toUtc = windowBound(body.toDateUtc, 'toDateUtc');
    if (fromUtc && toUtc && toUtc.getTime() < fromUtc.getTime()) {
      throw invalidField('validation-failed', 'toDateUtc', 'toDateUtc must not be before fromDateUtc.');
    }
    const now = c.var.deps.now();
    const found = await searchShifts(
      db,
      businessId,
      { kioskIds: grant.kiosks, kioskId: body.kioskId, locationId: body.locationId, employeeId: body.employeeId, fromUtc, toUtc },
      { now, longShiftMinutes: c.var.deps.settings.LONG_SHIFT_MINUTES, groupIdsByEmployee: await employeeGroupIdsByEmployee(db, businessId, now) },
    );
    return c.json(found, 200);
  });

  app.openapi(routes.getShiftNotes, async (c) => {
    const { businessId, kioskId, shiftId } = c.req.valid('param');
    const query = c.req.valid('query');
    await kioskScope(c, businessId, kioskId);
    await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId);
    const notes = await listNotes(c.var.db, shiftId, {
      employeeId: query.EmployeeId || undefined,
      isAdminInitiated: query.IsAdminInitiated,
      type: query.Type,
      visibility: query.Visibility,
    });
    return c.json(notes, 200);
  });

  app.openapi(routes.addNoteToShift, async (c) => {
    const { businessId, kioskId, shiftId } = c.req.valid('param');
    const body = c.req.valid('json');
    const { grant } = await kioskScope(c, businessId, kioskId);
    if (body.isAdminInitiated && grant.principal.kind === 'device') {
      throw forbidden('Only a signed-in manager can write an admin note.');
    }
    const shift = await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId);
    if (grant.principal.kind === 'device' && body.employeeId !== shift.employeeId) {
      throw invalidField('invalid-reference', 'employeeId', "A kiosk writes a note as the shift's own employee.");
    }
    return c.json(await addNote(c.var.db, businessId, shiftId, body, c.var.deps.now()), 200);
  });

  app.openapi(routes.deleteNoteFromShift, async (c) => {
    const { businessId, kioskId, shiftId, noteId } = c.req.valid('param');
    await kioskScope(c, businessId, kioskId);
    await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId);
    await deleteNote(c.var.db, shiftId, noteId);
    return c.body(null, 200);
  });

  app.openapi(routes.markShiftNotesRead, async (c) => {
    const { businessId, kioskId, shiftId } = c.req.valid('param');
    await kioskScope(c, businessId, kioskId);
    await loadShiftAtKiosk(c.var.db, businessId, kioskId, shiftId);
    await markNotesRead(c.var.db, shiftId, c.req.valid('json'));
    return c.body(null, 200);
  });
}
