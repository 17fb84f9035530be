/** Employee directory, the minimal employee record, kiosk access switches and pick-lists. */
import * as routes from '../../../contract/routes/employees';
import { UnstructuredEmployeeModel } from '../../../contract/routes/employees';
import { EmployeeDetailsModel, UkLocationModel, UkWorkTypeModel } from '../../../contract/generated/models';
import type { App } from '../../context';
import { compileOData } from '../../http/odata';
import {
  createUnstructuredEmployee,
  employeeLocations,
  employeeWorkTypes,
  listEmployees,
  loadEmployee,
  setKioskEnabled,
  toEmployeeDetailsModel,
  toUnstructuredEmployeeModel,
} from '../../services/employees';

const DETAILS_FIELDS = Object.keys(EmployeeDetailsModel.shape);
const UNSTRUCTURED_FIELDS = Object.keys(UnstructuredEmployeeModel.shape);
const LOCATION_FIELDS = Object.keys(UkLocationModel.shape);
const WORK_TYPE_FIELDS = Object.keys(UkWorkTypeModel.shape);

/** The routes with literal segments after `employee/`; registered before the `{employeeId}` ones. */
export function registerEmployeeLiteralRoutes(app: App) {
  app.openapi(routes.listBasicDetailsForEmployees, async (c) => {
    const { businessId } = c.req.valid('param');
    const applyOData = compileOData(c.req.valid('query'), DETAILS_FIELDS);
    const rows = await listEmployees(c.var.db, businessId);
    return c.json(applyOData(rows.map(toEmployeeDetailsModel)), 200);
  });

  app.openapi(routes.createUnstructuredEmployee, async (c) => {
    const { businessId } = c.req.valid('param');
    const db = c.var.db;
    const row = await createUnstructuredEmployee(db, businessId, c.req.valid('json'));
    return c.json(toUnstructuredEmployeeModel(row), 200);
  });

  app.openapi(routes.listUnstructuredEmployees, async (c) => {
    const { businessId } = c.req.valid('param');
    const applyOData = compileOData(c.req.valid('query'), UNSTRUCTURED_FIELDS);
    const rows = await listEmployees(c.var.db, businessId);
    return c.json(applyOData(rows.map(toUnstructuredEmployeeModel)), 200);
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
    const applyOData = compileOData(c.req.valid('query'), LOCATION_FIELDS);
    const employee = await loadEmployee(c.var.db, businessId, employeeId);
    return c.json(applyOData(await employeeLocations(c.var.db, employee)), 200);
  });

  app.openapi(routes.getEmployeeWorkTypes, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    const applyOData = compileOData(c.req.valid('query'), WORK_TYPE_FIELDS);
    await loadEmployee(c.var.db, businessId, employeeId);
    return c.json(applyOData(await employeeWorkTypes(c.var.db, businessId, 'workTypes')), 200);
  });

  app.openapi(routes.getEmployeeShiftConditions, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    const applyOData = compileOData(c.req.valid('query'), WORK_TYPE_FIELDS);
    await loadEmployee(c.var.db, businessId, employeeId);
    return c.json(applyOData(await employeeWorkTypes(c.var.db, businessId, 'shiftConditions')), 200);
  });
}
