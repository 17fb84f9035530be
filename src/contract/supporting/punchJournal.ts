/**
 * Supporting models of the punch journal (a project extension: the vendor keeps no hash chain of
 * punches). Plain zod: shared with the client.
 */
import { z } from 'zod';
import * as t from '../wireTypes';

export const JOURNAL_PROBLEM_KINDS = ['punchChanged', 'punchRemoved', 'entryChanged', 'entryMissing', 'headMismatch', 'punchNotInJournal'] as const;

export const JournalProblemModel = z
  .object({
    kind: z.enum(JOURNAL_PROBLEM_KINDS).meta({
      description:
        'punchChanged: the punch row differs from the journal\'s copy; punchRemoved: the punch row is gone; entryChanged: an entry does not follow from the one before (the journal itself was edited); entryMissing: entries were removed; headMismatch: the head does not name the last entry; punchNotInJournal: a punch recorded after the journal began has no entry.',
    }),
    seq: t.int32.nullable().meta({ description: 'The entry where it was found.' }),
    punchId: t.int32.nullable(),
    fields: z.array(t.string).meta({ description: 'punchChanged: the fields that differ from the copy.' }),
    message: t.string,
  })
  .meta({ id: 'JournalProblemModel' });

export const JournalHeadModel = z
  .object({
    seq: t.int32,
    hash: t.string.meta({ description: 'SHA-256, lowercase hex.' }),
    code: t.string.meta({ description: 'What a receipt shows for the entry: its number and the hash\'s first eight hex digits.' }),
  })
  .meta({ id: 'JournalHeadModel' });

export const JournalReportModel = z
  .object({
    businessId: t.int32,
    intact: t.bool.meta({ description: 'True when no problem was found.' }),
    entries: t.int32,
    head: JournalHeadModel.nullable(),
    punchesBeforeJournal: t.int32.meta({ description: 'Punches recorded before the journal began: not covered by it.' }),
    firstProblem: JournalProblemModel.nullable(),
    problemCount: t.int32,
    problems: z.array(JournalProblemModel).meta({ description: 'The first 20 problems, in entry order.' }),
  })
  .meta({ id: 'JournalReportModel', description: "Project extension: the result of verifying the business's punch journal." });
export type JournalReportModel = z.infer<typeof JournalReportModel>;
