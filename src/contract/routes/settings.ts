/**
 * The business settings group (contract 2.10): employee portal settings (updated with POST, as
 * the SDK does) and timesheet settings. Operation ids are the contract's ids.
 */
import { defineRoute } from './define';
import { answerOf, bodyOf } from './regional';
import * as m from '../generated/models';
import {
  businessParams,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  standardErrors,
  access,
} from './common';

const tags = ['Settings'];
const B = '/api/v2/business/{businessId}';
const mutation = mutationErrors;
const replaces =
  'The body replaces the stored settings: a field left out takes its type default (false, 0, null, the first enum member).';

export const getEmployeePortalSettings = defineRoute({
  operationId: 'settings.getEmployeePortalSettings',
  variants: { Au: answerOf(m.AuEmployeePortalSettingsModel, m.AuEmployeePortalSettingsModelFill), Nz: answerOf(m.NzEmployeePortalSettingsModel, m.NzEmployeePortalSettingsModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/employeeportalsettings`,
  tags,
  summary: 'Get the employee portal settings',
  request: { params: businessParams },
  responses: { 200: jsonResponse(m.EmployeePortalSettingsModel, 'The settings.'), ...standardErrors },
});

export const updateEmployeePortalSettings = defineRoute({
  operationId: 'settings.updateEmployeePortalSettings',
  variants: { Au: { ...bodyOf(m.AuEmployeePortalSettingsModelInput), ...answerOf(m.AuEmployeePortalSettingsModel, m.AuEmployeePortalSettingsModelFill) }, Nz: { ...bodyOf(m.NzEmployeePortalSettingsModelInput), ...answerOf(m.NzEmployeePortalSettingsModel, m.NzEmployeePortalSettingsModelFill) } },
  ...access('admin'),
  method: 'post',
  path: `${B}/employeeportalsettings`,
  tags,
  summary: 'Save the employee portal settings',
  description: replaces,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.EmployeePortalSettingsModelInput) },
  responses: { 200: jsonResponse(m.EmployeePortalSettingsModel, 'The stored settings.'), ...mutation },
});

export const getTheTimesheetSettingsForTheBusiness = defineRoute({
  operationId: 'settings.getTheTimesheetSettingsForTheBusiness',
  variants: { Au: answerOf(m.AuBusinessTimesheetSettingsModel, m.AuBusinessTimesheetSettingsModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/timesheetsettings`,
  tags,
  summary: 'Get the timesheet settings',
  request: { params: businessParams },
  responses: { 200: jsonResponse(m.UkBusinessTimesheetSettingsModel, 'The settings.'), ...standardErrors },
});

export const updateTheTimesheetSettingsForTheBusiness = defineRoute({
  operationId: 'settings.updateTheTimesheetSettingsForTheBusiness',
  variants: { Au: { ...bodyOf(m.AuBusinessTimesheetSettingsModelInput), ...answerOf(m.AuBusinessTimesheetSettingsModel, m.AuBusinessTimesheetSettingsModelFill) } },
  ...access('admin'),
  method: 'put',
  path: `${B}/timesheetsettings`,
  tags,
  summary: 'Save the timesheet settings',
  description: replaces,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.UkBusinessTimesheetSettingsModelInput) },
  responses: { 200: jsonResponse(m.UkBusinessTimesheetSettingsModel, 'The stored settings.'), ...mutation },
});
