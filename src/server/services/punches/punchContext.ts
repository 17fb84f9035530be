/**
 * What every punch carries besides its body: the business, where it is made (a kiosk or the
 * self-service portal), who sends it, the service's clock and its limits. Built by the route (kiosk
 * or self-service context) and read by the punch services; kept apart so they share it without
 * importing each other.
 */
import type { Database } from '../../db/openDatabase';
import type { Principal } from '../../auth/principal';
import type { EmployeeRow } from '../people/kioskEmployees';
import type { PunchPoint } from './punchPoints';

export interface PunchSettings {
  maxFutureSkewMs: number;
  maxPhotoBytes: number;
  longShiftMinutes: number;
}

export interface PunchContext {
  businessId: number;
  /** The kiosk, or the self-service portal, the punch is made at. */
  point: PunchPoint;
  principal: Principal;
  now: Date;
  settings: PunchSettings;
  /** Employee-group ids of one (current) employee, for the response. */
  groupIdsOf(db: Database, employee: EmployeeRow): Promise<number[]>;
}
