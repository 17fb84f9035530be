/** Employee directory, the minimal employee record, kiosk access switches and pick-lists. */
import * as routes from '../../../contract/routes/employees';
import { answersRegionally } from '../../auth/businessRegion';
import type { App } from '../../context';
import { throughListGate } from '../../lists/listGate';
import {
  createUnstructuredEmployee,
  loadEmployee,
  setKioskEnabled,
  toEmployeeDetailsModel,
  toUnstructuredEmployeeModel,
} from '../../services/people/employees';
import { listEmployeePage, planEmployeeDetailsList, planUnstructuredEmployeeList } from '../../services/people/employeeList';
import { listEmployeeLocationPage, planEmployeeLocationList } from '../../services/referenceData/locationList';
import { listWorkTypePage, planWorkTypeList } from '../../services/referenceData/workTypes';
import { offeredToEmployeeSql } from '../../services/punches/clockOnChoices';

/** The routes with literal segments after `employee/`; registered before the `{employeeId}` ones. */
export function registerEmployeeLiteralRoutes(app: App) {
  app.openapi(routes.listBasicDetailsForEmployees, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planEmployeeDetailsList(c.req.valid('query'));
    return throughListGate(c.var.deps.settings, async () => {
      const rows = await listEmployeePage(c.var.db, businessId, plan);
      return c.json(rows.map(toEmployeeDetailsModel), 200);
    });
  });

  app.openapi(routes.createUnstructuredEmployee, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    const row = await createUnstructuredEmployee(db, businessId, c.req.valid('json'));
    return c.json(toUnstructuredEmployeeModel(row), 200);
  });

  app.openapi(routes.listUnstructuredEmployees, async (c) => {
    const { businessId } = c.req.valid('param');
    const plan = planUnstructuredEmployeeList(c.req.valid('query'));
    return throughListGate(c.var.deps.settings, async () => {
      const rows = await listEmployeePage(c.var.db, businessId, plan);
      return c.json(rows.map(toUnstructuredEmployeeModel), 200);
    });
  });

  app.openapi(routes.getUnstructuredEmployee, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    return c.json(toUnstructuredEmployeeModel(await loadEmployee(c.var.db, businessId, employeeId)), 200);
  });

  app.openapi(routes.grantKioskAccess, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    await setKioskEnabled(c.var.db, businessId, employeeId, true);
    return c.body(null, 200);
  });

  app.openapi(routes.revokeKioskAccess, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    await setKioskEnabled(c.var.db, businessId, employeeId, false);
    return c.body(null, 200);
  });
}

/** `employee/{employeeId}/location|worktype|shiftcondition`. */
export function registerEmployeePickListRoutes(app: App) {
  app.openapi(routes.listEmployeeLocations, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    const plan = planEmployeeLocationList(c.req.valid('query'));
    await loadEmployee(c.var.db, businessId, employeeId);
    return throughListGate(c.var.deps.settings, async () => c.json(await listEmployeeLocationPage(c.var.db, employeeId, businessId, plan, answersRegionally(c, routes.listEmployeeLocations)), 200));
  });

  // Only what applies to the employee: their work types (all while none is
  // set up), and the shift conditions set up against them or one of their locations.
  for (const [route, kind] of [[routes.getEmployeeWorkTypes, 'workTypes'], [routes.getEmployeeShiftConditions, 'shiftConditions']] as const) {
    app.openapi(route, async (c) => {
      const { businessId, employeeId } = c.req.valid('param');
      const plan = planWorkTypeList(c.req.valid('query'));
      await loadEmployee(c.var.db, businessId, employeeId);
      const only = offeredToEmployeeSql(businessId, employeeId, kind);
      return throughListGate(c.var.deps.settings, async () => c.json(await listWorkTypePage(c.var.db, businessId, plan, kind, only, answersRegionally(c, route)), 200));
    });
  }
}
