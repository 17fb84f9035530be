/**
 * Whether a clock-on needs the options step: when the kiosk requires a location or work type, or
 * the employee has something to choose. Decided when the punch is chosen, so a kiosk with nothing
 * to choose clocks on in one tap.
 */
import type { TimeAndAttendanceKioskModel, UkTimeAndAttendanceLookupDataModel } from '../../../contract/generated/models';

export function needsClockOnOptions(data: UkTimeAndAttendanceLookupDataModel | null, settings: TimeAndAttendanceKioskModel | null | undefined): boolean {
  if (settings?.isLocationRequired || settings?.isWorkTypeRequired) return true;
  if (!data) return false;
  return (data.locations?.length ?? 0) > 1 || (data.workTypes?.length ?? 0) > 0 || (data.shiftConditions?.length ?? 0) > 0;
}

export const clockOnChoicesKey = (kioskId: number, employeeId: number) => ['clockOnChoices', kioskId, employeeId] as const;
