/**
 * What every kiosk-scoped handler starts with: the caller authorised for the kiosk, the kiosk
 * itself, and the settings-derived context the punch and PIN services need.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { grantOf } from '../../auth/routeGuard';
import type { Grant } from '../../auth/access';
import { lockoutPolicy } from '../../../domain/pinPolicy';
import type { Database } from '../../db/openDatabase';
import { loadKiosk, type KioskRow } from '../../services/kiosks/kiosks';
import { groupIdsOfEmployee } from '../../services/people/employeeGroups';
import type { Env } from '../../env';
import type { PunchContext, PunchSettings } from '../../services/punches/punchContext';
import { kioskPoint } from '../../services/punches/punchPoints';
import type { PinContext } from '../../services/pins/pins';
import { lockoutSourceOf } from '../../services/pins/deviceLockouts';
import type { EmployeeRow } from '../../services/people/kioskEmployees';

export interface KioskScope {
  grant: Grant;
  kiosk: KioskRow;
  punch: PunchContext;
  pin: PinContext;
}

/** The punch services' settings, read from the service's settings (kiosk and self-service alike). */
export function punchSettings(settings: Env): PunchSettings {
  return {
    maxFutureSkewMs: settings.MAX_FUTURE_SKEW_SECONDS * 1000,
    maxPhotoBytes: settings.MAX_PHOTO_BYTES,
    longShiftMinutes: settings.LONG_SHIFT_MINUTES,
  };
}

/** Authorises the caller for the kiosk, loads it, and builds the service contexts. */
export async function kioskScope(c: Context<AppEnv>, businessId: number, kioskId: number): Promise<KioskScope> {
  const db = c.get('db');
  const grant = grantOf(c);
  // The route guard read the kiosk with the caller (auth/principal.ts); a deleted one is refused here, by loadKiosk.
  const known = grant.kiosk;
  const kiosk = known && known.id === kioskId && known.businessId === businessId && known.deletedAt === null ? known : await loadKiosk(db, businessId, kioskId);
  const settings = c.get('deps').settings;
  const now = c.get('deps').now();
  const groups = (tx: Database, employee: EmployeeRow) => groupIdsOfEmployee(tx, businessId, employee);
  const punch = punchSettings(settings);
  return {
    grant,
    kiosk,
    punch: {
      businessId,
      point: kioskPoint(kiosk),
      principal: grant.principal,
      now,
      settings: punch,
      groupIdsOf: groups,
    },
    pin: {
      businessId,
      now,
      policy: lockoutPolicy(settings.PIN_MAX_ATTEMPTS, settings.PIN_LOCKOUT_MINUTES),
      longShiftMinutes: punch.longShiftMinutes,
      maxFutureSkewMs: punch.maxFutureSkewMs,
      groupIdsOf: groups,
      atKiosk: { locationId: kiosk.locationId },
      source: lockoutSourceOf(grant.principal, settings.PIN_LOCKOUTS_PER_DEVICE),
    },
  };
}
