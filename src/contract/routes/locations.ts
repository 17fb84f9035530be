/**
 * The locations group (contract 2.6, UK models): the location tree the kiosk offers at clock-on
 * and that employee groups and location defaults refer to. Operation ids are the contract's ids.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { answerOf, bodyOf, listOf } from './regional';
import * as m from '../generated/models';
import {
  businessParams,
  conflictError,
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

const tags = ['Location'];
const B = '/api/v2/business/{businessId}';
const idParams = businessParams.extend({ id: pathId('id') });
const mutation = mutationErrors;

export const listBusinessLocations = defineRoute({
  operationId: 'location.listBusinessLocations',
  variants: { Au: listOf(m.AuLocationModel, m.AuLocationModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/location`,
  tags,
  summary: 'List locations',
  description: `All non-deleted locations of the business, flat. ${pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise')}`,
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.UkLocationModel), 'The locations.'), ...standardErrors },
});

export const createLocation = defineRoute({
  operationId: 'location.createLocation',
  variants: { Au: { ...bodyOf(m.AuLocationModelInput), ...answerOf(m.AuLocationModel, m.AuLocationModelFill) } },
  ...access('admin'),
  method: 'post',
  path: `${B}/location`,
  tags,
  summary: 'Create a location',
  description: '`id` and `fullyQualifiedName` in the body are ignored: both are assigned by the service.',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.UkLocationModelInput) },
  responses: { 200: jsonResponse(m.UkLocationModel, 'The saved location with its new id.'), ...mutation },
});

export const getLocationById = defineRoute({
  operationId: 'location.getLocationById',
  variants: { Au: answerOf(m.AuSingleLocationModel, m.AuSingleLocationModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/location/{id}`,
  tags,
  summary: 'Get a location with its child locations',
  request: { params: idParams },
  responses: { 200: jsonResponse(m.UkSingleLocationModel, 'The location; `nestedLocations` are its direct children.'), ...standardErrors },
});

export const updateLocation = defineRoute({
  operationId: 'location.updateLocation',
  variants: { Au: { ...bodyOf(m.AuLocationModelInput), ...answerOf(m.AuLocationModel, m.AuLocationModelFill) } },
  ...access('admin'),
  method: 'put',
  path: `${B}/location/{id}`,
  tags,
  summary: 'Update a location',
  description: 'Replaces the location. A parent that would make the location its own ancestor is refused.',
  request: { params: idParams, headers: idempotencyHeaders, ...jsonBody(m.UkLocationModelInput) },
  responses: { 200: jsonResponse(m.UkLocationModel, 'The stored location.'), ...mutation },
});

export const deleteLocation = defineRoute({
  operationId: 'location.deleteLocation',
  ...access('admin'),
  method: 'delete',
  path: `${B}/location/{id}`,
  tags,
  summary: 'Delete a location',
  description: 'A soft delete (past shifts keep their location). Refused with 409 while the location has child locations.',
  request: { params: idParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation, ...conflictError },
});
