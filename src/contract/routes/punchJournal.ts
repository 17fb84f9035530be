/**
 * Project extension route of the punch journal (not in the vendor SDK): verify the business's hash
 * chain of punches (docs/punch-journal.md says what it proves and what it does not).
 */
import { defineRoute } from './define';
import { JournalReportModel } from '../supporting/punchJournal';
import { access, businessParams, jsonResponse, standardErrors } from './common';

export { JournalReportModel };

export const verifyPunchJournal = defineRoute({
  operationId: 'punchJournal.verify',
  ...access('admin', 'users'),
  method: 'get',
  path: '/api/v2/business/{businessId}/punchjournal/verify',
  tags: ['Punch journal (project extension)'],
  summary: "Verify the business's punch journal (project extension)",
  description:
    'Project extension (not in the vendor API). Recomputes the hash chain of every punch recorded since the journal began and compares each ' +
    "entry's copy of its punch with the punch as stored now; names the first entry where something was changed or removed. " +
    'Each live punch answers its entry in the `Journal-Entry` response header (`<seq>:<hash>`).',
  request: { params: businessParams },
  responses: { 200: jsonResponse(JournalReportModel, 'The verification.'), ...standardErrors },
});
