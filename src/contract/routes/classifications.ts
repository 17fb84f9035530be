/**
 * Award classifications of an AU business: a project extension (the vendor's SDK slice reads them
 * only through kiosk lookupdata, `Au.ClassificationLookupModel`, and has no route to manage them).
 * Items are the contract's own model; adding one is refused for a business outside AU.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import * as m from '../generated/models';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';
import { access, businessParams, emptyOk, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, standardErrors } from './common';

const tags = ['Classifications (project extension)'];
const B = '/api/v2/business/{businessId}';
const EXTENSION = 'Project extension (not in the vendor API). ';

export const CreateClassificationModel = z
  .object({ description: t.text(maxTextLength('description')).meta({ description: 'How the classification reads at the kiosk, e.g. `Level 2 Retail Employee`.' }) })
  .meta({ id: 'CreateClassificationModel' });

export const listClassifications = defineRoute({
  operationId: 'classificationExtensions.listClassifications',
  ...access('read'),
  method: 'get',
  path: `${B}/classification`,
  tags,
  summary: "The business's award classifications (AU)",
  description: `${EXTENSION}What an AU kiosk offers at clock-on (lookupdata \`classifications\`), by description. Empty outside AU.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(z.array(m.ClassificationLookupModel), 'The live classifications.'), ...standardErrors },
});

export const createClassification = defineRoute({
  operationId: 'classificationExtensions.createClassification',
  ...access('admin'),
  method: 'post',
  path: `${B}/classification`,
  tags,
  summary: 'Add an award classification (AU businesses only)',
  description: `${EXTENSION}A business whose country is not AU gets 400: classifications are an AU award concept (contract section 4).`,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(CreateClassificationModel) },
  responses: { 200: jsonResponse(m.ClassificationLookupModel, 'The new classification.'), ...mutationErrors },
});

export const deleteClassification = defineRoute({
  operationId: 'classificationExtensions.deleteClassification',
  ...access('admin'),
  method: 'delete',
  path: `${B}/classification/{id}`,
  tags,
  summary: 'Stop offering a classification',
  description: `${EXTENSION}Kiosks stop offering it; shifts that recorded it keep its id and name.`,
  request: { params: businessParams.extend({ id: pathId('id') }), headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutationErrors },
});
