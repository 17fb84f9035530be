/**
 * What the business's break and rest rules say about the person on the actions screen, from what
 * this tablet holds (so it works offline): when their meal break is due on the open shift, and,
 * before a clock-on, whether the rest since their last shift is below the minimum (the setting's
 * own, else its profile's: effectiveMinimumRestMinutes). The shifts come from the tablet's journal
 * and its copy of the service's recent shifts (offline/workHistory.ts), which the actions screen
 * refreshes in the background. On a shift, the profile is the one at the shift's location (its
 * override, its nearest ancestor's, else the business's: domain/locationRules.ts); before a
 * clock-on (where the location is not chosen yet) it is the business's.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { BREAK_RULE_PROFILE, NO_BREAK_RULES, breaksFromState, isMealBreakOverdue, lastShiftEnd, mealBreakDueBy, shortRest, type BreakRuleProfile, type KnownBreaks, type ShortRest } from '../../../domain/breakRules';
import type { AttendanceState } from '../../../domain/attendance';
import type { WorkSpan } from '../../../domain/workedHours';
import type { KioskDb } from '../../../offline/db';
import { readShiftLocation, readWorkSpans } from '../../../offline/workHistory';
import { rulesAt, type LocationParent, type LocationRules } from '../../../domain/locationRules';
import { useBreakRules } from '../../runtime/useKioskData';

export interface BreakRuleWarnings {
  meal: { dueBy: Date; overdue: boolean } | null;
  shortRest: ShortRest | null;
  /** The business refuses a clock-on after a short rest. */
  blocksClockOn: boolean;
  /** The profile the warnings come from (the questions at clock-off ask from it too). */
  profile: BreakRuleProfile;
  /** The open shift's breaks as far as the tablet knows them (on break or not); null when unknown or off shift. */
  shiftBreaks: KnownBreaks | null;
}

/** The open shift's breaks: the tablet's span of that shift when it has it, else what the state tells. */
function openShiftBreaks(spans: readonly WorkSpan[] | undefined, state: AttendanceState): KnownBreaks | null {
  const start = state.clockOnTimeUtc?.getTime();
  const span = spans?.find((s) => s.end === null && s.start.getTime() === start);
  return span ? span.breaks : breaksFromState(state);
}

/** The locations' overrides and the location tree, as the kiosk's policy carries them. */
export interface RulePlaces {
  locationRules: readonly LocationRules[];
  locationParents: readonly LocationParent[];
}

export function useBreakRuleWarnings(db: KioskDb, employeeId: number, state: AttendanceState, now: Date, places: RulePlaces): BreakRuleWarnings {
  const rules = useBreakRules(db);
  const spans = useLiveQuery(async () => (await readWorkSpans(db, employeeId)).spans, [db, employeeId]);
  const shiftStart = state.clockOnTimeUtc?.getTime() ?? null;
  const shiftLocation = useLiveQuery(() => (shiftStart === null ? null : readShiftLocation(db, employeeId, new Date(shiftStart))), [db, employeeId, shiftStart]);
  const settings = rulesAt({ breakRules: rules ?? NO_BREAK_RULES }, places.locationRules, shiftLocation, places.locationParents).breakRules;
  const profile = BREAK_RULE_PROFILE[settings.profile];
  const shiftBreaks = (state.status === 'ClockedOn' || state.status === 'OnBreak') && state.clockOnTimeUtc ? openShiftBreaks(spans, state) : null;
  const breaks = state.status === 'ClockedOn' ? shiftBreaks : null;
  const dueBy = breaks && state.clockOnTimeUtc ? mealBreakDueBy(profile, state.clockOnTimeUtc, breaks) : null;
  const short = state.status === 'ClockedOn' || state.status === 'OnBreak' || !spans ? null : shortRest(settings, lastShiftEnd(spans, now), now);
  return {
    meal: dueBy ? { dueBy, overdue: isMealBreakOverdue(dueBy, now) } : null,
    shortRest: short,
    blocksClockOn: short !== null && (rules?.blockShortRest ?? false),
    profile,
    shiftBreaks,
  };
}
