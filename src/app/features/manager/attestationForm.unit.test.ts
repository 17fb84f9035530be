import { describe, expect, it } from 'vitest';
import { DEFAULT_LONGER_THAN_HOURS, parseHours, questionChoices, withQuestion } from './attestationForm';

describe('the attestation card per question', () => {
  it('shows nothing ticked and the default hours when nothing is asked', () => {
    expect(questionChoices({ rules: [] })).toEqual([
      { question: 'MealBreak', triggers: [], hours: DEFAULT_LONGER_THAN_HOURS },
      { question: 'Injury', triggers: [], hours: DEFAULT_LONGER_THAN_HOURS },
    ]);
  });

  it('groups the rules by question in the order they are asked, two "longer than" rules as the shorter', () => {
    const choices = questionChoices({
      rules: [
        { question: 'Injury', askWhen: 'ShiftLongerThan', hours: 8 },
        { question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 },
        { question: 'Injury', askWhen: 'ShiftLongerThan', hours: 4.5 },
      ],
    });
    expect(choices).toEqual([
      { question: 'Injury', triggers: ['ShiftLongerThan'], hours: 4.5 },
      { question: 'MealBreak', triggers: ['MealBreakMissed'], hours: DEFAULT_LONGER_THAN_HOURS },
    ]);
  });

  it('rewrites only the changed question, keeping its place; a question newly asked goes last', () => {
    const stored = { rules: [{ question: 'Injury' as const, askWhen: 'Always' as const, hours: 0 }] };
    const both = withQuestion(stored, { question: 'MealBreak', triggers: ['MealBreakMissed', 'ShiftLongerThan'], hours: 6 });
    expect(both.rules).toEqual([
      { question: 'Injury', askWhen: 'Always', hours: 0 },
      { question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 },
      { question: 'MealBreak', askWhen: 'ShiftLongerThan', hours: 6 },
    ]);
    const injuryLonger = withQuestion(both, { question: 'Injury', triggers: ['ShiftLongerThan'], hours: 10 });
    expect(injuryLonger.rules[0]).toEqual({ question: 'Injury', askWhen: 'ShiftLongerThan', hours: 10 });
    expect(injuryLonger.rules).toHaveLength(3);
    expect(withQuestion(injuryLonger, { question: 'Injury', triggers: [], hours: 10 }).rules.map((r) => r.question)).toEqual(['MealBreak', 'MealBreak']);
  });

  it('reads hours from 0 to 24 with at most two decimals, a comma too', () => {
    expect(parseHours('6')).toBe(6);
    expect(parseHours(' 7,5 ')).toBe(7.5);
    expect(parseHours('0')).toBe(0);
    expect(parseHours('24')).toBe(24);
    for (const bad of ['', '25', '-1', 'six', '1.234', '6h']) expect(parseHours(bad), bad).toBeNull();
  });
});
