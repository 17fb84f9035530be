/**
 * The break and rest warnings of the person on the actions screen, live (offline/breakRuleWarnings.ts
 * decides them from what the tablet holds, under the rules at the location that counts): they
 * follow the tablet's journal, its copy of the service's shifts (which the actions screen refreshes
 * in the background) and its policy. Until they are read, nothing is warned about or blocked; the
 * clock-on itself checks again (useCommitPunch.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { BREAK_RULE_PROFILE } from '../../../domain/breakRules';
import type { AttendanceState } from '../../../domain/attendance';
import type { KioskDb } from '../../../offline/db';
import { readBreakRuleWarnings, type BreakRuleWarnings } from '../../../offline/breakRuleWarnings';
import { readKioskBreakRules } from '../../../offline/kioskBreakRules';

export type { BreakRuleWarnings } from '../../../offline/breakRuleWarnings';

const NONE: BreakRuleWarnings = { meal: null, shortRest: null, blocksClockOn: false, profile: BREAK_RULE_PROFILE.None, shiftBreaks: null };

export function useBreakRuleWarnings(db: KioskDb, employeeId: number, state: AttendanceState, now: Date): BreakRuleWarnings {
  const { status, clockOnTimeUtc, breakStartTimeUtc, lastPunchTimeUtc } = state;
  const nowMs = now.getTime();
  const [clockOn, breakStart, lastPunch] = [clockOnTimeUtc?.getTime() ?? null, breakStartTimeUtc?.getTime() ?? null, lastPunchTimeUtc?.getTime() ?? null];
  const at = (ms: number | null) => (ms === null ? null : new Date(ms));
  return (
    useLiveQuery(
      async () =>
        readBreakRuleWarnings(db, employeeId, { status, clockOnTimeUtc: at(clockOn), breakStartTimeUtc: at(breakStart), lastPunchTimeUtc: at(lastPunch) }, new Date(nowMs), await readKioskBreakRules(db)),
      // The state's fields, not the object (rebuilt on every render).
      [db, employeeId, status, clockOn, breakStart, lastPunch, nowMs],
    ) ?? NONE
  );
}
