/**
 * What the tablet's follow-up entries need from the punch they follow: an identity claim
 * and a forgotten clock-off's correction each name their punch by employee, kind and
 * recorded time, and only a punch this same device made at this kiosk may be claimed or corrected.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PunchKind } from '../../../domain/attendance';
import { describePrincipal, type Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { employees, punches } from '../../db/schema';
import { invalidField } from '../../errors/apiError';

export interface DeviceScope {
  businessId: number;
  kioskId: number;
  principal: Principal;
}

/** Refuses (400 on `employeeId`) an employee who is not of this business. */
export async function requireEmployeeOf(db: Database, businessId: number, employeeId: number): Promise<void> {
  const [employee] = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.id, employeeId), eq(employees.businessId, businessId)));
  if (!employee) throw invalidField('validation-failed', 'employeeId', `There is no employee ${employeeId} in this business.`);
}

/** The newest punch of that kind and recorded time this caller made for the employee at this kiosk. */
export async function findOwnPunch(
  db: Database,
  scope: DeviceScope,
  employeeId: number,
  kind: PunchKind,
  recordedAt: Date,
): Promise<{ id: number; shiftId: number | null } | undefined> {
  const [punch] = await db
    .select({ id: punches.id, shiftId: punches.shiftId })
    .from(punches)
    .where(
      and(
        eq(punches.businessId, scope.businessId),
        eq(punches.kioskId, scope.kioskId),
        eq(punches.employeeId, employeeId),
        eq(punches.kind, kind),
        eq(punches.recordedTimeUtc, recordedAt),
        eq(punches.principal, describePrincipal(scope.principal)),
      ),
    )
    .orderBy(desc(punches.id))
    .limit(1);
  return punch;
}

/** "First Surname" of an employee, for the manager's lists ('' when gone). */
export async function employeeName(db: Database, employeeId: number): Promise<string> {
  const [person] = await db.select({ firstName: employees.firstName, surname: employees.surname }).from(employees).where(eq(employees.id, employeeId));
  return person ? `${person.firstName} ${person.surname}`.trim() : '';
}
