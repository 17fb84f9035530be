/**
 * Where a live punch is made: an enrolled kiosk, or the employee self-service portal.
 * The punch services (punches.ts, completeShifts.ts, clockOnChoices.ts, rosterMatching.ts,
 * lookupData.ts) read every rule from the point, so a self-service punch runs exactly the kiosk's
 * code. The portal has no row of its own: its point is built per request from the business's zone
 * and its settings documents as they are now (read, never copied anywhere).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { businesses } from '../../db/schema';
import { notFound } from '../../errors/apiError';
import type { KioskRow } from '../kiosks/kiosks';
import { readSettings } from '../businesses/settings';
import { readInTurn } from '../../db/transactions';

/** The rules a punch point sets, named as the kiosk's columns name them. */
export type PunchRules = Pick<
  KioskRow,
  | 'ianaTimeZone'
  | 'isPhotoRequired'
  | 'paidBreaksEnabled'
  | 'isLocationRequired'
  | 'isWorkTypeRequired'
  | 'restrictLocationsForEmployees'
  | 'locationId'
  | 'clockOnWindowMinutes'
  | 'clockOffWindowMinutes'
  | 'allowEmployeeShiftSelection'
  | 'timesheetDimensionsEnabled'
>;

/** The matching windows and shift selection (null = the business's portal settings, domain matchingWindow). */
export type MatchingRules = Pick<PunchRules, 'clockOnWindowMinutes' | 'clockOffWindowMinutes' | 'allowEmployeeShiftSelection'>;

/** What clock-on choices are checked against (clockOnChoices.ts); reporting dimensions only where the point says (a kiosk's `timesheetDimensionsEnabled`). */
export type ChoiceRules = Pick<PunchRules, 'restrictLocationsForEmployees' | 'locationId' | 'isLocationRequired' | 'isWorkTypeRequired'> &
  Partial<Pick<PunchRules, 'timesheetDimensionsEnabled'>>;

export type PunchPoint = PunchRules &
  (
    | { kind: 'kiosk'; /** The kiosk's id. */ id: number; name: string }
    | { kind: 'portal'; /** No kiosk: clock_shifts.kiosk_id and punches.kiosk_id stay null. */ id: null; name: string }
  );

export const PORTAL_NAME = 'Self-service';

/** A kiosk as a punch point. */
export function kioskPoint(kiosk: KioskRow): PunchPoint {
  return { ...kiosk, kind: 'kiosk' };
}

/**
 * The self-service portal of a business as a punch point: the business's zone; a photo when the
 * employee portal settings' `requirePhoto` says so; paid breaks, required location and work type
 * from the timesheet settings; the employee's own locations (and global ones) to pick from; the
 * roster windows and shift selection left null, so matching reads the portal settings itself.
 */
export async function portalPoint(db: Database, businessId: number): Promise<PunchPoint> {
  const [[business], portal, timesheet] = await readInTurn(
    () => db.select({ zone: businesses.ianaTimeZone }).from(businesses).where(eq(businesses.id, businessId)),
    () => readSettings(db, businessId, 'portal'),
    () => readSettings(db, businessId, 'timesheet'),
  );
  if (!business) throw notFound(`Business ${businessId}`);
  return {
    kind: 'portal',
    id: null,
    name: PORTAL_NAME,
    ianaTimeZone: business.zone,
    isPhotoRequired: portal.requirePhoto,
    paidBreaksEnabled: timesheet.allowPaidBreaks,
    isLocationRequired: timesheet.requireLocation,
    isWorkTypeRequired: timesheet.requireWorkType,
    restrictLocationsForEmployees: true,
    locationId: null,
    clockOnWindowMinutes: null,
    clockOffWindowMinutes: null,
    allowEmployeeShiftSelection: null,
    // The employee portal settings have no reporting-dimension switch: self-service takes none.
    timesheetDimensionsEnabled: false,
  };
}

/** How the point is named in refusals ("This kiosk requires…", "Self-service requires…"). */
export function pointPhrase(point: Pick<PunchPoint, 'kind'>): string {
  return point.kind === 'kiosk' ? 'This kiosk' : 'Self-service';
}
