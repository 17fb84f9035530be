/**
 * Manager PINs (a project extension): a manager's own short secret for opening manager mode on the
 * business's paired tablets, kept as every PIN is (scrypt hash, claimed against a lockout before
 * the hash runs: the domain's `claimAttempt`, as pins.ts does for employees). Opening manager mode
 * with it gives an OAuth pair with the manager's own rights for a short session (tokens.ts
 * `PinSession`), and only while they still have access to the kiosk asking.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { KioskManagerModel, ManagerPinModel, ManagerPinStatusModel } from '../../../contract/supporting/managerPins';
import { managerPinProblem, managerPinProblemText } from '../../../domain/managerPin';
import { afterSuccess, attemptsLeft, claimAttempt, type LockoutPolicy, type LockoutState } from '../../../domain/pinPolicy';
import { authorize } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import { hashSecret, verifySecret } from '../../auth/secrets';
import type { Database } from '../../db/openDatabase';
import { businessAccess, managerPins, users } from '../../db/schema';
import { ApiError, forbidden, invalidField } from '../../errors/apiError';
import { loadKiosk } from '../kiosks/kiosks';
import { issueTokens, type IssuedTokens, type TokenSettings } from '../access/tokens';
import { withTransaction } from '../../db/transactions';

type ManagerPinRow = typeof managerPins.$inferSelect;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const liveLock = (row: Pick<ManagerPinRow, 'lockedUntil'>, now: Date) => (row.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null);

async function ownRow(db: Database, userId: number, businessId: number): Promise<ManagerPinRow | undefined> {
  const [row] = await db.select().from(managerPins).where(and(eq(managerPins.userId, userId), eq(managerPins.businessId, businessId)));
  return row;
}

export async function managerPinStatus(db: Database, userId: number, businessId: number, now: Date): Promise<ManagerPinStatusModel> {
  const row = await ownRow(db, userId, businessId);
  return { userId, isSet: row !== undefined, setAtUtc: iso(row?.setAt ?? null), lockedUntilUtc: row ? iso(liveLock(row, now)) : null };
}

/** Sets (or replaces) the caller's PIN; a session opened with the PIN itself may not. */
export async function setManagerPin(db: Database, principal: Principal, businessId: number, pin: string, now: Date): Promise<ManagerPinStatusModel> {
  if (principal.kind !== 'user') throw forbidden('Only a person can have a manager PIN.');
  if (principal.via === 'managerPin') {
    throw new ApiError(403, 'manager-pin-needs-password', 'Sign in with your password to change your manager PIN.', {
      detail: 'A session opened with the manager PIN cannot change it. Sign in with your e-mail address and password.',
    });
  }
  const problem = managerPinProblem(pin);
  if (problem) throw invalidField('invalid-manager-pin', 'pin', managerPinProblemText(problem));
  const pinHash = await hashSecret(pin);
  const values = { pinHash, failedAttempts: 0, lockedUntil: null, setAt: now };
  await db
    .insert(managerPins)
    .values({ userId: principal.userId, businessId, ...values })
    .onConflictDoUpdate({ target: [managerPins.userId, managerPins.businessId], set: values });
  return { userId: principal.userId, isSet: true, setAtUtc: now.toISOString(), lockedUntilUtc: null };
}

/** Deletes a user's PIN in the business (their own "forget", or an administrator's revoke). */
export async function deleteManagerPin(db: Database, userId: number, businessId: number): Promise<void> {
  await db.delete(managerPins).where(and(eq(managerPins.userId, userId), eq(managerPins.businessId, businessId)));
}

export async function listManagerPins(db: Database, businessId: number, now: Date): Promise<ManagerPinModel[]> {
  const rows = await db
    .select({ userId: managerPins.userId, name: users.name, email: users.email, setAt: managerPins.setAt, lockedUntil: managerPins.lockedUntil })
    .from(managerPins)
    .innerJoin(users, eq(users.id, managerPins.userId))
    .where(eq(managerPins.businessId, businessId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ userId: row.userId, name: row.name, email: row.email, setAtUtc: row.setAt.toISOString(), lockedUntilUtc: iso(liveLock(row, now)) }));
}

const asManager = (userId: number, email: string): Principal => ({ kind: 'user', userId, email, via: 'managerPin' });

/** True when the user (with this stored access) may operate the kiosk; reads nothing more. */
async function operatesKiosk(db: Database, user: { userId: number; email: string; access: unknown }, businessId: number, kiosk: Awaited<ReturnType<typeof loadKiosk>>) {
  try {
    await authorize(db, asManager(user.userId, user.email), businessId, { kind: 'kiosk', kioskId: kiosk.id }, { access: user.access, kiosk });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return false;
    throw error;
  }
}

/** The managers with a PIN in the business who may operate this kiosk, by name. */
export async function listKioskManagers(db: Database, businessId: number, kioskId: number, now: Date): Promise<KioskManagerModel[]> {
  const kiosk = await loadKiosk(db, businessId, kioskId);
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, access: businessAccess.model, lockedUntil: managerPins.lockedUntil })
    .from(managerPins)
    .innerJoin(users, eq(users.id, managerPins.userId))
    .innerJoin(businessAccess, and(eq(businessAccess.userId, managerPins.userId), eq(businessAccess.businessId, managerPins.businessId)))
    .where(eq(managerPins.businessId, businessId))
    .orderBy(asc(users.name), asc(users.id));
  const managers: KioskManagerModel[] = [];
  for (const row of rows) {
    if (await operatesKiosk(db, row, businessId, kiosk)) managers.push({ userId: row.userId, name: row.name, lockedUntilUtc: iso(liveLock(row, now)) });
  }
  return managers;
}

export interface ManagerPinSignInContext {
  businessId: number;
  kioskId: number;
  now: Date;
  policy: LockoutPolicy;
  tokens: TokenSettings;
  sessionMinutes: number;
}

export type ManagerPinSignIn =
  | { ok: true; tokens: IssuedTokens; user: { userId: number; email: string; name: string }; sessionEnds: Date }
  | { ok: false; error: ApiError };

const notSet = () =>
  new ApiError(400, 'manager-pin-not-set', 'No manager PIN is set.', {
    detail: 'This manager has no manager PIN in this business. Sign in with the e-mail address and password, then set one.',
  });

function lockedError(lockedUntil: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new ApiError(429, 'manager-pin-locked', 'This manager PIN is locked.', {
    detail: `Too many wrong manager PINs in a row. Try again in ${Math.ceil(seconds / 60)} minutes, or sign in with the password.`,
    headers: { 'retry-after': String(seconds) },
    extra: { retryAfterSeconds: seconds },
  });
}

function wrongPin(state: LockoutState, ctx: ManagerPinSignInContext): ApiError {
  if (state.lockedUntil) return lockedError(state.lockedUntil, ctx.now);
  const left = attemptsLeft(state, ctx.policy);
  return new ApiError(400, 'wrong-manager-pin', 'The manager PIN is not correct.', {
    detail: `The manager PIN is not correct. ${left} attempt${left === 1 ? '' : 's'} left before it locks.`,
    extra: { attemptsLeft: left },
  });
}

type Claimed = { ok: true; row: ManagerPinRow; state: LockoutState } | { ok: false; error: ApiError };

/** Claims one attempt under the row's lock before any hash runs (concurrent guesses cannot outrun the limit). */
function claim(db: Database, userId: number, ctx: ManagerPinSignInContext): Promise<Claimed> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(managerPins)
      .where(and(eq(managerPins.userId, userId), eq(managerPins.businessId, ctx.businessId)))
      .for('update');
    if (!row) return { ok: false, error: notSet() };
    const claimed = claimAttempt({ failedAttempts: row.failedAttempts, lockedUntil: row.lockedUntil }, ctx.now, ctx.policy);
    if (!claimed.granted) return { ok: false, error: lockedError(claimed.lockedUntil, ctx.now) };
    await tx
      .update(managerPins)
      .set({ failedAttempts: claimed.ifWrong.failedAttempts, lockedUntil: claimed.ifWrong.lockedUntil })
      .where(and(eq(managerPins.userId, userId), eq(managerPins.businessId, ctx.businessId)));
    return { ok: true, row, state: claimed.ifWrong };
  });
}

/**
 * Opens manager mode with a PIN: the user must still operate this kiosk (403 before any attempt
 * counts), the attempt is claimed, the PIN compared; a right PIN clears the count and issues a
 * short session. A failure is returned, not thrown, so the counted attempt stays stored.
 */
export async function signInWithManagerPin(db: Database, ctx: ManagerPinSignInContext, body: { userId: number; pin: string }): Promise<ManagerPinSignIn> {
  const kiosk = await loadKiosk(db, ctx.businessId, ctx.kioskId);
  const [user] = await db
    .select({ userId: users.id, email: users.email, name: users.name, access: businessAccess.model })
    .from(users)
    .innerJoin(businessAccess, and(eq(businessAccess.userId, users.id), eq(businessAccess.businessId, ctx.businessId)))
    .where(eq(users.id, body.userId));
  if (!user) return { ok: false, error: notSet() };
  if (!(await operatesKiosk(db, user, ctx.businessId, kiosk))) {
    return { ok: false, error: forbidden('This manager has no access to this kiosk. Sign in with the e-mail address and password of a manager of this kiosk.') };
  }
  const claimed = await claim(db, user.userId, ctx);
  if (!claimed.ok) return claimed;
  if (!(await verifySecret(body.pin, claimed.row.pinHash))) return { ok: false, error: wrongPin(claimed.state, ctx) };
  const success = afterSuccess();
  const [still] = await db
    .update(managerPins)
    .set({ failedAttempts: success.failedAttempts, lockedUntil: success.lockedUntil })
    .where(and(eq(managerPins.userId, user.userId), eq(managerPins.businessId, ctx.businessId), eq(managerPins.pinHash, claimed.row.pinHash)))
    .returning({ userId: managerPins.userId });
  // Replaced or forgotten while it was being compared: it is no longer the PIN.
  if (!still) return { ok: false, error: wrongPin(claimed.state, ctx) };
  const sessionEnds = new Date(ctx.now.getTime() + ctx.sessionMinutes * 60_000);
  const tokens = await issueTokens(db, user.userId, ctx.now, ctx.tokens, { endsAt: sessionEnds });
  return { ok: true, tokens, user: { userId: user.userId, email: user.email, name: user.name }, sessionEnds };
}
