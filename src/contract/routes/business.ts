/**
 * The business group: creating a business, listing the caller's businesses, reading and updating
 * one. The SDK slice has no business model, so the minimal BusinessModel the kiosk needs (name,
 * zone, SMS switch) is defined here; operation ids are ours.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import {
  businessParams,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  standardErrors,
  access,
} from './common';
import { PAGE_LIMITS } from '../paging';
import { odataQuery, pagingText } from './odataQuery';

const tags = ['Business'];

import { BusinessModel, CreateBusinessModelInput, UpdateBusinessModelInput } from '../supporting/business';
export { BusinessModel, CreateBusinessModelInput, UpdateBusinessModelInput };


export const createBusiness = defineRoute({
  operationId: 'business.createBusiness',
  ...access('signedIn', 'users'),
  method: 'post',
  path: '/api/v2/business',
  tags,
  summary: 'Create a business',
  description:
    'Open to the service\'s operators (ADMIN_EMAIL and the BUSINESS_CREATORS setting) and to users with unrestricted ' +
    'access to a business; others get 403 `business-creation-forbidden`, kiosk devices 403 `forbidden`. The creator ' +
    'gets unrestricted access to the new business.',
  request: jsonBody(CreateBusinessModelInput),
  responses: { 200: jsonResponse(BusinessModel, 'The new business.'), ...standardErrors },
});

export const listBusinesses = defineRoute({
  operationId: 'business.listBusinesses',
  ...access('signedIn'),
  method: 'get',
  path: '/api/v2/business',
  tags,
  summary: 'List the businesses the caller can access',
  description: `A kiosk device sees only the business it is enrolled in. ${pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise')}`,
  request: { query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(BusinessModel), 'The businesses, by id.'), ...standardErrors },
});

export const getBusiness = defineRoute({
  operationId: 'business.getBusiness',
  ...access('member'),
  method: 'get',
  path: '/api/v2/business/{businessId}',
  tags,
  summary: 'Get a business',
  request: { params: businessParams },
  responses: { 200: jsonResponse(BusinessModel, 'The business.'), ...standardErrors },
});

export const updateBusiness = defineRoute({
  operationId: 'business.updateBusiness',
  ...access('admin'),
  method: 'put',
  path: '/api/v2/business/{businessId}',
  tags,
  summary: 'Update a business (name, zone, SMS notifications)',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(UpdateBusinessModelInput) },
  responses: { 200: jsonResponse(BusinessModel, 'The stored business.'), ...mutationErrors },
});
