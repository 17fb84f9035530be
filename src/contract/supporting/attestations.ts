/**
 * Project extension: attestations at clock-off (the vendor API has none). The business's setting
 * (which questions are asked, and when), the business's own wording of a question (each edit a
 * new version), the answers a kiosk sends right after the clock-off they belong to, and the stored
 * attestation managers read. Questions, versions and answers are the domain's
 * (domain/attestations.ts); the built-in wording of each version is in docs/attestations.md.
 * Plain zod, shared with the client.
 */
import { z } from 'zod';
import {
  ATTESTATION_ANSWERS,
  ATTESTATION_QUESTIONS,
  ATTESTATION_TRIGGERS,
  ATTESTATION_QUESTION,
  isAnswerOf,
  type AttestationRule,
  type AttestationSettings,
  type WrittenWording,
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

const answerShape = {
  question: z.enum(ATTESTATION_QUESTIONS),
  version: t.int32.min(1).meta({ description: "The version of the question's wording the person was shown (built-in, or the business's own: `/attestationwording`)." }),
  answer: z.enum(ATTESTATION_ANSWERS).meta({ description: 'One of the answers that version offers (docs/attestations.md).' }),
};

/** An answer code the question never offers is refused here; whether the version exists is the business's (the service checks). */
const answerOfQuestion = (value: { question: (typeof ATTESTATION_QUESTIONS)[number]; answer: (typeof ATTESTATION_ANSWERS)[number] }, ctx: z.RefinementCtx) => {
  if (!isAnswerOf(value.question, value.answer)) ctx.addIssue({ code: 'custom', message: `${value.answer} is not an answer to ${value.question}.`, path: ['answer'] });
};

export const AttestationAnswerModel = z
  .object(answerShape)
  .strict()
  .superRefine(answerOfQuestion)
  .meta({ id: 'AttestationAnswerModel', description: 'One answered question, with the version of the wording asked.' });
export type AttestationAnswerModel = z.infer<typeof AttestationAnswerModel>;

/** An answer as managers read it: with the words shown when the version is the business's own. */
export const AttestedAnswerModel = z
  .object({
    ...answerShape,
    questionText: z.string().optional().meta({ description: "The question as the person was shown it, when the version is the business's own wording (the same in every language). Absent: the built-in wording of that version (docs/attestations.md), in the kiosk's language." }),
    answerText: z.string().optional().meta({ description: "The answer as the person was shown it, when the version is the business's own wording." }),
  })
  .meta({ id: 'AttestedAnswerModel', description: 'One answered question as kept: the version of the wording asked, and its words when the business wrote them.' });
export type AttestedAnswerModel = z.infer<typeof AttestedAnswerModel>;

/** Wording a manager writes: trimmed, never blank, bounded, one line (a tablet shows it as a label). */
const wordingText = (max: number) =>
  t
    .text(max)
    .trim()
    .min(1, 'must not be blank')
    .regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u, 'must be one line of visible text (no control or formatting characters)');
const QUESTION_TEXT_MAX = maxTextLength('text', 'AttestationWordingInputModel');
const ANSWER_TEXT_MAX = maxTextLength('text', 'AttestationAnswerWordingModel');

export const AttestationAnswerWordingModel = z
  .object({
    answer: z.enum(ATTESTATION_ANSWERS),
    text: wordingText(ANSWER_TEXT_MAX).meta({ description: `The words of this answer (1 to ${ANSWER_TEXT_MAX} characters, trimmed).` }),
  })
  .strict()
  .meta({ id: 'AttestationAnswerWordingModel', description: 'The words of one fixed answer.' });

export const AttestationWordingInputModel = z
  .object({
    question: z.enum(ATTESTATION_QUESTIONS),
    text: wordingText(QUESTION_TEXT_MAX).meta({ description: `The question (1 to ${QUESTION_TEXT_MAX} characters, trimmed).` }),
    answers: z
      .array(AttestationAnswerWordingModel)
      .max(ATTESTATION_ANSWERS.length)
      .meta({ description: "The words of every answer the question's current built-in version offers, each once (any order; they are shown in the built-in order)." }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const builtIn = ATTESTATION_QUESTION[value.question];
    const offered = builtIn.versions[builtIn.current]?.answers ?? [];
    const given = value.answers.map((a) => a.answer);
    if (given.length !== offered.length || offered.some((answer) => !given.includes(answer)))
      ctx.addIssue({ code: 'custom', message: `${value.question} needs the words of exactly these answers, each once: ${offered.join(', ')}.`, path: ['answers'] });
  })
  .meta({
    id: 'AttestationWordingInputModel',
    description: "A business's own wording of a question and its fixed answers: a new version; the answers keep their meaning (a missed break still flags the line).",
  });
export type AttestationWordingInputModel = z.input<typeof AttestationWordingInputModel>;

export const AttestationWordingModel = z
  .object({
    question: z.enum(ATTESTATION_QUESTIONS),
    version: t.int32.min(2).meta({ description: 'This wording\'s version: after every built-in and earlier version of the question.' }),
    basedOn: t.int32.min(1).meta({ description: 'The built-in version whose answers, and their meaning, this wording keeps.' }),
    text: z.string(),
    answers: z.array(z.object({ answer: z.enum(ATTESTATION_ANSWERS), text: z.string() })).meta({ description: "The answers' words, in the order shown." }),
    createdUtc: t.dateTime.optional().meta({ description: 'When a manager wrote it (absent in a kiosk policy).' }),
  } satisfies { [K in keyof WrittenWording]-?: z.ZodType<WrittenWording[K]> } & { createdUtc: z.ZodType })
  .meta({ id: 'AttestationWordingModel', description: "A business's own wording of a question: one version, never changed once written." });
export type AttestationWordingModel = z.infer<typeof AttestationWordingModel>;

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
    answers: z.array(AttestedAnswerModel),
    reportsMissedBreak: z.boolean().meta({ description: 'An answer says a break the person was owed was not taken: the line is flagged (not approved by itself).' }),
    receivedUtc: t.dateTime,
  })
  .meta({ id: 'AttestationModel', description: 'What a person answered at a clock-off, with the versions of the wording they were shown.' });
export type AttestationModel = z.infer<typeof AttestationModel>;
