/**
 * People exempt from punch photos (an opt-out, so a photo is never the only way to clock): their
 * punches are made without one and marked so (punches.photo_exempt), and the kiosk policy lists
 * them so a tablet does not open the camera for them.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { employees } from '../../db/schema';
import { notFound } from '../../errors/apiError';

/** The business's employees exempt from punch photos, by id. */
export async function photoExemptEmployeeIds(db: Database, businessId: number): Promise<number[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.businessId, businessId), eq(employees.photoExempt, true)))
    .orderBy(asc(employees.id));
  return rows.map((row) => row.id);
}

/** Exempts the person from punch photos, or ends the exemption. */
export async function setPhotoExemption(db: Database, businessId: number, employeeId: number, exempt: boolean): Promise<{ employeeId: number; exempt: boolean }> {
  const [row] = await db
    .update(employees)
    .set({ photoExempt: exempt })
    .where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId)))
    .returning({ employeeId: employees.id, exempt: employees.photoExempt });
  if (!row) throw notFound(`Employee ${employeeId}`);
  return row;
}
