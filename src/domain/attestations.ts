/**
 * Attestations at clock-off: the questions a business may ask as a person leaves ("Did you get
 * your meal break?"), each with fixed answers and versioned wording, and the rule that decides
 * which are asked for a finished shift. Pure and shared: the kiosk decides offline what to ask
 * from the shift it holds, the service checks every stored answer against the same catalogue.
 *
 * The built-in wording of each version is in the i18n messages (`attest.<question>.v<version>...`,
 * en and es). A business may write its own wording: each edit is a new version numbered after
 * every version before it, keeping the answers (and their meaning) of the built-in version it is
 * based on, and shown as written in every language. The record keeps the question, the version
 * and the answer's code, so what a person was asked can always be read back, even after the
 * wording changed.
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

/** A business's own wording of a question, written by a manager: a version of its own. */
export interface WrittenWording {
  question: AttestationQuestionId;
  version: number;
  /** The built-in version whose answers, and which of them report a missed break, this wording keeps. */
  basedOn: number;
  text: string;
  /** The text of each answer of that built-in version, in its order. */
  answers: { answer: AttestationAnswer; text: string }[];
}

/** The wordings a business wrote (all of them, or just the current ones a kiosk holds); empty: built-in only. */
export type WrittenWordings = readonly WrittenWording[];

/** The business's own wording of this version of the question, if it wrote one. */
export function writtenWording(question: AttestationQuestionId, version: number, written: WrittenWordings): WrittenWording | undefined {
  return written.find((w) => w.question === question && w.version === version);
}

/**
 * What a version offers: a written version offers its built-in base's answers. A business's own
 * versions come first, so a built-in version added to the code later never changes what an old
 * answer meant.
 */
export function wordingOf(question: AttestationQuestionId, version: number, written: WrittenWordings = []): AttestationWording | undefined {
  const own = writtenWording(question, version, written);
  return ATTESTATION_QUESTION[question].versions[own ? own.basedOn : version];
}

/** The version asked now: the latest the business wrote, else the built-in current one. */
export function currentVersion(question: AttestationQuestionId, written: WrittenWordings = []): number {
  const own = written.filter((w) => w.question === question).map((w) => w.version);
  return own.length > 0 ? Math.max(...own) : ATTESTATION_QUESTION[question].current;
}

/** The number of a new written version: after every built-in and written version of the question. */
export function nextWrittenVersion(question: AttestationQuestionId, written: WrittenWordings): number {
  const builtIn = Object.keys(ATTESTATION_QUESTION[question].versions).map(Number);
  const own = written.filter((w) => w.question === question).map((w) => w.version);
  return Math.max(...builtIn, ...own) + 1;
}

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
export function attestationsDue(settings: AttestationSettings, profile: BreakRuleProfile, shift: FinishedShift, written: WrittenWordings = []): AskedQuestion[] {
  const asked = new Set<AttestationQuestionId>();
  const out: AskedQuestion[] = [];
  for (const rule of settings.rules) {
    if (asked.has(rule.question) || !ruleApplies(rule, profile, shift)) continue;
    asked.add(rule.question);
    out.push({ question: rule.question, version: currentVersion(rule.question, written) });
  }
  return out;
}

/** Why an answer cannot be kept (an unknown version, an answer that version does not offer), or null. */
export function answerProblem(record: AttestationAnswerRecord, written: WrittenWordings = []): string | null {
  const wording = wordingOf(record.question, record.version, written);
  if (!wording) return `The question ${record.question} has no version ${record.version}.`;
  if (!wording.answers.includes(record.answer)) return `${record.answer} is not an answer to ${record.question} (version ${record.version}).`;
  return null;
}

/** Why a set of answers cannot be kept (none, a question twice, a bad answer), or null. */
export function answersProblem(records: readonly AttestationAnswerRecord[], written: WrittenWordings = []): string | null {
  if (records.length === 0) return 'At least one answer is required.';
  const seen = new Set<AttestationQuestionId>();
  for (const record of records) {
    if (seen.has(record.question)) return `The question ${record.question} is answered twice.`;
    seen.add(record.question);
    const problem = answerProblem(record, written);
    if (problem) return problem;
  }
  return null;
}

/** True when an answer says a break the person was owed was not taken (the line is flagged). */
export function reportsMissedBreak(records: readonly AttestationAnswerRecord[], written: WrittenWordings = []): boolean {
  return records.some((r) => wordingOf(r.question, r.version, written)?.missedBreak.includes(r.answer) ?? false);
}

/** True when an answer code is offered by some built-in version of the question (every written version keeps one's answers). */
export function isAnswerOf(question: AttestationQuestionId, answer: AttestationAnswer): boolean {
  return Object.values(ATTESTATION_QUESTION[question].versions).some((w) => w.answers.includes(answer));
}

/**
 * The answers as one export cell: `MealBreak v1: NotAble; Injury v1: NoInjury`; an answer to a
 * business's own wording also quotes the words shown: `MealBreak v2 (Lunch taken?): NotAble (Too busy)`.
 */
export function answersText(records: readonly AttestationAnswerRecord[], written: WrittenWordings = []): string {
  return records
    .map((r) => {
      const own = writtenWording(r.question, r.version, written);
      if (!own) return `${r.question} v${r.version}: ${r.answer}`;
      const answerText = own.answers.find((a) => a.answer === r.answer)?.text ?? '';
      return `${r.question} v${r.version} (${own.text}): ${r.answer} (${answerText})`;
    })
    .join('; ');
}
