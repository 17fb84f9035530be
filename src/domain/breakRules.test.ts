import { describe, expect, it } from 'vitest';
import {
  BREAK_RULE_PROFILE,
  breaksFromState,
  effectiveMinimumRestMinutes,
  isMealBreakOverdue,
  lastShiftEnd,
  lineRoundingRules,
  mealBreakDueBy,
  restShownMs,
  shortRest,
} from './breakRules';
import { NO_ROUNDING, roundShift, type RoundingRules } from './rounding';
import { toLocalDateTime } from './time';

const at = (iso: string) => new Date(iso);
const local = (d: Date | null, zone: string) => (d ? toLocalDateTime(d, zone).slice(11, 16) : null);
const { UK, AU, CA, None } = BREAK_RULE_PROFILE;
const LONDON = 'Europe/London';
const LA = 'America/Los_Angeles';
const SYDNEY = 'Australia/Sydney';

describe('meal break due', () => {
  it('is due by the end of the 5th hour in California and on time at that minute exactly, late a second after', () => {
    const start = at('2026-06-10T15:30:00Z'); // 08:30 PDT
    const dueBy = mealBreakDueBy(CA, start, []);
    expect(local(dueBy, LA)).toBe('13:30');
    expect(isMealBreakOverdue(dueBy!, at('2026-06-10T20:30:00Z'))).toBe(false);
    expect(isMealBreakOverdue(dueBy!, at('2026-06-10T20:30:01Z'))).toBe(true);
  });

  it('is due after 6 hours in the UK and 5 in Australia; never without a profile', () => {
    const start = at('2026-01-12T09:00:00Z');
    expect(local(mealBreakDueBy(UK, start, []), LONDON)).toBe('15:00');
    expect(local(mealBreakDueBy(AU, start, []), 'UTC')).toBe('14:00');
    expect(mealBreakDueBy(None, start, [])).toBeNull();
  });

  it('is met by a break of at least the minimum length, not by a shorter one', () => {
    const start = at('2026-01-12T09:00:00Z');
    const br = (from: string, minutes: number) => ({ start: at(from), end: new Date(at(from).getTime() + minutes * 60_000) });
    expect(mealBreakDueBy(UK, start, [br('2026-01-12T11:00:00Z', 20)])).toBeNull();
    expect(mealBreakDueBy(UK, start, [br('2026-01-12T11:00:00Z', 19)])).not.toBeNull();
    expect(mealBreakDueBy(CA, start, [br('2026-01-12T11:00:00Z', 29)])).not.toBeNull();
    expect(mealBreakDueBy(UK, start, [br('2026-01-12T11:00:00Z', 10), br('2026-01-12T12:00:00Z', 20)])).toBeNull();
    // On a break now: nothing is due while it runs.
    expect(mealBreakDueBy(CA, start, [{ start: at('2026-01-12T12:00:00Z'), end: null }])).toBeNull();
  });

  it('asks California for a second meal period by the end of the 10th hour, once the first was taken', () => {
    const start = at('2026-06-10T15:30:00Z'); // 08:30 PDT
    const meal = { start: at('2026-06-10T19:00:00Z'), end: at('2026-06-10T19:30:00Z') };
    expect(local(mealBreakDueBy(CA, start, [meal]), LA)).toBe('18:30');
    // A short break is not a meal period: the first is still due.
    expect(local(mealBreakDueBy(CA, start, [{ start: meal.start, end: at('2026-06-10T19:10:00Z') }]), LA)).toBe('13:30');
    expect(mealBreakDueBy(CA, start, [meal, { start: at('2026-06-11T00:00:00Z'), end: at('2026-06-11T00:30:00Z') }])).toBeNull();
    // The UK and Australian profiles ask for one.
    expect(mealBreakDueBy(UK, start, [{ start: meal.start, end: at('2026-06-10T19:20:00Z') }])).toBeNull();
    expect(mealBreakDueBy(AU, start, [meal])).toBeNull();
  });

  it('counts real hours across a night when the clocks change', () => {
    // Los Angeles springs forward at 02:00 on 8 March 2026: 22:00 PST plus 5 hours is 04:00 PDT on the wall.
    expect(local(mealBreakDueBy(CA, at('2026-03-08T06:00:00Z'), []), LA)).toBe('04:00');
    // It falls back at 02:00 PDT on 1 November 2026: 22:00 PDT plus 5 hours is 02:00 PST.
    expect(local(mealBreakDueBy(CA, at('2026-11-01T05:00:00Z'), []), LA)).toBe('02:00');
    // London falls back on 25 October 2026: 22:00 BST plus 6 hours is 03:00 GMT.
    expect(local(mealBreakDueBy(UK, at('2026-10-24T21:00:00Z'), []), LONDON)).toBe('03:00');
  });

  it('reads the breaks from the staff list only when nothing was punched since the clock-on', () => {
    const on = at('2026-01-12T09:00:00Z');
    expect(breaksFromState({ status: 'ClockedOn', clockOnTimeUtc: on, lastPunchTimeUtc: on })).toEqual([]);
    expect(breaksFromState({ status: 'ClockedOn', clockOnTimeUtc: on, lastPunchTimeUtc: at('2026-01-12T11:00:00Z') })).toBeNull();
    expect(breaksFromState({ status: 'OnBreak', clockOnTimeUtc: on, lastPunchTimeUtc: on })).toBeNull();
    expect(breaksFromState({ status: 'NotClockedOn', clockOnTimeUtc: null, lastPunchTimeUtc: null })).toBeNull();
  });
});

describe('the effective minimum rest', () => {
  it("is the business's own where it keeps one, else the profile's, else none", () => {
    expect(effectiveMinimumRestMinutes({ profile: 'UK' })).toBe(11 * 60);
    expect(effectiveMinimumRestMinutes({ profile: 'AU' })).toBe(12 * 60);
    expect(effectiveMinimumRestMinutes({ profile: 'AU', minimumRestMinutes: null })).toBe(12 * 60);
    expect(effectiveMinimumRestMinutes({ profile: 'AU', minimumRestMinutes: 600 })).toBe(600);
    expect(effectiveMinimumRestMinutes({ profile: 'UK', minimumRestMinutes: 720 })).toBe(720);
    expect(effectiveMinimumRestMinutes({ profile: 'CA' })).toBeNull();
    expect(effectiveMinimumRestMinutes({ profile: 'None' })).toBeNull();
    expect(effectiveMinimumRestMinutes({ profile: 'None', minimumRestMinutes: 90 })).toBe(90);
  });
});

describe('rest since the last shift', () => {
  const ended = at('2026-01-12T22:00:00Z');
  const hoursLater = (h: number, extraMs = 0) => new Date(ended.getTime() + h * 3_600_000 + extraMs);

  it('warns in the UK below 11 hours and not at 11 hours exactly', () => {
    expect(shortRest({ profile: 'UK' }, ended, hoursLater(11))).toBeNull();
    const short = shortRest({ profile: 'UK' }, ended, hoursLater(11, -1_000));
    expect(short).not.toBeNull();
    expect(restShownMs(short!)).toBe(10 * 3_600_000 + 59 * 60_000);
    expect(restShownMs(shortRest({ profile: 'UK' }, ended, hoursLater(8))!)).toBe(8 * 3_600_000);
  });

  it('warns in Australia (Retail Award) below 12 hours, so at 10 and 11; California has no such rule', () => {
    expect(shortRest({ profile: 'AU' }, ended, hoursLater(10))).not.toBeNull();
    expect(shortRest({ profile: 'AU' }, ended, hoursLater(11))).not.toBeNull();
    expect(shortRest({ profile: 'AU' }, ended, hoursLater(12))).toBeNull();
    expect(shortRest({ profile: 'CA' }, ended, hoursLater(10))).toBeNull();
    expect(shortRest({ profile: 'CA' }, ended, hoursLater(1))).toBeNull();
    expect(shortRest({ profile: 'None' }, ended, hoursLater(1))).toBeNull();
  });

  it('says nothing without a last shift, or one that ends after now', () => {
    expect(shortRest({ profile: 'UK' }, null, hoursLater(1))).toBeNull();
    expect(shortRest({ profile: 'UK' }, ended, hoursLater(-1))).toBeNull();
  });

  it('counts the real hours of a night when London changes its clocks', () => {
    // Autumn, 25 October 2026: 22:00 BST to 08:00 GMT is 10 hours on the wall and 11 real hours: no warning.
    expect(shortRest({ profile: 'UK' }, at('2026-10-24T21:00:00Z'), at('2026-10-25T08:00:00Z'))).toBeNull();
    // Spring, 29 March 2026: 21:00 GMT to 08:00 BST is 11 hours on the wall and 10 real hours: a warning.
    const spring = shortRest({ profile: 'UK' }, at('2026-03-28T21:00:00Z'), at('2026-03-29T07:00:00Z'));
    expect(spring && restShownMs(spring)).toBe(10 * 3_600_000);
  });

  it('counts the real hours of a night when Los Angeles changes its clocks (Australia profile at 12 hours)', () => {
    // 1 November 2026: 20:00 PDT to 07:00 PST is 11 hours on the wall and 12 real hours.
    expect(shortRest({ profile: 'AU' }, at('2026-11-01T03:00:00Z'), at('2026-11-01T15:00:00Z'))).toBeNull();
    // 8 March 2026: 20:00 PST to 08:00 PDT is 12 hours on the wall and 11 real hours.
    expect(shortRest({ profile: 'AU' }, at('2026-03-08T04:00:00Z'), at('2026-03-08T15:00:00Z'))).not.toBeNull();
  });

  it("counts real hours under the business's own 10 hours across the London fall-back night", () => {
    // 25 October 2026: a shift ends 21:30 BST; 10 real hours later is 06:30 GMT, 9 hours on the wall.
    const ended = at('2026-10-24T20:30:00Z');
    const after = (minutes: number) => new Date(ended.getTime() + minutes * 60_000);
    const own = { profile: 'UK', minimumRestMinutes: 600 } as const;
    const short = shortRest(own, ended, after(10 * 60 - 1));
    expect(short && restShownMs(short)).toBe(9 * 3_600_000 + 59 * 60_000);
    expect(short?.minimumMinutes).toBe(600);
    expect(local(short?.until ?? null, LONDON)).toBe('06:30');
    expect(shortRest(own, ended, after(10 * 60))).toBeNull();
    expect(shortRest(own, ended, after(11 * 60))).toBeNull();
    // The same night under the profile's 11 hours: 10 real hours are short, 11 are not.
    expect(shortRest({ profile: 'UK' }, ended, after(10 * 60))?.minimumMinutes).toBe(660);
    expect(shortRest({ profile: 'UK', minimumRestMinutes: null }, ended, after(11 * 60 - 1))).not.toBeNull();
    expect(shortRest({ profile: 'UK' }, ended, after(11 * 60))).toBeNull();
  });

  it("counts real hours under the business's own 10 hours across the Sydney fall-back night", () => {
    // 5 April 2026: 03:00 AEDT becomes 02:00 AEST. A shift ends 22:00 AEDT; 10 real hours later is 07:00 AEST, 9 on the wall.
    const ended = at('2026-04-04T11:00:00Z');
    const after = (minutes: number) => new Date(ended.getTime() + minutes * 60_000);
    const agreement = { profile: 'AU', minimumRestMinutes: 600 } as const;
    const short = shortRest(agreement, ended, after(10 * 60 - 1));
    expect(short && restShownMs(short)).toBe(9 * 3_600_000 + 59 * 60_000);
    expect(local(short?.until ?? null, SYDNEY)).toBe('07:00');
    expect(shortRest(agreement, ended, after(10 * 60))).toBeNull();
    expect(shortRest(agreement, ended, after(11 * 60))).toBeNull();
    // Without the agreement the Retail Award's 12 hours still ask for more at 10 and 11.
    expect(shortRest({ profile: 'AU' }, ended, after(10 * 60))).not.toBeNull();
    expect(shortRest({ profile: 'AU' }, ended, after(11 * 60))).not.toBeNull();
    expect(shortRest({ profile: 'AU' }, ended, after(12 * 60))).toBeNull();
  });

  it("counts real hours under the business's own 10 hours across the London spring-forward night (11 on the wall)", () => {
    // 29 March 2026: a shift ends 21:00 GMT; 08:00 BST is 11 hours on the wall, 10 real hours.
    const ended = at('2026-03-28T21:00:00Z');
    expect(shortRest({ profile: 'UK', minimumRestMinutes: 600 }, ended, at('2026-03-29T07:00:00Z'))).toBeNull();
    expect(shortRest({ profile: 'UK', minimumRestMinutes: 600 }, ended, at('2026-03-29T06:59:00Z'))).not.toBeNull();
    expect(shortRest({ profile: 'UK' }, ended, at('2026-03-29T07:00:00Z'))).not.toBeNull();
  });

  it('gives a rest rule under the profiles that have none when the business keeps its own minimum', () => {
    const ended = at('2026-01-12T22:00:00Z');
    expect(shortRest({ profile: 'None', minimumRestMinutes: 480 }, ended, at('2026-01-13T05:59:00Z'))?.minimumMinutes).toBe(480);
    expect(shortRest({ profile: 'None', minimumRestMinutes: 480 }, ended, at('2026-01-13T06:00:00Z'))).toBeNull();
    expect(shortRest({ profile: 'CA', minimumRestMinutes: 600 }, ended, at('2026-01-13T07:00:00Z'))).not.toBeNull();
  });

  it('takes the latest shift that ended by now', () => {
    const spans = [
      { end: at('2026-01-10T17:00:00Z') },
      { end: at('2026-01-12T22:00:00Z') },
      { end: null },
      { end: at('2026-01-11T17:00:00Z') },
    ];
    expect(lastShiftEnd(spans, at('2026-01-13T06:00:00Z'))?.toISOString()).toBe('2026-01-12T22:00:00.000Z');
    expect(lastShiftEnd(spans, at('2026-01-12T06:00:00Z'))?.toISOString()).toBe('2026-01-11T17:00:00.000Z');
    expect(lastShiftEnd([{ end: null }], at('2026-01-12T06:00:00Z'))).toBeNull();
  });
});

describe('meal punches and rounding', () => {
  const QUARTER: RoundingRules = {
    ...NO_ROUNDING,
    shiftStartRounding: 'RoundToNearest',
    shiftEndRounding: 'RoundToNearest',
    breakStartRounding: 'RoundToNearest',
    breakEndRounding: 'RoundToNearest',
  };
  const shift = {
    startUtc: at('2026-06-10T15:32:00Z'),
    endUtc: at('2026-06-10T23:58:00Z'),
    breaks: [{ startUtc: at('2026-06-10T19:07:00Z'), endUtc: at('2026-06-10T19:38:00Z'), isPaidBreak: false }],
  };

  it('keeps the meal punches as punched in California and rounds only the shift', () => {
    const line = roundShift(shift, lineRoundingRules(QUARTER, CA), LA);
    expect(line.startUtc.toISOString()).toBe('2026-06-10T15:30:00.000Z');
    expect(line.endUtc.toISOString()).toBe('2026-06-11T00:00:00.000Z');
    expect(line.breaks[0]?.startUtc.toISOString()).toBe('2026-06-10T19:07:00.000Z');
    expect(line.breaks[0]?.endUtc.toISOString()).toBe('2026-06-10T19:38:00.000Z');
  });

  it('leaves the rules alone where the profile allows rounding meal punches', () => {
    expect(lineRoundingRules(QUARTER, UK)).toBe(QUARTER);
    const line = roundShift(shift, lineRoundingRules(QUARTER, UK), LONDON);
    expect(line.breaks[0]?.startUtc.toISOString()).toBe('2026-06-10T19:00:00.000Z');
  });
});
