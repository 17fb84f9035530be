/** Timesheet lines (contract 2.9): the lines kiosk shifts produce, listed and read one by one. */
import { z } from 'zod';
import { defineRoute } from './define';
import * as m from '../generated/models';
import { access, businessParams, jsonResponse, pathId, standardErrors } from './common';
import { PAGE_LIMITS } from '../paging';
import { odataQuery, pagingText } from './odataQuery';

const tags = ['Timesheets'];
const B = '/api/v2/business/{businessId}';

export const getBusinessTimesheets = defineRoute({
  operationId: 'timesheet.getBusinessTimesheets',
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet`,
  tags,
  summary: 'List timesheet lines',
  description:
    'Start, end and break times are wall-clock times in the zone of the kiosk that recorded the shift; in `$filter` a ' +
    "`datetime'…'` without an offset compares with those wall-clock times, one with Z or an offset with the instant, and " +
    "`$orderby` on startTime/endTime is chronological. For a long history, page forward with `$filter=id gt <last id>&$orderby=id` " +
    `rather than a deep \`$skip\`. ${pagingText(PAGE_LIMITS.history, 'by start time, oldest first, unless `$orderby` says otherwise')}`,
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.history) },
  responses: { 200: jsonResponse(z.array(m.UkTimesheetLineModel), 'One page of timesheet lines, oldest first.'), ...standardErrors },
});

export const getTimesheetLine = defineRoute({
  operationId: 'timesheet.getTimesheetLine',
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet/{timesheetLineId}`,
  tags,
  summary: 'Get one timesheet line',
  request: { params: businessParams.extend({ timesheetLineId: pathId('timesheetLineId') }) },
  responses: { 200: jsonResponse(m.UkIndividualTimesheetLineModel, 'The line.'), ...standardErrors },
});
