/**
 * Project extension routes: a location's own break rules and questions at clock-off, overriding the
 * business's for shifts there. Kiosks receive every location's overrides with their policy
 * (`GET /api/v2/device`, `policy.locationRules`) and pick the shift's location's offline.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { LocationRulesInputModel, LocationRulesModel } from '../supporting/locationRules';
import { access, businessParams, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, standardErrors } from './common';

export { LocationRulesInputModel, LocationRulesModel };

const tags = ['Location (project extensions)'];
const B = '/api/v2/business/{businessId}';
const locationParams = businessParams.extend({ id: pathId('id') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const listLocationRules = defineRoute({
  operationId: 'locationRules.list',
  ...access('read'),
  method: 'get',
  path: `${B}/locationrules`,
  tags,
  summary: "Every location's overrides of the break rules and questions at clock-off (project extension)",
  description: `${EXTENSION}Only locations with an override, by location id.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(z.array(LocationRulesModel), 'The overrides.'), ...standardErrors },
});

export const getLocationRules = defineRoute({
  operationId: 'locationRules.get',
  ...access('read'),
  method: 'get',
  path: `${B}/location/{id}/rules`,
  tags,
  summary: "A location's overrides of the break rules and questions at clock-off (project extension)",
  description: `${EXTENSION}Both null (the business's settings) until a manager saves an override. 404 for a location the business does not have.`,
  request: { params: locationParams },
  responses: { 200: jsonResponse(LocationRulesModel, "The location's overrides."), ...standardErrors },
});

export const saveLocationRules = defineRoute({
  operationId: 'locationRules.save',
  ...access('admin'),
  method: 'post',
  path: `${B}/location/{id}/rules`,
  tags,
  summary: "Save a location's overrides of the break rules and questions at clock-off (project extension)",
  description:
    `${EXTENSION}The body replaces the location's overrides; both null removes them. A shift at the location is then warned about, ` +
    "asked at clock-off and its meal punches rounded under them. 404 for a location the business does not have (or deleted).",
  request: { params: locationParams, headers: idempotencyHeaders, ...jsonBody(LocationRulesInputModel) },
  responses: { 200: jsonResponse(LocationRulesModel, 'The stored overrides.'), ...mutationErrors },
});
