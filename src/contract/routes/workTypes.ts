/**
 * The work types group (contract 2.7): work types and, with `mappingType` `ShiftCondition`, the
 * shift conditions offered at clock-on. Operation ids are the contract's ids.
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

const tags = ['WorkType'];
const B = '/api/v2/business/{businessId}';
const idParams = businessParams.extend({ id: pathId('id') });
const mutation = mutationErrors;

export const listWorkTypes = defineRoute({
  operationId: 'workType.listWorkTypes',
  variants: { Au: listOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: listOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: listOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: listOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/worktype`,
  tags,
  summary: 'List work types (including shift conditions)',
  description: `All non-deleted work types of the business. ${pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise')}`,
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.UkWorkTypeModel), 'The work types.'), ...standardErrors },
});

export const createWorkType = defineRoute({
  operationId: 'workType.createWorkType',
  variants: { Au: { ...bodyOf(m.AuWorkTypeModelInput), ...answerOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill) }, Nz: { ...bodyOf(m.NzWorkTypeModelInput), ...answerOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill) }, Sg: { ...bodyOf(m.SgWorkTypeModelInput), ...answerOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill) }, My: { ...bodyOf(m.MyWorkTypeModelInput), ...answerOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) } },
  ...access('admin'),
  method: 'post',
  path: `${B}/worktype`,
  tags,
  summary: 'Create a work type',
  description: '`employmentTypes` may be sent as member names or numeric indices; it is always returned as names.',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.UkWorkTypeModelInput) },
  responses: { 200: jsonResponse(m.UkWorkTypeModel, 'The saved work type with its new id.'), ...mutation },
});

export const getWorkTypeById = defineRoute({
  operationId: 'workType.getWorkTypeById',
  variants: { Au: answerOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: answerOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: answerOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: answerOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/worktype/{id}`,
  tags,
  summary: 'Get a work type',
  request: { params: idParams },
  responses: { 200: jsonResponse(m.UkWorkTypeModel, 'The work type.'), ...standardErrors },
});

export const updateWorkType = defineRoute({
  operationId: 'workType.updateWorkType',
  variants: { Au: { ...bodyOf(m.AuWorkTypeModelInput), ...answerOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill) }, Nz: { ...bodyOf(m.NzWorkTypeModelInput), ...answerOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill) }, Sg: { ...bodyOf(m.SgWorkTypeModelInput), ...answerOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill) }, My: { ...bodyOf(m.MyWorkTypeModelInput), ...answerOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) } },
  ...access('admin'),
  method: 'put',
  path: `${B}/worktype/{id}`,
  tags,
  summary: 'Update a work type',
  description: 'Replaces the work type. When it stops being a shift condition, locations stop using it as a default.',
  request: { params: idParams, headers: idempotencyHeaders, ...jsonBody(m.UkWorkTypeModelInput) },
  responses: { 200: jsonResponse(m.UkWorkTypeModel, 'The stored work type.'), ...mutation },
});

export const deleteWorkType = defineRoute({
  operationId: 'workType.deleteWorkType',
  ...access('admin'),
  method: 'delete',
  path: `${B}/worktype/{id}`,
  tags,
  summary: 'Delete a work type',
  description: 'A soft delete (past shifts and timesheet lines keep it); locations stop using it as a default shift condition.',
  request: { params: idParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});
