/**
 * Identity claims of unverified offline punches (project extension). A kiosk that
 * could not check a PIN (no service, no verifier on the tablet) lets the person punch and then
 * sends their PIN sealed for the service. Here the claim finds its punch, the PIN is checked like
 * checkpin (same lockout: a wrong one counts), and the claim is kept verified or flagged for a
 * manager, who accepts it or rejects it (the shift is discarded). The PIN is never stored. A punch
 * the tablet let through on a kept badge verifier has a claim too, naming the badge: flagged when
 * the badge had been revoked by then.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { IdentityClaimInputModel, IdentityClaimModel } from '../../../contract/supporting/kioskExtensions';
import { ClockOffModelInput } from '../../../contract/generated/models';
import type { ClaimReason, ClaimStatus } from '../../../domain/identityClaims';
import { describePrincipal, type Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { badges, clockShifts, employees, identityClaims, punches, punchPhotos, timesheetLines } from '../../db/schema';
import { conflict, notFound } from '../../errors/apiError';
import type { Page } from '../../lists/odata/planList';
import { checkPin, type PinContext } from '../pins/pins';
import { openSealedPin } from '../pins/pinSeal';
import { employeeName, findOwnPunch, requireEmployeeOf } from './devicePunches';
import type { PunchContext } from './punchContext';
import { timeOfRecord } from './punchChecks';
import { recordPunch } from './punches';
import { withTransaction } from '../../db/transactions';
import { recordLinesDeleted, recordPunchEvents } from '../webhooks/webhookPayloads';

type ClaimRow = typeof identityClaims.$inferSelect;

async function toModel(db: Database, row: ClaimRow): Promise<IdentityClaimModel> {
  const [photo] = row.punchId
    ? await db.select({ data: punchPhotos.data }).from(punches).innerJoin(punchPhotos, eq(punchPhotos.id, punches.photoId)).where(eq(punches.id, row.punchId))
    : [];
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: await employeeName(db, row.employeeId),
    kioskId: row.kioskId,
    shiftId: row.shiftId,
    punchKind: row.punchKind,
    timeOfRecordUtc: row.timeOfRecordUtc.toISOString(),
    receivedUtc: row.receivedUtc.toISOString(),
    outcome: row.outcome,
    reason: row.reason,
    status: row.status,
    photo: photo ? photo.data.toString('base64') : null,
    resolvedUtc: row.resolvedUtc?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

export interface ClaimContext {
  businessId: number;
  kioskId: number;
  principal: Principal;
  now: Date;
  pin: PinContext;
}

/** What the sealed PIN says: verified, or why the claim waits for a manager. */
async function judgePin(db: Database, ctx: ClaimContext, employeeId: number, keyId: string | null, sealed: string | null): Promise<ClaimReason | null> {
  const pin = keyId && sealed ? await openSealedPin(db, keyId, sealed) : null;
  if (pin === null) return 'no-pin';
  const outcome = await checkPin(db, ctx.pin, { employeeId, pin });
  if (outcome.ok) return null;
  if (outcome.error.code === 'pin-locked') return 'pin-locked';
  if (outcome.error.code === 'pin-not-set') return 'pin-not-set';
  return 'wrong-pin';
}

/**
 * What the badge says of a punch the tablet let through on its kept verifier: verified when it is
 * the person's badge and was not revoked by the punch's time (a revocation the tablet had not yet
 * heard of), else flagged for a manager. No attempt is counted: nothing secret was checked.
 */
async function judgeBadge(db: Database, ctx: ClaimContext, employeeId: number, badgeId: number, at: Date): Promise<ClaimReason | null> {
  const [badge] = await db
    .select({ revokedAt: badges.revokedAt })
    .from(badges)
    .where(and(eq(badges.id, badgeId), eq(badges.businessId, ctx.businessId), eq(badges.employeeId, employeeId)));
  if (!badge) return 'badge-revoked';
  return badge.revokedAt !== null && badge.revokedAt.getTime() <= at.getTime() ? 'badge-revoked' : null;
}

/**
 * Records the claim of one unverified punch. The punch is this device's punch of that kind and
 * recorded time for the employee at this kiosk; a claim for a punch already claimed (under any key)
 * answers the first claim and checks nothing, so a PIN is checked at most once per punch, and never
 * without a punch.
 */
export async function submitClaim(db: Database, ctx: ClaimContext, body: IdentityClaimInputModel): Promise<IdentityClaimModel> {
  const at = timeOfRecord(body.recordedTimeUtc, ctx.now);
  await requireEmployeeOf(db, ctx.businessId, body.employeeId);
  const byKey = and(eq(identityClaims.businessId, ctx.businessId), eq(identityClaims.kioskId, ctx.kioskId), eq(identityClaims.punchKey, body.punchKey));
  const [existing] = await db.select().from(identityClaims).where(byKey);
  if (existing) return toModel(db, existing);
  const punch = await findOwnPunch(db, ctx, body.employeeId, body.punchKind, at);
  if (punch) {
    const [claimed] = await db.select().from(identityClaims).where(eq(identityClaims.punchId, punch.id));
    if (claimed) return toModel(db, claimed);
  }
  const badgeOnly = !body.sealedPin && typeof body.badgeId === 'number';
  const reason = !punch
    ? 'no-punch'
    : badgeOnly
      ? await judgeBadge(db, ctx, body.employeeId, body.badgeId as number, at)
      : await judgePin(db, ctx, body.employeeId, body.keyId ?? null, body.sealedPin ?? null);
  const [row] = await db
    .insert(identityClaims)
    .values({
      businessId: ctx.businessId,
      kioskId: ctx.kioskId,
      employeeId: body.employeeId,
      punchKey: body.punchKey,
      punchKind: body.punchKind,
      punchId: punch?.id ?? null,
      shiftId: punch?.shiftId ?? null,
      timeOfRecordUtc: at,
      receivedUtc: ctx.now,
      principal: describePrincipal(ctx.principal),
      outcome: reason === null ? 'verified' : 'flagged',
      reason,
      status: reason === null ? 'verified' : 'pending',
    })
    .returning();
  if (!row) throw new Error('insert returned no claim');
  return toModel(db, row);
}

/** One page of the kiosk's claims with the status asked for, newest first. */
export async function listClaims(db: Database, businessId: number, kioskId: number, status: ClaimStatus, page: Page): Promise<IdentityClaimModel[]> {
  const rows = await db
    .select()
    .from(identityClaims)
    .where(and(eq(identityClaims.businessId, businessId), eq(identityClaims.kioskId, kioskId), eq(identityClaims.status, status)))
    .orderBy(desc(identityClaims.id))
    .limit(page.limit)
    .offset(page.offset);
  const out: IdentityClaimModel[] = [];
  for (const row of rows) out.push(await toModel(db, row));
  return out;
}

/** Throws the shift of a rejected claim away: the discard punch while open, else marked discarded without its timesheet line. */
async function discardShift(db: Database, punchCtx: PunchContext, employeeId: number, shiftId: number): Promise<void> {
  const [shift] = await db.select().from(clockShifts).where(eq(clockShifts.id, shiftId));
  if (!shift || shift.status === 'discarded') return;
  const [person] = await db.select({ currentShiftId: employees.currentShiftId }).from(employees).where(eq(employees.id, employeeId));
  if (shift.status === 'open' && person?.currentShiftId === shiftId) {
    await recordPunch(db, punchCtx, { kind: 'discard', body: ClockOffModelInput.parse({ employeeId, isAdminInitiated: true }) });
    return;
  }
  await db.update(clockShifts).set({ status: 'discarded', timesheetLineId: null, endUtc: shift.endUtc ?? punchCtx.now }).where(eq(clockShifts.id, shiftId));
  // Web hooks: the shift is discarded (no employee state changed), and its line deleted.
  await recordPunchEvents(db, { businessId: shift.businessId, kioskId: shift.kioskId, shiftId, employeeId }, [{ kind: 'discard', at: punchCtx.now }], null);
  if (shift.timesheetLineId !== null) {
    const gone = await db.delete(timesheetLines).where(eq(timesheetLines.id, shift.timesheetLineId)).returning({ id: timesheetLines.id, employeeId: timesheetLines.employeeId });
    await recordLinesDeleted(db, shift.businessId, gone, punchCtx.now);
  }
}

/**
 * A manager's decision on a pending claim, applied to every pending claim of the same shift (a
 * clock-on and clock-off made unverified are one decision). Deciding the same way again answers the
 * claim again; the other way, or a claim the PIN verified, is 409 `claim-decided`.
 */
export async function decideClaim(
  db: Database,
  ctx: { businessId: number; kioskId: number; principal: Principal; now: Date; punch: PunchContext },
  claimId: number,
  decision: 'accepted' | 'rejected',
): Promise<IdentityClaimModel> {
  // One unit: the claim's row lock holds until the decision and the discard are written, whether or
  // not the caller sent an Idempotency-Key (which is what otherwise makes `db` a transaction).
  return withTransaction(db, (tx) => decideClaimIn(tx, ctx, claimId, decision));
}

async function decideClaimIn(
  db: Database,
  ctx: { businessId: number; kioskId: number; principal: Principal; now: Date; punch: PunchContext },
  claimId: number,
  decision: 'accepted' | 'rejected',
): Promise<IdentityClaimModel> {
  const scope = and(eq(identityClaims.id, claimId), eq(identityClaims.businessId, ctx.businessId), eq(identityClaims.kioskId, ctx.kioskId));
  const [claim] = await db.select().from(identityClaims).where(scope).for('update');
  if (!claim) throw notFound('identity claim');
  if (claim.status === decision) return toModel(db, claim);
  if (claim.status !== 'pending') throw conflict('claim-decided', `This punch is already ${claim.status}.`);
  if (decision === 'rejected' && claim.shiftId !== null) await discardShift(db, ctx.punch, claim.employeeId, claim.shiftId);
  const resolvedBy = ctx.principal.kind === 'user' ? ctx.principal.email : describePrincipal(ctx.principal);
  const which = claim.shiftId === null ? eq(identityClaims.id, claim.id) : and(eq(identityClaims.shiftId, claim.shiftId), eq(identityClaims.status, 'pending'));
  await db
    .update(identityClaims)
    .set({ status: decision, resolvedUtc: ctx.now, resolvedBy })
    .where(and(eq(identityClaims.businessId, ctx.businessId), which));
  const [updated] = await db.select().from(identityClaims).where(eq(identityClaims.id, claim.id));
  if (!updated) throw new Error('claim vanished');
  return toModel(db, updated);
}
