/**
 * Project extension: attestations at clock-off (the vendor API has none). The business's setting
 * (which questions are asked, and when), the answers a kiosk sends right after the clock-off they
 * belong to, and the stored attestation managers read. Questions, versions and answers are the
 * domain's (domain/attestations.ts); the wording of each version is in docs/attestations.md.
 * Plain zod, shared with the client.
 */
import { z } from 'zod';
import {
  ATTESTATION_ANSWERS,
  ATTESTATION_QUESTIONS,
  ATTESTATION_TRIGGERS,
  answerProblem,
  type AttestationRule,
  type AttestationSettings,
} from '../../domain/attestations';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

const ruleShape = {
  question: z.enum(ATTESTATION_QUESTIONS).meta({ description: '`MealBreak` ("Did you get your meal break?") or `Injury` ("Are you leaving work free of any injury?").' }),
  askWhen: z.enum(ATTESTATION_TRIGGERS).meta({
    description:
      '`Always`; `ShiftLongerThan` (the shift, clock-on to clock-off in real time, lasted more than `hours`); `MealBreakMissed` ' +
      "(the business's break-rule profile, `/breakrules`, says a meal break was owed and not begun in time).",
  }),
  hours: z.number().min(0).max(24).meta({ description: 'For `ShiftLongerThan`: the length in hours the shift must exceed (0 to 24); ignored otherwise.' }),
} satisfies { [K in keyof AttestationRule]-?: z.ZodType<AttestationRule[K]> };

export const AttestationRuleModel = z.object(ruleShape).strict().meta({ id: 'AttestationRuleModel', description: 'One question asked at clock-off, and when.' });

export const AttestationSettingsModel = z
  .object({
    rules: z
      .array(AttestationRuleModel)
      .max(ATTESTATION_QUESTIONS.length * ATTESTATION_TRIGGERS.length)
      .meta({ description: 'The questions asked at clock-off, in order; a question two rules name is asked once. Empty: nothing is asked.' }),
  } satisfies { [K in keyof AttestationSettings]-?: z.ZodType<AttestationSettings[K]> })
  .strict()
  .meta({
    id: 'AttestationSettingsModel',
    description: 'Project-designed: the questions a person answers at clock-off. Per business; kiosks receive it with their policy and ask offline.',
  });
export type AttestationSettingsModel = z.infer<typeof AttestationSettingsModel>;

export const AttestationAnswerModel = z
  .object({
    question: z.enum(ATTESTATION_QUESTIONS),
    version: t.int32.min(1).meta({ description: "The version of the question's wording the person was shown." }),
    answer: z.enum(ATTESTATION_ANSWERS).meta({ description: 'One of the answers that version offers (docs/attestations.md).' }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problem = answerProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['answer'] });
  })
  .meta({ id: 'AttestationAnswerModel', description: 'One answered question, with the version of the wording asked.' });
export type AttestationAnswerModel = z.infer<typeof AttestationAnswerModel>;

export const AttestationInputModel = z
  .object({
    employeeId: t.int32,
    punchKey: t
      .text(maxTextLength('keyId'))
      .min(1, 'punchKey is required')
      .meta({ description: 'The Idempotency-Key the clock-off was sent with (the kiosk sends the answers right after it).' }),
    clockOffRecordedTimeUtc: t.dateTimeInput.meta({ description: "The clock-off's recordedTimeUtc, exactly as sent." }),
    answers: z
      .array(AttestationAnswerModel)
      .min(1, 'at least one answer is required')
      .max(ATTESTATION_QUESTIONS.length)
      .refine((answers) => new Set(answers.map((a) => a.question)).size === answers.length, 'a question is answered twice'),
  })
  .strict()
  .meta({ id: 'AttestationInputModel', description: 'What a person answered at clock-off.' });
export type AttestationInputModel = z.input<typeof AttestationInputModel>;

export const AttestationModel = z
  .object({
    id: t.int32,
    employeeId: t.int32,
    employeeName: z.string(),
    kioskId: t.int32,
    shiftId: t.int32.nullable().meta({ description: 'The clocked shift; null when its clock-off never reached the service.' }),
    timesheetLineId: t.int32.nullable(),
    clockOffUtc: t.dateTime,
    answers: z.array(AttestationAnswerModel),
    reportsMissedBreak: z.boolean().meta({ description: 'An answer says a break the person was owed was not taken: the line is flagged (not approved by itself).' }),
    receivedUtc: t.dateTime,
  })
  .meta({ id: 'AttestationModel', description: 'What a person answered at a clock-off, with the versions of the wording they were shown.' });
export type AttestationModel = z.infer<typeof AttestationModel>;
