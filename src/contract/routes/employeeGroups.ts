/**
 * The employee groups group (contract 2.12): saved employee filters, and the employees each one
 * currently matches. Operation ids are the contract's ids.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { answerOf, bodyOf, listOf } from './regional';
import * as m from '../generated/models';
import {
  businessParams,
  emptyOk,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  pathId,
  standardErrors,
  access,
} from './common';
import { PAGE_LIMITS } from '../paging';
import { odataQuery, pagingText } from './odataQuery';

const tags = ['EmployeeGroup'];
const B = '/api/v2/business/{businessId}';
const idParams = businessParams.extend({ id: pathId('id') });
const mutation = mutationErrors;

const filterRules =
  'Each filter `value` is a comma-separated list of ids: employee ids (`Employee`) or location ids (`Location`, ' +
  '`LocationOrParents`, which also matches employees at descendant locations). `PaySchedule` and `Tag` are not tracked ' +
  'by this service and match nobody.';

export const listEmployeeGroups = defineRoute({
  operationId: 'employeeGroup.listEmployeeGroups',
  variants: { Au: listOf(m.AuEmployeeGroupModel, m.AuEmployeeGroupModelFill), Nz: listOf(m.NzEmployeeGroupModel, m.NzEmployeeGroupModelFill), Sg: listOf(m.SgEmployeeGroupModel, m.SgEmployeeGroupModelFill), My: listOf(m.MyEmployeeGroupModel, m.MyEmployeeGroupModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/employeegroup`,
  tags,
  summary: 'List employee groups',
  description: `All employee groups of the business. ${pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise')}`,
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.UkEmployeeGroupModel), 'The groups.'), ...standardErrors },
});

export const createEmployeeGroup = defineRoute({
  operationId: 'employeeGroup.createEmployeeGroup',
  variants: { Au: { ...bodyOf(m.AuEmployeeGroupModelInput), ...answerOf(m.AuEmployeeGroupModel, m.AuEmployeeGroupModelFill) }, Nz: { ...bodyOf(m.NzEmployeeGroupModelInput), ...answerOf(m.NzEmployeeGroupModel, m.NzEmployeeGroupModelFill) }, Sg: { ...bodyOf(m.SgEmployeeGroupModelInput), ...answerOf(m.SgEmployeeGroupModel, m.SgEmployeeGroupModelFill) }, My: { ...bodyOf(m.MyEmployeeGroupModelInput), ...answerOf(m.MyEmployeeGroupModel, m.MyEmployeeGroupModelFill) } },
  ...access('admin'),
  method: 'post',
  path: `${B}/employeegroup`,
  tags,
  summary: 'Create an employee group',
  description: filterRules,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.UkEmployeeGroupModelInput) },
  responses: { 200: jsonResponse(m.UkEmployeeGroupModel, 'The saved group with its new id.'), ...mutation },
});

export const getEmployeeGroupById = defineRoute({
  operationId: 'employeeGroup.getEmployeeGroupById',
  variants: { Au: answerOf(m.AuDetailedEmployeeGroupModel, m.AuDetailedEmployeeGroupModelFill), Nz: answerOf(m.NzDetailedEmployeeGroupModel, m.NzDetailedEmployeeGroupModelFill), Sg: answerOf(m.SgDetailedEmployeeGroupModel, m.SgDetailedEmployeeGroupModelFill), My: answerOf(m.MyDetailedEmployeeGroupModel, m.MyDetailedEmployeeGroupModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/employeegroup/{id}`,
  tags,
  summary: 'Get an employee group with the employees it matches',
  description: `Only current employees (no end date, or one in the future) match. ${filterRules}`,
  request: { params: idParams },
  responses: { 200: jsonResponse(m.UkDetailedEmployeeGroupModel, 'The group and its matching employees.'), ...standardErrors },
});

export const updateEmployeeGroup = defineRoute({
  operationId: 'employeeGroup.updateEmployeeGroup',
  variants: { Au: { ...bodyOf(m.AuEmployeeGroupModelInput), ...answerOf(m.AuEmployeeGroupModel, m.AuEmployeeGroupModelFill) }, Nz: { ...bodyOf(m.NzEmployeeGroupModelInput), ...answerOf(m.NzEmployeeGroupModel, m.NzEmployeeGroupModelFill) }, Sg: { ...bodyOf(m.SgEmployeeGroupModelInput), ...answerOf(m.SgEmployeeGroupModel, m.SgEmployeeGroupModelFill) }, My: { ...bodyOf(m.MyEmployeeGroupModelInput), ...answerOf(m.MyEmployeeGroupModel, m.MyEmployeeGroupModelFill) } },
  ...access('admin'),
  method: 'put',
  path: `${B}/employeegroup/{id}`,
  tags,
  summary: 'Update an employee group',
  description: filterRules,
  request: { params: idParams, headers: idempotencyHeaders, ...jsonBody(m.UkEmployeeGroupModelInput) },
  responses: { 200: jsonResponse(m.UkEmployeeGroupModel, 'The stored group.'), ...mutation },
});

export const deleteEmployeeGroup = defineRoute({
  operationId: 'employeeGroup.deleteEmployeeGroup',
  ...access('admin'),
  method: 'delete',
  path: `${B}/employeegroup/{id}`,
  tags,
  summary: 'Delete an employee group',
  request: { params: idParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});
