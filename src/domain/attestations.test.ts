import { describe, expect, it } from 'vitest';
import {
  answersProblem,
  answersText,
  attestationsDue,
  currentVersion,
  missedMealBreaks,
  nextWrittenVersion,
  reportsMissedBreak,
  type AttestationSettings,
  type FinishedShift,
  type WrittenWording,
} from './attestations';
import { BREAK_RULE_PROFILE } from './breakRules';

const at = (iso: string) => new Date(iso);
const { UK, CA, None } = BREAK_RULE_PROFILE;
const start = at('2026-06-10T15:30:00Z'); // 08:30 in Los Angeles
const shift = (endIso: string, breaks: FinishedShift['breaks'] = []): FinishedShift => ({ start, end: at(endIso), breaks });
const meal: AttestationSettings = { rules: [{ question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 }] };

describe('missed meal breaks', () => {
  it('owes nothing for a clock-off at the end of the 5th hour exactly, one a second after (California)', () => {
    expect(missedMealBreaks(CA, shift('2026-06-10T20:30:00Z'))).toBe(0);
    expect(missedMealBreaks(CA, shift('2026-06-10T20:30:01Z'))).toBe(1);
  });

  it('counts a 30-minute break begun by the deadline, not a shorter one nor one begun late', () => {
    const onTime = [{ start: at('2026-06-10T20:00:00Z'), end: at('2026-06-10T20:30:00Z') }];
    const short = [{ start: at('2026-06-10T20:00:00Z'), end: at('2026-06-10T20:29:00Z') }];
    const late = [{ start: at('2026-06-10T20:31:00Z'), end: at('2026-06-10T21:01:00Z') }];
    expect(missedMealBreaks(CA, shift('2026-06-10T23:30:00Z', onTime))).toBe(0);
    expect(missedMealBreaks(CA, shift('2026-06-10T23:30:00Z', short))).toBe(1);
    expect(missedMealBreaks(CA, shift('2026-06-10T23:30:00Z', late))).toBe(1);
  });

  it('asks a second meal period after the 10th hour in California', () => {
    const one = [{ start: at('2026-06-10T19:00:00Z'), end: at('2026-06-10T19:30:00Z') }];
    expect(missedMealBreaks(CA, shift('2026-06-11T01:30:00Z', one))).toBe(0);
    expect(missedMealBreaks(CA, shift('2026-06-11T01:31:00Z', one))).toBe(1);
    expect(missedMealBreaks(CA, shift('2026-06-11T01:31:00Z'))).toBe(2);
  });

  it('has nothing to miss without a profile; the UK break is due after 6 hours', () => {
    expect(missedMealBreaks(None, shift('2026-06-11T03:30:00Z'))).toBe(0);
    expect(missedMealBreaks(UK, shift('2026-06-10T21:30:00Z'))).toBe(0);
    expect(missedMealBreaks(UK, shift('2026-06-10T21:31:00Z'))).toBe(1);
  });
});

describe('which questions are asked', () => {
  it('asks the meal question only when the profile says a meal break was missed', () => {
    expect(attestationsDue(meal, CA, shift('2026-06-10T20:30:00Z'))).toEqual([]);
    expect(attestationsDue(meal, CA, shift('2026-06-10T20:31:00Z'))).toEqual([{ question: 'MealBreak', version: 1 }]);
    expect(attestationsDue(meal, None, shift('2026-06-10T23:31:00Z'))).toEqual([]);
  });

  it('asks by shift length (more than N hours), always, in the setting order and each question once', () => {
    const settings: AttestationSettings = {
      rules: [
        { question: 'Injury', askWhen: 'Always', hours: 0 },
        { question: 'MealBreak', askWhen: 'ShiftLongerThan', hours: 4 },
        { question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 },
      ],
    };
    expect(attestationsDue(settings, None, shift('2026-06-10T19:30:00Z'))).toEqual([{ question: 'Injury', version: 1 }]);
    expect(attestationsDue(settings, CA, shift('2026-06-10T19:31:00Z'))).toEqual([
      { question: 'Injury', version: 1 },
      { question: 'MealBreak', version: 1 },
    ]);
    expect(attestationsDue(settings, CA, shift('2026-06-10T21:00:00Z'))).toHaveLength(2);
  });
});

describe('answers', () => {
  it('accepts the fixed answers of a known version and says what is wrong otherwise', () => {
    expect(answersProblem([{ question: 'MealBreak', version: 1, answer: 'NotAble' }])).toBeNull();
    expect(answersProblem([])).toMatch(/at least one/i);
    expect(answersProblem([{ question: 'MealBreak', version: 2, answer: 'Yes' }])).toMatch(/no version 2/);
    expect(answersProblem([{ question: 'MealBreak', version: 1, answer: 'Injured' }])).toMatch(/not an answer/);
    expect(
      answersProblem([
        { question: 'MealBreak', version: 1, answer: 'Yes' },
        { question: 'MealBreak', version: 1, answer: 'NotAble' },
      ]),
    ).toMatch(/twice/);
  });

  it('flags a line for an answer that reports a missed break, whichever reason', () => {
    expect(reportsMissedBreak([{ question: 'MealBreak', version: 1, answer: 'Yes' }])).toBe(false);
    expect(reportsMissedBreak([{ question: 'MealBreak', version: 1, answer: 'NotAble' }])).toBe(true);
    expect(reportsMissedBreak([{ question: 'MealBreak', version: 1, answer: 'ChoseToSkip' }])).toBe(true);
    expect(reportsMissedBreak([{ question: 'Injury', version: 1, answer: 'Injured' }])).toBe(false);
  });

  it('writes the answers as one export cell with their versions', () => {
    expect(
      answersText([
        { question: 'MealBreak', version: 1, answer: 'NotAble' },
        { question: 'Injury', version: 1, answer: 'NoInjury' },
      ]),
    ).toBe('MealBreak v1: NotAble; Injury v1: NoInjury');
  });
});

describe("a business's own wording", () => {
  const lunch = (version: number, text: string): WrittenWording => ({
    question: 'MealBreak',
    version,
    basedOn: 1,
    text,
    answers: [
      { answer: 'Yes', text: 'Yes, I had lunch' },
      { answer: 'NotAble', text: 'No, too busy' },
      { answer: 'ChoseToSkip', text: 'No, my choice' },
    ],
  });
  const written = [lunch(2, 'Lunch taken?'), lunch(3, 'Did you take your lunch?')];
  const always: AttestationSettings = { rules: [{ question: 'MealBreak', askWhen: 'Always', hours: 0 }, { question: 'Injury', askWhen: 'Always', hours: 0 }] };

  it('numbers each edit after every version before it, and asks the latest', () => {
    expect(nextWrittenVersion('MealBreak', [])).toBe(2);
    expect(nextWrittenVersion('MealBreak', written)).toBe(4);
    expect(nextWrittenVersion('Injury', written)).toBe(2);
    expect(currentVersion('MealBreak', written)).toBe(3);
    expect(currentVersion('Injury', written)).toBe(1);
    expect(attestationsDue(always, None, shift('2026-06-10T16:30:00Z'), written)).toEqual([
      { question: 'MealBreak', version: 3 },
      { question: 'Injury', version: 1 },
    ]);
    // Without the business's wordings (an older policy), the built-in versions are asked.
    expect(attestationsDue(always, None, shift('2026-06-10T16:30:00Z'))).toEqual([
      { question: 'MealBreak', version: 1 },
      { question: 'Injury', version: 1 },
    ]);
  });

  it('keeps the meaning of the answers: an old version is still known, a missed break still flags, an unknown version is refused', () => {
    expect(answersProblem([{ question: 'MealBreak', version: 2, answer: 'NotAble' }], written)).toBeNull();
    expect(reportsMissedBreak([{ question: 'MealBreak', version: 2, answer: 'NotAble' }], written)).toBe(true);
    expect(reportsMissedBreak([{ question: 'MealBreak', version: 3, answer: 'Yes' }], written)).toBe(false);
    expect(answersProblem([{ question: 'MealBreak', version: 4, answer: 'Yes' }], written)).toMatch(/no version 4/);
    expect(answersProblem([{ question: 'MealBreak', version: 2, answer: 'Injured' }], written)).toMatch(/not an answer/);
    expect(answersProblem([{ question: 'Injury', version: 2, answer: 'Injured' }], written)).toMatch(/no version 2/);
  });

  it('quotes the words shown in the export cell for a written version, the codes alone for a built-in one', () => {
    expect(
      answersText(
        [
          { question: 'MealBreak', version: 2, answer: 'NotAble' },
          { question: 'Injury', version: 1, answer: 'NoInjury' },
        ],
        written,
      ),
    ).toBe('MealBreak v2 (Lunch taken?): NotAble (No, too busy); Injury v1: NoInjury');
  });
});
