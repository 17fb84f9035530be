/**
 * Supporting models of the Staff screen's project extensions: wrong-PIN lockouts a manager can see
 * and lift, and kiosk access shown and changed per kiosk (the vendor's switch is business-wide;
 * which kiosks list a person also follows their locations, src/domain/kioskStaff.ts). Plain zod.
 */
import { z } from 'zod';
import { MAX_ARRAY_ITEMS } from '../inputLimits';
import * as t from '../wireTypes';

export const PinLockoutModel = z
  .object({
    employeeId: t.int32,
    failedAttempts: t.int32.meta({ description: 'Wrong PINs in a row since the last right one (0 while locked).' }),
    lockedUntilUtc: t.dateTime.meta({ description: 'The PIN is refused unchecked until then, unless a manager unlocks it.' }),
  })
  .meta({ id: 'PinLockoutModel', description: "Project extension: a person whose kiosk PIN is locked after too many wrong PINs." });
export type PinLockoutModel = z.infer<typeof PinLockoutModel>;

export const EmployeeKioskAccessModel = z
  .object({
    employeeId: t.int32,
    isKioskEnabled: t.bool.meta({ description: "The vendor's business-wide switch (grantkioskaccess / revokekioskaccess)." }),
    locationIds: z.array(t.int32).meta({ description: 'Their locations; empty means every location.' }),
    kioskIds: z.array(t.int32).meta({ description: 'The kiosks that list them now, by id.' }),
  })
  .meta({ id: 'EmployeeKioskAccessModel', description: 'Project extension: which kiosks list a person, and why.' });
export type EmployeeKioskAccessModel = z.infer<typeof EmployeeKioskAccessModel>;

export const SetKioskAccessModel = z
  .object({ hasAccess: t.bool.meta({ description: 'true: list the person at this kiosk; false: stop listing them here.' }) })
  .strict()
  .meta({ id: 'SetKioskAccessModel' });
export type SetKioskAccessModel = z.infer<typeof SetKioskAccessModel>;

export const KioskAccessChangeModel = EmployeeKioskAccessModel.extend({
  alsoAdded: z.array(t.int32).max(MAX_ARRAY_ITEMS).meta({ description: 'Other kiosks that now list them too.' }),
  alsoRemoved: z.array(t.int32).max(MAX_ARRAY_ITEMS).meta({ description: 'Other kiosks that no longer list them (a kiosk without a location lists everyone enabled).' }),
}).meta({ id: 'KioskAccessChangeModel', description: 'Project extension: the person after the change, and what else it changed.' });
export type KioskAccessChangeModel = z.infer<typeof KioskAccessChangeModel>;
