/**
 * Live views of the kiosk's whole settings and the service's policy, parsed with the contract's
 * schemas. For the screens after the staff grid and manager mode; the grid and header use the
 * light `useKioskHeading` (useKioskData.ts), so these schemas are not in their chunk.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { TimeAndAttendanceKioskModel } from '../../contract/generated/models';
import type { KioskPolicyModel } from '../../contract/supporting/devices';
import type { KioskDb } from '../../offline/db';
import { readKioskPolicy, readKioskSettings } from '../../offline/refreshKioskData';

export function useKioskSettings(db: KioskDb): TimeAndAttendanceKioskModel | null | undefined {
  return useLiveQuery(() => readKioskSettings(db), [db]);
}

/** The service's settings the kiosk applies itself; null until the first refresh brought them. */
export function useKioskPolicy(db: KioskDb): KioskPolicyModel | null | undefined {
  return useLiveQuery(() => readKioskPolicy(db), [db]);
}
