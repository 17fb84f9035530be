/**
 * A manager sets or resets a person's kiosk PIN (a project extension). Kept apart from pins.ts,
 * whose checks prove a person knows their PIN: here the caller's authority is the proof, so no
 * attempt is claimed. The PIN is stored as every PIN is (scrypt); a pending reset code is
 * cancelled and the wrong-PIN lockout cleared, so the person can use the new PIN at once.
 */
import { eq } from 'drizzle-orm';
import { UNLOCKED } from '../../../domain/pinPolicy';
import type { Database } from '../../db/openDatabase';
import { employees } from '../../db/schema';
import { hashSecret } from '../../auth/secrets';
import { refuseNewPin } from './newPinRule';
import { loadKioskEmployee } from '../people/kioskEmployees';

/** Replaces the employee's PIN; `mustChange` marks it expired so they choose their own at next use. */
export async function setPinByManager(
  db: Database,
  input: { businessId: number; employeeId: number; pin: string; mustChange: boolean },
  now: Date,
): Promise<void> {
  refuseNewPin(input.pin, 'pin', input.employeeId);
  // 404 for another business's person, 403 for one who may not use kiosks: before the slow hash.
  const row = await loadKioskEmployee(db, input.businessId, input.employeeId, { now });
  const pinHash = await hashSecret(input.pin);
  await db
    .update(employees)
    .set({
      pinHash,
      pinExpired: input.mustChange,
      pinResetHash: null,
      pinResetExpiresAt: null,
      pinFailedAttempts: UNLOCKED.failedAttempts,
      pinLockedUntil: UNLOCKED.lockedUntil,
    })
    .where(eq(employees.id, row.id));
}
