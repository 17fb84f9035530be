/**
 * Reporting dimensions of a business and their values: a project extension (the vendor's SDK slice
 * reads them only through kiosk lookupdata, `reportingDimensionGroups` / `reportingDimensionValues`,
 * and clocked shifts' `dimensionValues`, and has no route to manage them). Values are the
 * contract's own ReportingDimensionValueBaseApiModel.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import * as m from '../generated/models';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';
import { access, businessParams, emptyOk, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, standardErrors } from './common';

const tags = ['Reporting dimensions (project extension)'];
const B = '/api/v2/business/{businessId}';
const EXTENSION = 'Project extension (not in the vendor API). ';

export const ReportingDimensionModel = z
  .object({
    id: t.int32,
    name: z.string(),
    values: z.array(m.ReportingDimensionValueBaseApiModel),
  })
  .meta({ id: 'ReportingDimensionModel' });

export const CreateReportingDimensionModel = z
  .object({
    name: t.text(maxTextLength('name')).meta({ description: 'How the dimension reads at the kiosk, e.g. `Department`.' }),
    values: t.list(t.text(maxTextLength('name')), 100).meta({ description: 'Its values, e.g. `Bakery`, `Front of house`; each name once.' }),
  })
  .meta({ id: 'CreateReportingDimensionModel' });

export const listReportingDimensions = defineRoute({
  operationId: 'reportingDimensionExtensions.listReportingDimensions',
  ...access('read'),
  method: 'get',
  path: `${B}/reportingdimension`,
  tags,
  summary: "The business's reporting dimensions and their values",
  description: `${EXTENSION}What a kiosk with \`timesheetDimensionsEnabled\` offers at clock-on (lookupdata \`reportingDimensionGroups\` and \`reportingDimensionValues\`), by name.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(z.array(ReportingDimensionModel), 'The live dimensions, each with its live values.'), ...standardErrors },
});

export const createReportingDimension = defineRoute({
  operationId: 'reportingDimensionExtensions.createReportingDimension',
  ...access('admin'),
  method: 'post',
  path: `${B}/reportingdimension`,
  tags,
  summary: 'Add a reporting dimension with its values',
  description: `${EXTENSION}A clock-on may then name one value of each dimension in \`dimensionValueIds\`.`,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(CreateReportingDimensionModel) },
  responses: { 200: jsonResponse(ReportingDimensionModel, 'The new dimension and its values.'), ...mutationErrors },
});

export const deleteReportingDimension = defineRoute({
  operationId: 'reportingDimensionExtensions.deleteReportingDimension',
  ...access('admin'),
  method: 'delete',
  path: `${B}/reportingdimension/{id}`,
  tags,
  summary: 'Stop offering a reporting dimension',
  description: `${EXTENSION}Kiosks stop offering it and its values; shifts that recorded a value keep naming it.`,
  request: { params: businessParams.extend({ id: pathId('id') }), headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutationErrors },
});
