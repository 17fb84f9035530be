/**
 * What the Staff screen needs beyond the vendor's routes: the PIN lockouts of the people a kiosk
 * lists, a manager's unlock, and kiosk access per kiosk. Which kiosks list a person is the domain's
 * rule (kioskStaff.ts); a change to one kiosk is planned there too, so the screen's preview and
 * what is stored cannot differ.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { EmployeeKioskAccessModel, KioskAccessChangeModel, PinLockoutModel } from '../../../contract/supporting/staffAccess';
import { isListedAtKiosk, kiosksListing, planKioskAccess, type KioskAccessState, type KioskAt } from '../../../domain/kioskStaff';
import { UNLOCKED } from '../../../domain/pinPolicy';
import type { Database } from '../../db/openDatabase';
import { employees, kiosks, locations } from '../../db/schema';
import type { Page } from '../../lists/odata/planList';
import { loadEmployee } from './employees';
import { isActiveKioskEmployee, isCurrentEmployee, loadKioskEmployee } from './kioskEmployees';
import { loadKiosk, type KioskRow } from '../kiosks/kiosks';
import { withTransaction } from '../../db/transactions';

/** Everyone the kiosk lists whose PIN is locked now, soonest unlocked first. */
export async function listPinLockouts(db: Database, businessId: number, kiosk: KioskRow, now: Date): Promise<PinLockoutModel[]> {
  const rows = await db
    .select()
    .from(employees)
    .where(and(eq(employees.businessId, businessId), gt(employees.pinLockedUntil, now)))
    .orderBy(asc(employees.pinLockedUntil), asc(employees.id));
  return rows
    .filter((row) => isActiveKioskEmployee(row, now) && isListedAtKiosk(kiosk.locationId, row.locationIds))
    .map((row) => ({ employeeId: row.id, failedAttempts: row.pinFailedAttempts, lockedUntilUtc: (row.pinLockedUntil ?? now).toISOString() }));
}

/** Clears a person's wrong-PIN count and lockout (404/403 for someone this kiosk does not list). */
export async function unlockPin(db: Database, businessId: number, kiosk: KioskRow, employeeId: number, now: Date): Promise<void> {
  const row = await loadKioskEmployee(db, businessId, employeeId, { now, atKiosk: { locationId: kiosk.locationId } });
  await db.update(employees).set({ pinFailedAttempts: UNLOCKED.failedAttempts, pinLockedUntil: UNLOCKED.lockedUntil }).where(eq(employees.id, row.id));
}

async function businessKiosks(db: Database, businessId: number): Promise<KioskAt[]> {
  return db
    .select({ id: kiosks.id, locationId: kiosks.locationId })
    .from(kiosks)
    .where(and(eq(kiosks.businessId, businessId), isNull(kiosks.deletedAt)))
    .orderBy(asc(kiosks.id));
}

type AccessRow = Pick<typeof employees.$inferSelect, 'id' | 'isKioskEnabled' | 'locationIds' | 'endDate'>;

/** The listing rule's state: a terminated person is listed nowhere, whatever the switch says. */
const stateOf = (row: AccessRow, now: Date): KioskAccessState => ({ isKioskEnabled: row.isKioskEnabled && isCurrentEmployee(row, now), locationIds: row.locationIds });

const modelOf = (row: AccessRow, kioskList: readonly KioskAt[], now: Date): EmployeeKioskAccessModel => ({
  employeeId: row.id,
  isKioskEnabled: row.isKioskEnabled,
  locationIds: [...row.locationIds],
  kioskIds: kiosksListing(stateOf(row, now), kioskList),
});

/** One page of the business's employees (by id) with the kiosks that list them. */
export async function listKioskAccess(db: Database, businessId: number, page: Page, now: Date): Promise<EmployeeKioskAccessModel[]> {
  const kioskList = await businessKiosks(db, businessId);
  const rows = await db
    .select({ id: employees.id, isKioskEnabled: employees.isKioskEnabled, locationIds: employees.locationIds, endDate: employees.endDate })
    .from(employees)
    .where(eq(employees.businessId, businessId))
    .orderBy(asc(employees.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => modelOf(row, kioskList, now));
}

/**
 * Lists a person at one kiosk, or stops listing them there, as the domain plans it; the row is
 * locked while planning so two managers' changes apply one after the other.
 */
export async function setKioskAccess(
  db: Database,
  input: { businessId: number; kioskId: number; employeeId: number; hasAccess: boolean },
  now: Date,
): Promise<KioskAccessChangeModel> {
  const kiosk = await loadKiosk(db, input.businessId, input.kioskId);
  return withTransaction(db, async (tx) => {
    await loadEmployee(tx, input.businessId, input.employeeId);
    const [row] = await tx.select().from(employees).where(eq(employees.id, input.employeeId)).for('update');
    if (!row) throw new Error(`Employee ${input.employeeId} vanished while locked`);
    const kioskList = await businessKiosks(tx, input.businessId);
    const places = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.businessId, input.businessId), isNull(locations.deletedAt)))
      .orderBy(asc(locations.id));
    const current = { isKioskEnabled: row.isKioskEnabled, locationIds: row.locationIds };
    // A terminated person stays listed nowhere: only their stored switch and locations change.
    const plan = planKioskAccess(current, { id: kiosk.id, locationId: kiosk.locationId }, input.hasAccess, {
      kiosks: kioskList,
      businessLocationIds: places.map((place) => place.id),
    });
    if (plan.next !== current) {
      await tx.update(employees).set({ isKioskEnabled: plan.next.isKioskEnabled, locationIds: [...plan.next.locationIds] }).where(eq(employees.id, row.id));
    }
    const stored = { ...row, isKioskEnabled: plan.next.isKioskEnabled, locationIds: [...plan.next.locationIds] };
    return { ...modelOf(stored, kioskList, now), alsoAdded: plan.alsoAdded, alsoRemoved: plan.alsoRemoved };
  });
}
