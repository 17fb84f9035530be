/** Kiosk staff: the staff list, adding staff, hasaccess, checkid and per-employee lookup data. */
import * as routes from '../../../contract/routes/kiosk';
import { KIOSK_STAFF_MAX } from '../../../contract/paging';
import { calendarDateIn } from '../../../domain/time';
import type { App } from '../../context';
import { grantMayAddEmployees } from '../../auth/access';
import { ApiError, forbidden, invalidField, notFound } from '../../errors/apiError';
import { mapInSlices, throughListGate } from '../../lists/listGate';
import { groupIdsByEmployee, groupIdsOfEmployee } from '../../services/people/employeeGroups';
import { loadEmployee } from '../../services/people/employees';
import {
  isActiveKioskEmployee,
  listKioskStaff,
  loadKioskEmployee,
  requireEmployeeId,
  toBasicKioskEmployee,
  type KioskStaff,
} from '../../services/people/kioskEmployees';
import { createWithFirstPin } from '../../services/pins/newPinRule';
import { withRegionalLookup } from '../../services/referenceData/classifications';
import { lookupDataFor } from '../../services/punches/lookupData';
import { createEmployee, isEmail } from '../../services/businesses/provisioning';
import { kioskScope } from './kioskContext';

export function registerStaffRoutes(app: App) {
  app.openapi(routes.employeeHasAccess, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    const db = c.var.db;
    const row = await loadEmployee(db, businessId, employeeId);
    return c.json(isActiveKioskEmployee(row, c.var.deps.now()), 200);
  });

  app.openapi(routes.listKioskStaff, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { restrictCurrentShiftsToCurrentKioskLocation: restrict } = c.req.valid('query');
    const db = c.var.db;
    const { kiosk } = await kioskScope(c, businessId, kioskId);
    const now = c.var.deps.now();
    const longShiftMinutes = c.var.deps.settings.LONG_SHIFT_MINUTES;
    // restrictCurrentShiftsToCurrentKioskLocation: a shift open at another location shows as off shift.
    const hides = (row: KioskStaff['rows'][number]) =>
      restrict === true && kiosk.locationId !== null && row.employee.currentShiftId !== null && row.shiftLocationId !== kiosk.locationId;
    return throughListGate(c.var.deps.settings, async () => {
      const staff = await listKioskStaff(db, businessId, now, kiosk.locationId);
      if (staff.truncated) c.var.deps.logger.error('kiosk staff list cut at its maximum', { businessId, kioskId, max: KIOSK_STAFF_MAX });
      const groups = await groupIdsByEmployee(db, businessId, staff.rows.map((row) => row.employee));
      const view = (row: KioskStaff['rows'][number]) => ({ now, longShiftMinutes, groupIds: groups.get(row.employee.id) ?? [], hideCurrentShift: hides(row) });
      return c.json(await mapInSlices(staff.rows, (row) => toBasicKioskEmployee(row.employee, view(row)), 500), 200);
    });
  });

  app.openapi(routes.addAnEmployee, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    const { grant, kiosk } = await kioskScope(c, businessId, kioskId);
    if (!kiosk.canAddEmployees) {
      throw new ApiError(403, 'kiosk-cannot-add-employees', 'This kiosk cannot add employees.', {
        detail: 'Turn on "can add employees" in the kiosk settings first.',
      });
    }
    if (!grantMayAddEmployees(grant)) throw forbidden('You may not add employees from a kiosk.');
    const firstName = body.firstName?.trim();
    const surname = body.surname?.trim();
    const email = body.email?.trim() || null;
    if (!firstName) throw invalidField('validation-failed', 'firstName', 'A first name is required.');
    if (!surname) throw invalidField('validation-failed', 'surname', 'A surname is required.');
    if (email && !isEmail(email)) throw invalidField('validation-failed', 'email', 'This is not an e-mail address.');
    const pin = body.pin ?? '';
    const now = c.var.deps.now();
    const row = await createWithFirstPin(db, pin, 'pin', (tx) =>
      createEmployee(tx, businessId, {
        firstName,
        surname,
        email,
        mobilePhone: body.mobileNumber?.trim() || null,
        // A start date, not the moment: the kiosk's calendar date.
        startDate: calendarDateIn(now, kiosk.ianaTimeZone),
        pin,
        isKioskEnabled: true,
        locationIds: kiosk.locationId === null ? [] : [kiosk.locationId],
      }),
    );
    return c.json(
      toBasicKioskEmployee(row, {
        now,
        longShiftMinutes: c.var.deps.settings.LONG_SHIFT_MINUTES,
        groupIds: await groupIdsOfEmployee(db, businessId, row),
      }),
      200,
    );
  });

  app.openapi(routes.checkEmployee, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const employeeId = requireEmployeeId(c.req.valid('json').employeeId);
    const db = c.var.db;
    const { kiosk } = await kioskScope(c, businessId, kioskId);
    const now = c.var.deps.now();
    const row = await loadKioskEmployee(db, businessId, employeeId, { now, atKiosk: kiosk }).catch((error: unknown) => {
      // Typing an id at a kiosk must not reveal who exists but is not kiosk-enabled (or not at this kiosk).
      if (error instanceof ApiError && error.code === 'not-kiosk-enabled') throw notFound(`Employee ${employeeId}`);
      throw error;
    });
    return c.json(
      toBasicKioskEmployee(row, {
        now,
        longShiftMinutes: c.var.deps.settings.LONG_SHIFT_MINUTES,
        groupIds: await groupIdsOfEmployee(db, businessId, row),
      }),
      200,
    );
  });

  app.openapi(routes.getEmployeeLookupData, async (c) => {
    const { businessId, kioskId, employeeId } = c.req.valid('param');
    const db = c.var.db;
    const { kiosk } = await kioskScope(c, businessId, kioskId);
    const employee = await loadKioskEmployee(db, businessId, employeeId, { now: c.var.deps.now(), atKiosk: kiosk });
    return c.json(await withRegionalLookup(db, c.var.region, businessId, await lookupDataFor(db, businessId, kiosk, employee)), 200);
  });
}
