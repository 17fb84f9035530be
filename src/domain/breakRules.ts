/**
 * Break and rest rules: the law (or award) a business keeps, as data, and what it means for a
 * person now, so the kiosk can say "Meal break due by 13:30" and "8 h since your last shift ended"
 * before a rule is broken, and the service can leave meal punches unrounded where the law says so.
 * Pure and shared: the kiosk applies it offline from what its journal holds, the service from its
 * records. Each profile's sources and assumptions are in docs/break-rules.md.
 *
 * All durations are real elapsed time (instants), never wall-clock differences: a night when the
 * clocks change is an hour shorter or longer on the wall than it was for the person.
 */
import type { AttendanceState } from './attendance';
import type { RoundingRules } from './rounding';
import type { WorkSpan } from './workedHours';

export const BREAK_RULE_PROFILES = ['None', 'UK', 'AU', 'CA'] as const;
export type BreakRuleProfileId = (typeof BREAK_RULE_PROFILES)[number];

export interface BreakRuleProfile {
  id: BreakRuleProfileId;
  /**
   * The meal (or rest) break: the first due before this much of the shift has passed, a second (where
   * the law has one) before `secondDueWithinMinutes`, each at least `minimumMinutes` long; null: no such rule.
   */
  mealBreak: { dueWithinMinutes: number; secondDueWithinMinutes?: number; minimumMinutes: number } | null;
  /** Shortest rest between the end of one shift and the start of the next; null: the profile has none. */
  minimumRestMinutes: number | null;
  /** False where break punches must keep their own times (rounding applies to shift start and end only). */
  roundMealPunches: boolean;
}

export const BREAK_RULE_PROFILE: Readonly<Record<BreakRuleProfileId, BreakRuleProfile>> = {
  None: { id: 'None', mealBreak: null, minimumRestMinutes: null, roundMealPunches: true },
  // Working Time Regulations 1998, reg. 12 (20 minutes when the day's work exceeds 6 hours) and reg. 10 (11 hours' rest).
  UK: { id: 'UK', mealBreak: { dueWithinMinutes: 6 * 60, minimumMinutes: 20 }, minimumRestMinutes: 11 * 60, roundMealPunches: true },
  // Award-dependent; assumed: the General Retail Industry Award 2020 (no more than 5 hours without a 30-60 minute
  // meal break; 12 hours between finishing and starting again, which an agreement may bring down to 10).
  AU: { id: 'AU', mealBreak: { dueWithinMinutes: 5 * 60, minimumMinutes: 30 }, minimumRestMinutes: 12 * 60, roundMealPunches: true },
  // Labor Code 512 (30 minutes by the end of the 5th hour), 226.7 (the premium); no rest-between-shifts rule;
  // Donohue v. AMN Healthcare (2021): meal periods are not rounded.
  // A second meal period by the end of the 10th hour (Labor Code 512(a)).
  CA: { id: 'CA', mealBreak: { dueWithinMinutes: 5 * 60, secondDueWithinMinutes: 10 * 60, minimumMinutes: 30 }, minimumRestMinutes: null, roundMealPunches: false },
};

/** A business's break-rule setting: its profile, its own minimum rest if it keeps one, and whether a short rest stops a clock-on. */
export interface BreakRuleSettings {
  profile: BreakRuleProfileId;
  /** Off by default: warnings inform. On: a clock-on after less rest than the minimum is refused at the kiosk. */
  blockShortRest: boolean;
  /**
   * The business's own minimum rest between shifts, in minutes, instead of the profile's (an agreement
   * bringing the Retail Award's 12 hours down to 10, or a rest rule under `None`); null or absent:
   * the profile's. Within MINIMUM_REST_BOUNDS (settings stored before it existed have none).
   */
  minimumRestMinutes?: number | null;
}

/**
 * The business's own minimum rest: whole half hours from 1 to 24 hours. Half hours because
 * agreements and contracts word rest in hours and half hours; 1 hour so a value is a rest, not a
 * typo; 24 hours because a longer gap is a day off, not a rest between shifts.
 */
export const MINIMUM_REST_BOUNDS = { minMinutes: 60, maxMinutes: 24 * 60, stepMinutes: 30 } as const;

export const NO_BREAK_RULES: BreakRuleSettings = { profile: 'None', blockShortRest: false };

const MINUTE = 60_000;

/** Breaks of the open shift as far as they are known. */
export type KnownBreaks = ReadonlyArray<{ start: Date; end: Date | null }>;

/**
 * When the shift's next meal break is due, or null when the profile has no meal rule, the shift has
 * had every meal break the profile asks for (each a break of at least the minimum length), or a
 * break is running now (the person is on it).
 */
export function mealBreakDueBy(profile: BreakRuleProfile, shiftStart: Date, breaks: KnownBreaks): Date | null {
  const rule = profile.mealBreak;
  if (!rule) return null;
  if (breaks.some((b) => b.end === null)) return null;
  const taken = breaks.filter((b) => b.end !== null && b.end.getTime() - b.start.getTime() >= rule.minimumMinutes * MINUTE).length;
  const deadlines = rule.secondDueWithinMinutes === undefined ? [rule.dueWithinMinutes] : [rule.dueWithinMinutes, rule.secondDueWithinMinutes];
  const next = deadlines[taken];
  return next === undefined ? null : new Date(shiftStart.getTime() + next * MINUTE);
}

/** Past its due time (the due minute itself is still on time: "by the end of the 5th hour"). */
export function isMealBreakOverdue(dueBy: Date, now: Date): boolean {
  return now.getTime() > dueBy.getTime();
}

/**
 * The breaks of a person's open shift as the staff list's state tells them: none when nothing was
 * punched since the clock-on; null (unknown) when a break was punched, which the list does not
 * describe (the person's own screen reads the breaks from the tablet's journal instead).
 */
export function breaksFromState(state: Pick<AttendanceState, 'status' | 'clockOnTimeUtc' | 'lastPunchTimeUtc'>): KnownBreaks | null {
  if (state.status !== 'ClockedOn' || !state.clockOnTimeUtc) return null;
  const last = state.lastPunchTimeUtc?.getTime() ?? state.clockOnTimeUtc.getTime();
  return last > state.clockOnTimeUtc.getTime() ? null : [];
}

/** The end of the person's latest finished shift that ended by `now`, or null when none is known. */
export function lastShiftEnd(spans: readonly Pick<WorkSpan, 'end'>[], now: Date): Date | null {
  let latest: Date | null = null;
  for (const span of spans) {
    if (span.end && span.end.getTime() <= now.getTime() && (!latest || span.end.getTime() > latest.getTime())) latest = span.end;
  }
  return latest;
}

/**
 * The minimum rest between shifts the setting asks for, in minutes: the business's own where it
 * keeps one, else its profile's; null when neither has one. Every rest warning reads it here.
 */
export function effectiveMinimumRestMinutes(settings: Pick<BreakRuleSettings, 'profile' | 'minimumRestMinutes'>): number | null {
  return settings.minimumRestMinutes ?? BREAK_RULE_PROFILE[settings.profile].minimumRestMinutes;
}

export interface ShortRest {
  /** Real time since the last shift ended. */
  restMs: number;
  minimumMinutes: number;
  /** When the minimum rest is over. */
  until: Date;
}

/** A clock-on now would start after less rest than the setting's minimum (effectiveMinimumRestMinutes): how much there was; else null. */
export function shortRest(settings: Pick<BreakRuleSettings, 'profile' | 'minimumRestMinutes'>, lastEnd: Date | null, now: Date): ShortRest | null {
  const minimumMinutes = effectiveMinimumRestMinutes(settings);
  if (minimumMinutes === null || lastEnd === null) return null;
  const restMs = now.getTime() - lastEnd.getTime();
  if (restMs < 0 || restMs >= minimumMinutes * MINUTE) return null;
  return { restMs, minimumMinutes, until: new Date(lastEnd.getTime() + minimumMinutes * MINUTE) };
}

/** The rest as the warning says it ("8 h 0 min since your last shift ended"): whole minutes, rounded down, never overstating it. */
export function restShownMs(rest: ShortRest): number {
  return Math.floor(rest.restMs / MINUTE) * MINUTE;
}

/** The rounding rules a line is written with under the profile: break edges kept as punched where it says so. */
export function lineRoundingRules(rules: RoundingRules, profile: BreakRuleProfile): RoundingRules {
  if (profile.roundMealPunches) return rules;
  return { ...rules, breakStartRounding: 'DontRound', breakEndRounding: 'DontRound' };
}
