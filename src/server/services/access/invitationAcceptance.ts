/**
 * Accepting an invitation (invitations.ts): a new user activates their account by choosing a
 * password, a user who has one accepts with the token alone; either way the invited access starts
 * then, widening any access they already have. An invitation to self-service grants no access:
 * it links the user to its employee (selfService.ts).
 */
import { eq } from 'drizzle-orm';
import type { BusinessAccessModel } from '../../../contract/generated/models';
import { accessOf } from '../../auth/access';
import { hashSecret } from '../../auth/secrets';
import type { Database } from '../../db/openDatabase';
import { businessAccess, users } from '../../db/schema';
import { ApiError } from '../../errors/apiError';
import { lockBusiness } from './access';
import { mergeModels } from './accessModels';
import { consumeInvitation, type UsedInvitation } from './invitations';
import { linkSelfService } from './selfService';
import type { UserRow } from '../businesses/provisioning';
import { clearSignInLockout } from './signInLockouts';
import { withTransaction } from '../../db/transactions';

const invalidInvitation = () =>
  new ApiError(400, 'invalid-grant', 'The invitation is not valid.', {
    detail: 'The token is unknown, already used or expired. Ask for a new invitation.',
  });

/** Starts the access an accepted invitation carries (widening any access the user already has). */
async function grantInvitedAccess(tx: Database, user: UserRow, businessId: number, invited: BusinessAccessModel): Promise<void> {
  await lockBusiness(tx, businessId);
  const model = { ...invited, name: user.name, email: user.email };
  const existing = await accessOf(tx, businessId, user.id);
  const granted = existing ? mergeModels(existing, model) : model;
  await tx
    .insert(businessAccess)
    .values({ businessId, userId: user.id, accessType: granted.accessType, model: granted })
    .onConflictDoUpdate({ target: [businessAccess.businessId, businessAccess.userId], set: { accessType: granted.accessType, model: granted } });
}

/** What accepting starts: the invited business access, or the self-service link to the invited employee. */
async function startInvited(tx: Database, user: UserRow, invitation: UsedInvitation): Promise<void> {
  if (invitation.businessId === null) return;
  if (invitation.employeeId !== null) await linkSelfService(tx, { userId: user.id, businessId: invitation.businessId, employeeId: invitation.employeeId });
  else if (invitation.model) await grantInvitedAccess(tx, user, invitation.businessId, invitation.model);
}

async function invitedUser(tx: Database, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw invalidInvitation();
  return user;
}

/**
 * A new user accepts an invitation by choosing a password: the account is activated and the
 * invitation's access starts. Users who already have a password accept with acceptInvitation, so
 * a token can never replace a password.
 */
export async function activateAccount(db: Database, args: { token: string; password: string; now: Date }): Promise<void> {
  const passwordHash = await hashSecret(args.password);
  await withTransaction(db, async (tx) => {
    const invitation = await consumeInvitation(tx, args.token, args.now);
    if (!invitation) throw invalidInvitation();
    const user = await invitedUser(tx, invitation.userId);
    if (user.passwordHash !== null) {
      throw new ApiError(400, 'invalid-grant', 'The account is already active.', {
        detail: 'This account already has a password: accept the invitation with POST /api/v2/account/invitations/accept.',
      });
    }
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await clearSignInLockout(tx, user.email);
    await startInvited(tx, user, invitation);
  });
}

/** A user with a password accepts an invitation: its access to the business starts now. */
export async function acceptInvitation(db: Database, args: { token: string; now: Date }): Promise<void> {
  await withTransaction(db, async (tx) => {
    const invitation = await consumeInvitation(tx, args.token, args.now);
    if (!invitation || invitation.businessId === null || (!invitation.model && invitation.employeeId === null)) throw invalidInvitation();
    const user = await invitedUser(tx, invitation.userId);
    if (user.passwordHash === null) {
      throw new ApiError(400, 'invalid-grant', 'The account is not active yet.', {
        detail: 'Choose a password to accept: POST /api/v2/account/activate with this token and a password.',
      });
    }
    await startInvited(tx, user, invitation);
  });
}
