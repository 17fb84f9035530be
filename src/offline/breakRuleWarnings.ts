/**
 * What the break and rest rules say about a person now, from what this tablet holds (so it works
 * offline), in one place for the actions screen, the staff grid and the clock-on itself: when the
 * meal break of the open shift is due, and before a clock-on whether the rest since the last shift
 * is below the minimum and whether that refuses the clock-on. The rules are those at the location
 * that counts (offline/kioskBreakRules.ts, domain/locationRules.ts): on a shift, the shift's
 * (from the tablet's journal of its clock-on; a shift clocked on elsewhere: the business's); before
 * a clock-on, the location chosen, else the one the kiosk stands at, else the business's. The
 * shifts come from the journal and the tablet's copy of the service's recent shifts (workHistory.ts).
 */
import { INITIAL_ATTENDANCE_STATE, type AttendanceState } from '../domain/attendance';
import {
  BREAK_RULE_PROFILE,
  breaksFromState,
  isMealBreakOverdue,
  lastShiftEnd,
  mealBreakDueBy,
  shortRest,
  type BreakRuleProfile,
  type KnownBreaks,
  type ShortRest,
} from '../domain/breakRules';
import type { WorkSpan } from '../domain/workedHours';
import type { KioskDb } from './db';
import { breakRulesAt, readKioskBreakRules, type KioskBreakRules } from './kioskBreakRules';
import { readShiftLocation, readWorkSpans } from './workHistory';

export interface MealDue {
  dueBy: Date;
  overdue: boolean;
}

export interface BreakRuleWarnings {
  meal: MealDue | null;
  shortRest: ShortRest | null;
  /** The rules at the location refuse a clock-on after a short rest. */
  blocksClockOn: boolean;
  /** The profile the warnings come from. */
  profile: BreakRuleProfile;
  /** The open shift's breaks as far as the tablet knows them (on break or not); null when unknown or off shift. */
  shiftBreaks: KnownBreaks | null;
}

/** The open shift's breaks: the tablet's span of that shift when it has it, else what the state tells. */
function openShiftBreaks(spans: readonly WorkSpan[], state: AttendanceState): KnownBreaks | null {
  const start = state.clockOnTimeUtc?.getTime();
  const span = spans.find((s) => s.end === null && s.start.getTime() === start);
  return span ? span.breaks : breaksFromState(state);
}

const onShift = (state: AttendanceState): state is AttendanceState & { clockOnTimeUtc: Date } =>
  (state.status === 'ClockedOn' || state.status === 'OnBreak') && state.clockOnTimeUtc !== null;

/**
 * The warnings for the person in `state` now. Before a clock-on, `chosenLocationId` is the location
 * the clock-on names (null: none chosen yet, so the kiosk's own).
 */
export async function readBreakRuleWarnings(db: KioskDb, employeeId: number, state: AttendanceState, now: Date, rules: KioskBreakRules, chosenLocationId: number | null = null): Promise<BreakRuleWarnings> {
  const { spans } = await readWorkSpans(db, employeeId);
  if (onShift(state)) {
    const location = await readShiftLocation(db, employeeId, state.clockOnTimeUtc, rules.kioskLocationId);
    const profile = BREAK_RULE_PROFILE[breakRulesAt(rules, location).profile];
    const shiftBreaks = openShiftBreaks(spans, state);
    const dueBy = state.status === 'ClockedOn' && shiftBreaks ? mealBreakDueBy(profile, state.clockOnTimeUtc, shiftBreaks) : null;
    return { meal: dueBy ? { dueBy, overdue: isMealBreakOverdue(dueBy, now) } : null, shortRest: null, blocksClockOn: false, profile, shiftBreaks };
  }
  const settings = breakRulesAt(rules, chosenLocationId ?? rules.kioskLocationId);
  const profile = BREAK_RULE_PROFILE[settings.profile];
  const short = shortRest(settings, lastShiftEnd(spans, now), now);
  return { meal: null, shortRest: short, blocksClockOn: short !== null && settings.blockShortRest, profile, shiftBreaks: null };
}

/** The meal break due of each of these people on shift (the staff grid's line), as their own screens say it. */
export async function readMealsDue(db: KioskDb, people: ReadonlyArray<{ employeeId: number; state: AttendanceState }>, now: Date, rules: KioskBreakRules): Promise<Map<number, MealDue>> {
  const due = new Map<number, MealDue>();
  for (const { employeeId, state } of people) {
    if (state.status !== 'ClockedOn') continue;
    const { meal } = await readBreakRuleWarnings(db, employeeId, state, now, rules);
    if (meal) due.set(employeeId, meal);
  }
  return due;
}

/**
 * The short rest that refuses a clock-on now at `locationId` (null: none named, so the kiosk's
 * own), or null when the clock-on may go ahead. Checked when the clock-on is recorded, whatever
 * screen it came from, so a location chosen after the actions screen is held to its own rules.
 */
export async function readClockOnRefusal(db: KioskDb, employeeId: number, now: Date, locationId: number | null): Promise<ShortRest | null> {
  const warnings = await readBreakRuleWarnings(db, employeeId, INITIAL_ATTENDANCE_STATE, now, await readKioskBreakRules(db), locationId);
  return warnings.blocksClockOn ? warnings.shortRest : null;
}
