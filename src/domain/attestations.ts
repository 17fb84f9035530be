/**
 * Attestations at clock-off: the questions a business may ask as a person leaves ("Did you get
 * your meal break?"), each with fixed answers and versioned wording, and the rule that decides
 * which are asked for a finished shift. Pure and shared: the kiosk decides offline what to ask
 * from the shift it holds, the service checks every stored answer against the same catalogue.
 *
 * The wording of each version is in the i18n messages (`attest.<question>.v<version>...`); the
 * record keeps the question, the version and the answer's code, so what a person was asked can
 * always be read back, even after the wording changed (a new wording is a new version).
 */
import type { BreakRuleProfile, KnownBreaks } from './breakRules';

export const ATTESTATION_QUESTIONS = ['MealBreak', 'Injury'] as const;
export type AttestationQuestionId = (typeof ATTESTATION_QUESTIONS)[number];

/** Every answer code any version of any question offers (the wire's enum). */
export const ATTESTATION_ANSWERS = ['Yes', 'NotAble', 'ChoseToSkip', 'NoInjury', 'Injured'] as const;
export type AttestationAnswer = (typeof ATTESTATION_ANSWERS)[number];

export interface AttestationWording {
  /** The answers offered, in the order they are shown. */
  answers: readonly AttestationAnswer[];
  /** Answers that say a break the person was owed was not taken: they flag the timesheet line. */
  missedBreak: readonly AttestationAnswer[];
}

export interface AttestationQuestion {
  id: AttestationQuestionId;
  /** The version asked now; older versions stay readable. */
  current: number;
  versions: Readonly<Record<number, AttestationWording>>;
}

export const ATTESTATION_QUESTION: Readonly<Record<AttestationQuestionId, AttestationQuestion>> = {
  // "Did you get your meal break?" — "Yes" / "No, I wasn't able to" / "No, I chose to skip it".
  MealBreak: { id: 'MealBreak', current: 1, versions: { 1: { answers: ['Yes', 'NotAble', 'ChoseToSkip'], missedBreak: ['NotAble', 'ChoseToSkip'] } } },
  // "Are you leaving work free of any injury?" — "Yes, no injury" / "No, I was hurt at work".
  Injury: { id: 'Injury', current: 1, versions: { 1: { answers: ['NoInjury', 'Injured'], missedBreak: [] } } },
};

/** When a question is asked: always, when the shift was longer than `hours`, or when the profile's meal break was missed. */
export const ATTESTATION_TRIGGERS = ['Always', 'ShiftLongerThan', 'MealBreakMissed'] as const;
export type AttestationTrigger = (typeof ATTESTATION_TRIGGERS)[number];

export interface AttestationRule {
  question: AttestationQuestionId;
  askWhen: AttestationTrigger;
  /** For `ShiftLongerThan`: the shift's length (clock-on to clock-off, real time) it must exceed. */
  hours: number;
}

/** A business's attestation setting: the questions asked at clock-off, in order, each at most once. */
export interface AttestationSettings {
  rules: AttestationRule[];
}

export const NO_ATTESTATIONS: AttestationSettings = { rules: [] };

/** One question as it is asked, or was answered. */
export interface AskedQuestion {
  question: AttestationQuestionId;
  version: number;
}

export interface AttestationAnswerRecord extends AskedQuestion {
  answer: AttestationAnswer;
}

/** A shift at its clock-off, as the kiosk (or the service) knows it. */
export interface FinishedShift {
  start: Date;
  end: Date;
  /** Breaks of the shift; one still open at the clock-off ends with it. */
  breaks: KnownBreaks;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How many of the profile's meal breaks the shift missed: a deadline (the 5th hour, the 10th...)
 * passed before the clock-off, and fewer breaks of the minimum length had begun by then than the
 * deadlines up to it ask for. The deadline's minute itself is still on time ("by the end of the
 * 5th hour"), so a clock-off at exactly 5 hours owes no meal break. A break punched late counts
 * for a later deadline, not for the one it missed.
 */
export function missedMealBreaks(profile: BreakRuleProfile, shift: FinishedShift): number {
  const rule = profile.mealBreak;
  if (!rule) return 0;
  const endMs = shift.end.getTime();
  const startsOfLongEnough = shift.breaks
    .filter((b) => Math.min((b.end ?? shift.end).getTime(), endMs) - b.start.getTime() >= rule.minimumMinutes * MINUTE)
    .map((b) => b.start.getTime())
    .sort((a, b) => a - b);
  const deadlines = rule.secondDueWithinMinutes === undefined ? [rule.dueWithinMinutes] : [rule.dueWithinMinutes, rule.secondDueWithinMinutes];
  let missed = 0;
  deadlines.forEach((minutes, index) => {
    const deadline = shift.start.getTime() + minutes * MINUTE;
    if (endMs <= deadline) return;
    const begunInTime = startsOfLongEnough.filter((at) => at <= deadline).length;
    if (begunInTime < index + 1) missed += 1;
  });
  return missed;
}

/** True when the rule asks its question at the clock-off of this shift under this profile. */
function ruleApplies(rule: AttestationRule, profile: BreakRuleProfile, shift: FinishedShift): boolean {
  switch (rule.askWhen) {
    case 'Always':
      return true;
    case 'ShiftLongerThan':
      return shift.end.getTime() - shift.start.getTime() > rule.hours * HOUR;
    case 'MealBreakMissed':
      return missedMealBreaks(profile, shift) > 0;
  }
}

/** The questions to ask at this clock-off, in the setting's order, each once, in its current version. */
export function attestationsDue(settings: AttestationSettings, profile: BreakRuleProfile, shift: FinishedShift): AskedQuestion[] {
  const asked = new Set<AttestationQuestionId>();
  const out: AskedQuestion[] = [];
  for (const rule of settings.rules) {
    if (asked.has(rule.question) || !ruleApplies(rule, profile, shift)) continue;
    asked.add(rule.question);
    out.push({ question: rule.question, version: ATTESTATION_QUESTION[rule.question].current });
  }
  return out;
}

/** Why an answer cannot be kept (an unknown version, an answer that version does not offer), or null. */
export function answerProblem(record: AttestationAnswerRecord): string | null {
  const wording = ATTESTATION_QUESTION[record.question].versions[record.version];
  if (!wording) return `The question ${record.question} has no version ${record.version}.`;
  if (!wording.answers.includes(record.answer)) return `${record.answer} is not an answer to ${record.question} (version ${record.version}).`;
  return null;
}

/** Why a set of answers cannot be kept (none, a question twice, a bad answer), or null. */
export function answersProblem(records: readonly AttestationAnswerRecord[]): string | null {
  if (records.length === 0) return 'At least one answer is required.';
  const seen = new Set<AttestationQuestionId>();
  for (const record of records) {
    if (seen.has(record.question)) return `The question ${record.question} is answered twice.`;
    seen.add(record.question);
    const problem = answerProblem(record);
    if (problem) return problem;
  }
  return null;
}

/** True when an answer says a break the person was owed was not taken (the line is flagged). */
export function reportsMissedBreak(records: readonly AttestationAnswerRecord[]): boolean {
  return records.some((r) => ATTESTATION_QUESTION[r.question].versions[r.version]?.missedBreak.includes(r.answer) ?? false);
}

/** The answers as one export cell: `MealBreak v1: NotAble; Injury v1: NoInjury`. */
export function answersText(records: readonly AttestationAnswerRecord[]): string {
  return records.map((r) => `${r.question} v${r.version}: ${r.answer}`).join('; ');
}
