/** Timesheet lines (contract 2.9): the lines kiosk shifts produce, listed and read one by one. */
import { createRoute, z } from '@hono/zod-openapi';
import * as m from '../generated/models';
import { businessParams, jsonResponse, odataQuery, pathId, standardErrors, access } from './common';

const tags = ['Timesheets'];
const B = '/api/v2/business/{businessId}';

export const getBusinessTimesheets = createRoute({
  operationId: 'timesheet.getBusinessTimesheets',
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet`,
  tags,
  summary: 'List timesheet lines',
  description: 'Start, end and break times are wall-clock times in the zone of the kiosk that recorded the shift.',
  request: { params: businessParams, query: odataQuery },
  responses: { 200: jsonResponse(z.array(m.UkTimesheetLineModel), 'Timesheet lines, oldest first.'), ...standardErrors },
});

export const getTimesheetLine = createRoute({
  operationId: 'timesheet.getTimesheetLine',
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet/{timesheetLineId}`,
  tags,
  summary: 'Get one timesheet line',
  request: { params: businessParams.extend({ timesheetLineId: pathId('timesheetLineId') }) },
  responses: { 200: jsonResponse(m.UkIndividualTimesheetLineModel, 'The line.'), ...standardErrors },
});
