/**
 * Issuing, revoking and listing badges. A manager issues badges at a kiosk to people listed there;
 * each gets a fresh token (answered once, never stored) and loses the badge they had, in one
 * transaction. The kiosk's tablets list the badges in use of its people, verifiers only.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { BadgeModel, IssuedBadgeModel, KioskBadgesModel } from '../../../contract/supporting/badges';
import { isListedAtKiosk } from '../../../domain/kioskStaff';
import type { Database } from '../../db/openDatabase';
import { badges, employees } from '../../db/schema';
import { notFound } from '../../errors/apiError';
import { withTransaction } from '../../db/transactions';
import { loadBusiness } from '../businesses/businesses';
import type { KioskRow } from '../kiosks/kiosks';
import { isActiveKioskEmployee, loadKioskEmployee } from '../people/kioskEmployees';
import { kioskBadgeMode } from './badgeSettings';
import { badgeLookupHash, badgeVerifier, newBadgeToken } from './badgeTokens';

const displayName = (row: { firstName: string | null; surname: string | null }) => [row.firstName, row.surname].filter(Boolean).join(' ');

/** New badges for the people named (each listed at the kiosk, or nothing is issued), revoking their earlier ones. */
export async function issueBadges(
  db: Database,
  scope: { businessId: number; kiosk: KioskRow; now: Date; issuedBy: string },
  employeeIds: readonly number[],
): Promise<IssuedBadgeModel[]> {
  const unique = [...new Set(employeeIds)];
  return withTransaction(db, async (tx) => {
    const business = await loadBusiness(tx, scope.businessId);
    const issued: IssuedBadgeModel[] = [];
    for (const employeeId of unique) {
      const row = await loadKioskEmployee(tx, scope.businessId, employeeId, { lock: true, now: scope.now, atKiosk: { locationId: scope.kiosk.locationId } });
      await tx
        .update(badges)
        .set({ revokedAt: scope.now })
        .where(and(eq(badges.employeeId, row.id), isNull(badges.revokedAt)));
      const token = newBadgeToken();
      const [badge] = await tx
        .insert(badges)
        .values({
          businessId: scope.businessId,
          employeeId: row.id,
          tokenHash: badgeLookupHash(token),
          verifier: badgeVerifier(token),
          issuedAt: scope.now,
          issuedBy: scope.issuedBy,
        })
        .returning({ id: badges.id });
      issued.push({
        badgeId: badge!.id,
        employeeId: row.id,
        employeeName: displayName(row),
        businessName: business.name,
        token,
        issuedUtc: scope.now.toISOString(),
      });
    }
    return issued;
  });
}

/** Revokes a badge of someone listed at the kiosk; a revoked badge stays revoked (no change). */
export async function revokeBadge(db: Database, scope: { businessId: number; kiosk: KioskRow; now: Date }, badgeId: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [badge] = await tx
      .select()
      .from(badges)
      .where(and(eq(badges.id, badgeId), eq(badges.businessId, scope.businessId)))
      .for('update');
    if (!badge) throw notFound(`Badge ${badgeId}`);
    // Only a manager of a kiosk where the person works may revoke it (403 otherwise, as for issuing).
    await loadKioskEmployee(tx, scope.businessId, badge.employeeId, { now: scope.now, kioskAccess: false, atKiosk: { locationId: scope.kiosk.locationId } });
    if (badge.revokedAt === null) await tx.update(badges).set({ revokedAt: scope.now }).where(eq(badges.id, badge.id));
  });
}

/** The kiosk's mode and the badges in use of the people it lists. */
export async function listKioskBadges(db: Database, scope: { businessId: number; kiosk: KioskRow; now: Date }): Promise<KioskBadgesModel> {
  const mode = await kioskBadgeMode(db, scope.businessId, scope.kiosk.id);
  const rows = await db
    .select({ badge: badges, employee: employees })
    .from(badges)
    .innerJoin(employees, eq(employees.id, badges.employeeId))
    .where(and(eq(badges.businessId, scope.businessId), isNull(badges.revokedAt)))
    .orderBy(asc(badges.employeeId));
  const listed: BadgeModel[] = rows
    .filter(({ employee }) => isActiveKioskEmployee(employee, scope.now) && isListedAtKiosk(scope.kiosk.locationId, employee.locationIds))
    .map(({ badge }) => ({ badgeId: badge.id, employeeId: badge.employeeId, issuedUtc: badge.issuedAt.toISOString(), verifier: badge.verifier }));
  return { mode, badges: listed };
}
