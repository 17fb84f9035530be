/**
 * The business group: creating a business, listing the caller's businesses, reading and updating
 * one. The SDK slice has no business model, so the minimal BusinessModel the kiosk needs (name,
 * zone, SMS switch) is defined here; operation ids are ours.
 */
import { createRoute, z } from '@hono/zod-openapi';
import * as t from '../wireTypes';
import {
  businessParams,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  odataQuery,
  standardErrors,
} from './common';

const tags = ['Business'];

export const BusinessModel = z
  .object({
    id: t.int32,
    name: t.string,
    externalId: t.string.nullable(),
    ianaTimeZone: t.string.openapi({ description: 'IANA zone of the business, e.g. `Europe/London`.' }),
    smsNotificationsEnabled: t.bool.openapi({ description: 'Whether PIN resets may be sent by text message.' }),
  })
  .openapi('BusinessModel', { description: 'A business (tenant): the minimal record the kiosk service keeps.' });
export type BusinessModel = z.infer<typeof BusinessModel>;

export const CreateBusinessModelInput = z
  .object({
    name: t.string.nullish(),
    externalId: t.string.nullish(),
    ianaTimeZone: t.string.nullish().openapi({ description: 'Defaults to `Europe/London`.' }),
    smsNotificationsEnabled: t.bool.default(false),
  })
  .openapi('CreateBusinessModel');
export type CreateBusinessModelInput = z.infer<typeof CreateBusinessModelInput>;

export const UpdateBusinessModelInput = z
  .object({
    name: t.string.nullish(),
    ianaTimeZone: t.string.nullish().openapi({ description: 'Left unchanged when omitted.' }),
    smsNotificationsEnabled: t.bool.nullish().openapi({ description: 'Left unchanged when omitted.' }),
  })
  .openapi('UpdateBusinessModel', {
    description: 'The changeable fields of a business. Other BusinessModel fields (id, externalId) are ignored.',
  });
export type UpdateBusinessModelInput = z.infer<typeof UpdateBusinessModelInput>;


export const createBusiness = createRoute({
  operationId: 'business.createBusiness',
  method: 'post',
  path: '/api/v2/business',
  tags,
  summary: 'Create a business',
  description: 'Any signed-in user (not a kiosk device) may create a business; they get unrestricted access to it.',
  request: jsonBody(CreateBusinessModelInput),
  responses: { 200: jsonResponse(BusinessModel, 'The new business.'), ...standardErrors },
});

export const listBusinesses = createRoute({
  operationId: 'business.listBusinesses',
  method: 'get',
  path: '/api/v2/business',
  tags,
  summary: 'List the businesses the caller can access',
  description: 'A kiosk device sees only the business it is enrolled in.',
  request: { query: odataQuery },
  responses: { 200: jsonResponse(z.array(BusinessModel), 'The businesses, by id.'), ...standardErrors },
});

export const getBusiness = createRoute({
  operationId: 'business.getBusiness',
  method: 'get',
  path: '/api/v2/business/{businessId}',
  tags,
  summary: 'Get a business',
  request: { params: businessParams },
  responses: { 200: jsonResponse(BusinessModel, 'The business.'), ...standardErrors },
});

export const updateBusiness = createRoute({
  operationId: 'business.updateBusiness',
  method: 'put',
  path: '/api/v2/business/{businessId}',
  tags,
  summary: 'Update a business (name, zone, SMS notifications)',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(UpdateBusinessModelInput) },
  responses: { 200: jsonResponse(BusinessModel, 'The stored business.'), ...mutationErrors },
});
