/**
 * The Settings card's view of the attestation setting: for each question, the triggers that ask it
 * (ticked boxes) and the hours a shift must exceed. The stored setting is a list of rules, each
 * asking one question on one trigger; the card shows it per question, and a change to one question
 * rewrites only that question's rules, so rules saved through the API for the others stay as they
 * are. Two "longer than" rules for one question ask it as the shorter one does, so they are shown
 * (and saved) as that one.
 */
import { ATTESTATION_QUESTIONS, type AttestationQuestionId, type AttestationRule, type AttestationSettings, type AttestationTrigger } from '../../../domain/attestations';

/** Hours offered when "longer than" is first ticked. */
export const DEFAULT_LONGER_THAN_HOURS = 6;

export interface QuestionChoice {
  question: AttestationQuestionId;
  triggers: AttestationTrigger[];
  /** The hours of its "longer than" rule (the default while it has none). */
  hours: number;
}

/** The questions in the order they are asked (the setting's, then the catalogue's for the rest), each with its triggers. */
export function questionChoices(settings: AttestationSettings): QuestionChoice[] {
  const order = [...new Set([...settings.rules.map((r) => r.question), ...ATTESTATION_QUESTIONS])];
  return order.map((question) => {
    const rules = settings.rules.filter((r) => r.question === question);
    const longer = rules.filter((r) => r.askWhen === 'ShiftLongerThan').map((r) => r.hours);
    return {
      question,
      triggers: [...new Set(rules.map((r) => r.askWhen))],
      hours: longer.length > 0 ? Math.min(...longer) : DEFAULT_LONGER_THAN_HOURS,
    };
  });
}

/** The setting with one question's choice replaced (its place in the order kept; a question newly asked goes last). */
export function withQuestion(settings: AttestationSettings, choice: QuestionChoice): AttestationSettings {
  const rulesOf = (c: QuestionChoice): AttestationRule[] => c.triggers.map((askWhen) => ({ question: c.question, askWhen, hours: askWhen === 'ShiftLongerThan' ? c.hours : 0 }));
  // Questions not asked yet come after the asked ones, so a newly asked one is asked last.
  const order = questionChoices(settings)
    .filter((c) => c.triggers.length > 0 || c.question === choice.question)
    .map((c) => (c.question === choice.question ? choice : c));
  return { rules: order.flatMap(rulesOf) };
}

/** The hours typed, when they are a number the setting accepts (0 to 24, at most two decimals); else null. */
export function parseHours(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return null;
  const hours = Number(trimmed);
  return hours >= 0 && hours <= 24 ? hours : null;
}
