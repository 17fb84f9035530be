/**
 * The employee groups group (contract 2.12): saved employee filters, and the employees each one
 * currently matches. Operation ids are the contract's ids.
 */
import { z } from 'zod';
import { answerOf, bodyAndAnswerOf, listOf } from './regional';
import * as m from '../generated/models';
import { PAGE_LIMITS } from '../paging';
import { pagingText } from './odataQuery';
import { resourceRoutes } from './resourceRoutes';

const groups = resourceRoutes({ name: 'employeegroup', tags: ['EmployeeGroup'] });
const written = {
  Au: bodyAndAnswerOf(m.AuEmployeeGroupModelInput, m.AuEmployeeGroupModel, m.AuEmployeeGroupModelFill),
  Nz: bodyAndAnswerOf(m.NzEmployeeGroupModelInput, m.NzEmployeeGroupModel, m.NzEmployeeGroupModelFill),
  Sg: bodyAndAnswerOf(m.SgEmployeeGroupModelInput, m.SgEmployeeGroupModel, m.SgEmployeeGroupModelFill),
  My: bodyAndAnswerOf(m.MyEmployeeGroupModelInput, m.MyEmployeeGroupModel, m.MyEmployeeGroupModelFill),
};

const filterRules =
  'Each filter `value` is a comma-separated list of ids: employee ids (`Employee`) or location ids (`Location`, ' +
  '`LocationOrParents`, which also matches employees at descendant locations). `PaySchedule` and `Tag` are not tracked ' +
  'by this service and match nobody.';

export const listEmployeeGroups = groups.list({
  operationId: 'employeeGroup.listEmployeeGroups',
  variants: { Au: listOf(m.AuEmployeeGroupModel, m.AuEmployeeGroupModelFill), Nz: listOf(m.NzEmployeeGroupModel, m.NzEmployeeGroupModelFill), Sg: listOf(m.SgEmployeeGroupModel, m.SgEmployeeGroupModelFill), My: listOf(m.MyEmployeeGroupModel, m.MyEmployeeGroupModelFill) },
  summary: 'List employee groups',
  description: `All employee groups of the business. ${pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise')}`,
  limits: PAGE_LIMITS.settings,
  answer: z.array(m.UkEmployeeGroupModel),
  answerText: 'The groups.',
});

export const createEmployeeGroup = groups.create({
  operationId: 'employeeGroup.createEmployeeGroup',
  variants: written,
  summary: 'Create an employee group',
  description: filterRules,
  body: m.UkEmployeeGroupModelInput,
  answer: m.UkEmployeeGroupModel,
  answerText: 'The saved group with its new id.',
});

export const getEmployeeGroupById = groups.get({
  operationId: 'employeeGroup.getEmployeeGroupById',
  variants: { Au: answerOf(m.AuDetailedEmployeeGroupModel, m.AuDetailedEmployeeGroupModelFill), Nz: answerOf(m.NzDetailedEmployeeGroupModel, m.NzDetailedEmployeeGroupModelFill), Sg: answerOf(m.SgDetailedEmployeeGroupModel, m.SgDetailedEmployeeGroupModelFill), My: answerOf(m.MyDetailedEmployeeGroupModel, m.MyDetailedEmployeeGroupModelFill) },
  summary: 'Get an employee group with the employees it matches',
  description: `Only current employees (no end date, or one in the future) match. ${filterRules}`,
  answer: m.UkDetailedEmployeeGroupModel,
  answerText: 'The group and its matching employees.',
});

export const updateEmployeeGroup = groups.update({
  operationId: 'employeeGroup.updateEmployeeGroup',
  variants: written,
  summary: 'Update an employee group',
  description: filterRules,
  body: m.UkEmployeeGroupModelInput,
  answer: m.UkEmployeeGroupModel,
  answerText: 'The stored group.',
});

export const deleteEmployeeGroup = groups.delete({
  operationId: 'employeeGroup.deleteEmployeeGroup',
  summary: 'Delete an employee group',
});
