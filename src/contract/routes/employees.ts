/**
 * The employee group: the contract's section 2.4 (directory, kiosk access switches, per-employee
 * pick-lists) plus a minimal "unstructured" employee record for creating and reading employees.
 * Literal segments (`details`, `unstructured`, `grantkioskaccess`...) are declared before the
 * `{employeeId}` routes (contract 1.7).
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { listOf } from './regional';
import * as m from '../generated/models';
import {
  businessParams,
  emptyOk,
  idempotencyHeaders,
  jsonResponse,
  mutationErrors,
  pathId,
  standardErrors,
  access,
} from './common';
import { PAGE_LIMITS } from '../paging';
import { odataQuery, pagingText } from './odataQuery';
import { resourceRoutes } from './resourceRoutes';

const tags = ['Employee'];
const B = '/api/v2/business/{businessId}';
const employeeParams = businessParams.extend({ employeeId: pathId('employeeId') });
const mutation = mutationErrors;

import { UnstructuredEmployeeModel, UnstructuredEmployeeModelInput } from '../supporting/employees';
export { UnstructuredEmployeeModel, UnstructuredEmployeeModelInput };

export const listBasicDetailsForEmployees = defineRoute({
  operationId: 'employee.listBasicDetailsForEmployees',
  ...access('read'),
  method: 'get',
  path: `${B}/employee/details`,
  tags,
  summary: 'Employee directory (basic details)',
  description: pagingText(PAGE_LIMITS.employees, 'by id unless `$orderby` says otherwise'),
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.employees) },
  responses: { 200: jsonResponse(z.array(m.EmployeeDetailsModel), 'One page of employees, by id.'), ...standardErrors },
});

const unstructured = resourceRoutes({ name: 'employee/unstructured', tags, itemParam: 'employeeId' });

export const createUnstructuredEmployee = unstructured.create({
  operationId: 'employee.createUnstructuredEmployee',
  summary: 'Create an employee (minimal record)',
  body: UnstructuredEmployeeModelInput,
  answer: UnstructuredEmployeeModel,
  answerText: 'The new employee with its id.',
});

export const listUnstructuredEmployees = unstructured.list({
  operationId: 'employee.listUnstructuredEmployees',
  summary: 'List employees (minimal record)',
  description: pagingText(PAGE_LIMITS.employees, 'by id unless `$orderby` says otherwise'),
  limits: PAGE_LIMITS.employees,
  answer: z.array(UnstructuredEmployeeModel),
  answerText: 'One page of employees, by id.',
});

export const getUnstructuredEmployee = unstructured.get({
  operationId: 'employee.getUnstructuredEmployee',
  summary: 'Get an employee (minimal record)',
  answer: UnstructuredEmployeeModel,
  answerText: 'The employee.',
});

export const grantKioskAccess = defineRoute({
  operationId: 'employee.grantKioskAccess',
  ...access('admin'),
  method: 'post',
  path: `${B}/employee/grantkioskaccess/{employeeId}`,
  tags,
  summary: 'Let an employee use kiosks',
  request: { params: employeeParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});

export const revokeKioskAccess = defineRoute({
  operationId: 'employee.revokeKioskAccess',
  ...access('admin'),
  method: 'post',
  path: `${B}/employee/revokekioskaccess/{employeeId}`,
  tags,
  summary: 'Stop an employee using kiosks',
  request: { params: employeeParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});

export const listEmployeeLocations = defineRoute({
  operationId: 'employee.listEmployeeLocations',
  variants: { Au: listOf(m.AuLocationModel, m.AuLocationModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/employee/{employeeId}/location`,
  tags,
  summary: "An employee's locations",
  description: `The employee's assigned locations; when none (still existing) are assigned, every global location. ${pagingText(PAGE_LIMITS.settings, 'by id')}`,
  request: { params: employeeParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.UkLocationModel), 'The locations, by id.'), ...standardErrors },
});

export const getEmployeeWorkTypes = defineRoute({
  operationId: 'employee.getEmployeeWorkTypes',
  variants: { Au: listOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: listOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: listOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: listOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/employee/{employeeId}/worktype`,
  tags,
  summary: 'Work types an employee may use',
  description: `The work types set up against the employee (\`workTypeIds\` of the unstructured employee, our extension), or every work type of the business that is not a shift condition while none is: what a clock-on offers them. ${pagingText(PAGE_LIMITS.settings, 'by id')}`,
  request: { params: employeeParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.UkWorkTypeModel), 'The work types, by id.'), ...standardErrors },
});

export const getEmployeeShiftConditions = defineRoute({
  operationId: 'employee.getEmployeeShiftConditions',
  variants: { Au: listOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: listOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: listOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: listOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/employee/{employeeId}/shiftcondition`,
  tags,
  summary: 'Shift conditions that apply to an employee',
  description: `Shift conditions (work types whose mappingType is ShiftCondition, in the work-type shape) set up against the employee or against one of their locations (its \`defaultShiftConditionIds\`): what a clock-on offers them. ${pagingText(PAGE_LIMITS.settings, 'by id')}`,
  request: { params: employeeParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.UkWorkTypeModel), 'The shift conditions, by id.'), ...standardErrors },
});
