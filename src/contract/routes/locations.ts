/**
 * The locations group (contract 2.6, UK models): the location tree the kiosk offers at clock-on
 * and that employee groups and location defaults refer to. Operation ids are the contract's ids.
 */
import { z } from 'zod';
import { answerOf, bodyOf, listOf } from './regional';
import * as m from '../generated/models';
import { conflictError } from './common';
import { PAGE_LIMITS } from '../paging';
import { pagingText } from './odataQuery';
import { resourceRoutes } from './resourceRoutes';

const locations = resourceRoutes({ name: 'location', tags: ['Location'] });
const auBody = { ...bodyOf(m.AuLocationModelInput), ...answerOf(m.AuLocationModel, m.AuLocationModelFill) };

export const listBusinessLocations = locations.list({
  operationId: 'location.listBusinessLocations',
  variants: { Au: listOf(m.AuLocationModel, m.AuLocationModelFill) },
  summary: 'List locations',
  description: `All non-deleted locations of the business, flat. ${pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise')}`,
  limits: PAGE_LIMITS.settings,
  answer: z.array(m.UkLocationModel),
  answerText: 'The locations.',
});

export const createLocation = locations.create({
  operationId: 'location.createLocation',
  variants: { Au: auBody },
  summary: 'Create a location',
  description: '`id` and `fullyQualifiedName` in the body are ignored: both are assigned by the service.',
  body: m.UkLocationModelInput,
  answer: m.UkLocationModel,
  answerText: 'The saved location with its new id.',
});

export const getLocationById = locations.get({
  operationId: 'location.getLocationById',
  variants: { Au: answerOf(m.AuSingleLocationModel, m.AuSingleLocationModelFill) },
  summary: 'Get a location with its child locations',
  answer: m.UkSingleLocationModel,
  answerText: 'The location; `nestedLocations` are its direct children.',
});

export const updateLocation = locations.update({
  operationId: 'location.updateLocation',
  variants: { Au: auBody },
  summary: 'Update a location',
  description: 'Replaces the location. A parent that would make the location its own ancestor is refused.',
  body: m.UkLocationModelInput,
  answer: m.UkLocationModel,
  answerText: 'The stored location.',
});

export const deleteLocation = locations.delete({
  operationId: 'location.deleteLocation',
  summary: 'Delete a location',
  description: 'A soft delete (past shifts keep their location). Refused with 409 while the location has child locations.',
  errors: conflictError,
});
