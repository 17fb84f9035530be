/**
 * The work types group (contract 2.7): work types and, with `mappingType` `ShiftCondition`, the
 * shift conditions offered at clock-on. Operation ids are the contract's ids.
 */
import { z } from 'zod';
import { answerOf, bodyAndAnswerOf, listOf } from './regional';
import * as m from '../generated/models';
import { PAGE_LIMITS } from '../paging';
import { pagingText } from './odataQuery';
import { resourceRoutes } from './resourceRoutes';

const workTypes = resourceRoutes({ name: 'worktype', tags: ['WorkType'] });
const written = {
  Au: bodyAndAnswerOf(m.AuWorkTypeModelInput, m.AuWorkTypeModel, m.AuWorkTypeModelFill),
  Nz: bodyAndAnswerOf(m.NzWorkTypeModelInput, m.NzWorkTypeModel, m.NzWorkTypeModelFill),
  Sg: bodyAndAnswerOf(m.SgWorkTypeModelInput, m.SgWorkTypeModel, m.SgWorkTypeModelFill),
  My: bodyAndAnswerOf(m.MyWorkTypeModelInput, m.MyWorkTypeModel, m.MyWorkTypeModelFill),
};

export const listWorkTypes = workTypes.list({
  operationId: 'workType.listWorkTypes',
  variants: { Au: listOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: listOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: listOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: listOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) },
  summary: 'List work types (including shift conditions)',
  description: `All non-deleted work types of the business. ${pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise')}`,
  limits: PAGE_LIMITS.settings,
  answer: z.array(m.UkWorkTypeModel),
  answerText: 'The work types.',
});

export const createWorkType = workTypes.create({
  operationId: 'workType.createWorkType',
  variants: written,
  summary: 'Create a work type',
  description: '`employmentTypes` may be sent as member names or numeric indices; it is always returned as names.',
  body: m.UkWorkTypeModelInput,
  answer: m.UkWorkTypeModel,
  answerText: 'The saved work type with its new id.',
});

export const getWorkTypeById = workTypes.get({
  operationId: 'workType.getWorkTypeById',
  variants: { Au: answerOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: answerOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: answerOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: answerOf(m.MyWorkTypeModel, m.MyWorkTypeModelFill) },
  summary: 'Get a work type',
  answer: m.UkWorkTypeModel,
  answerText: 'The work type.',
});

export const updateWorkType = workTypes.update({
  operationId: 'workType.updateWorkType',
  variants: written,
  summary: 'Update a work type',
  description: 'Replaces the work type. When it stops being a shift condition, locations stop using it as a default.',
  body: m.UkWorkTypeModelInput,
  answer: m.UkWorkTypeModel,
  answerText: 'The stored work type.',
});

export const deleteWorkType = workTypes.delete({
  operationId: 'workType.deleteWorkType',
  summary: 'Delete a work type',
  description: 'A soft delete (past shifts and timesheet lines keep it); locations stop using it as a default shift condition.',
});
