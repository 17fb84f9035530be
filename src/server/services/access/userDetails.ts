/**
 * Renaming and re-addressing a user of a business (PUT B/access). Their user record is shared with
 * every business they belong to, so the caller must manage all of those too (or be the user). A
 * new name applies at once; a new e-mail address waits for that address to confirm it
 * (emailChanges.ts), so the answer does not tell whether another account already uses it.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { AccessModelInput } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { businessAccess, users } from '../../db/schema';
import { ApiError, conflict, forbidden, invalidField } from '../../errors/apiError';
import { accessOf, parseModel } from '../../auth/access';
import { checkedEmail, loadAccessByEmail, userByEmail } from './access';
import { consumeEmailChange, requestEmailChange } from './emailChanges';
import { withTransaction } from '../../db/transactions';

/** Writes a user's name and address to their record and to every access model that repeats them. */
async function applyUserDetails(tx: Database, userId: number, details: { name: string; email: string }): Promise<void> {
  await tx.update(users).set(details).where(eq(users.id, userId));
  const rows = await tx
    .select({ businessId: businessAccess.businessId, model: businessAccess.model })
    .from(businessAccess)
    .where(eq(businessAccess.userId, userId));
  for (const row of rows) {
    const model = { ...parseModel(row.model, row.businessId, userId), ...details };
    await tx
      .update(businessAccess)
      .set({ model })
      .where(and(eq(businessAccess.businessId, row.businessId), eq(businessAccess.userId, userId)));
  }
}

async function assertManagesEveryBusinessOf(db: Database, userId: number, businessId: number, callerUserId: number): Promise<void> {
  if (userId === callerUserId) return;
  const elsewhere = await db
    .select({ businessId: businessAccess.businessId })
    .from(businessAccess)
    .where(and(eq(businessAccess.userId, userId), ne(businessAccess.businessId, businessId)));
  const managed = await db
    .select({ businessId: businessAccess.businessId })
    .from(businessAccess)
    .where(and(eq(businessAccess.userId, callerUserId), eq(businessAccess.accessType, 'Unrestricted')));
  const managedIds = new Set(managed.map((row) => row.businessId));
  if (elsewhere.some((row) => !managedIds.has(row.businessId))) {
    throw forbidden('This user also belongs to businesses you do not manage; only they can change their details.');
  }
}

export interface UpdateAccessUser {
  businessId: number;
  email: string;
  input: AccessModelInput;
  callerUserId: number;
  now: Date;
  publicUrl: string | undefined;
}

/**
 * Renames a user of the business at once, and asks their new e-mail address (if any) to confirm
 * the change. An address another user of this same business has is refused (409): the caller can
 * see those anyway. Any other address gets the same answer, taken or not.
 */
export async function updateAccessUser(db: Database, args: UpdateAccessUser): Promise<void> {
  const { user } = await loadAccessByEmail(db, args.businessId, args.email);
  const name = args.input.name == null ? user.name : args.input.name.trim();
  if (!name) throw invalidField('validation-failed', 'name', 'A name cannot be blank.');
  const email = args.input.email == null ? user.email : checkedEmail('email', args.input.email);
  await assertManagesEveryBusinessOf(db, user.id, args.businessId, args.callerUserId);
  if (email !== user.email) {
    const holder = await userByEmail(db, email);
    if (holder && (await accessOf(db, args.businessId, holder.id))) {
      throw conflict('conflict', `Another user of this business already has the e-mail address ${email}.`);
    }
  }
  await withTransaction(db, async (tx) => {
    if (name !== user.name) await applyUserDetails(tx, user.id, { name, email: user.email });
    if (email !== user.email) {
      await requestEmailChange(tx, { user: { ...user, name }, newEmail: email, businessId: args.businessId, now: args.now, publicUrl: args.publicUrl });
    }
  });
}

const invalidChange = () =>
  new ApiError(400, 'invalid-grant', 'The confirmation is not valid.', {
    detail: 'The token is unknown, already used or expired. Ask for the change again.',
  });

/** The new address confirms a change: from now on the user signs in with it. */
export async function confirmEmailChange(db: Database, args: { token: string; now: Date }): Promise<void> {
  await withTransaction(db, async (tx) => {
    const change = await consumeEmailChange(tx, args.token, args.now);
    if (!change) throw invalidChange();
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId));
    if (!user) throw invalidChange();
    const holder = await userByEmail(tx, change.newEmail);
    // Told only to whoever holds the new address's mailbox, who may know it has an account.
    if (holder && holder.id !== user.id) throw conflict('conflict', `Another account already uses ${change.newEmail}.`);
    await applyUserDetails(tx, user.id, { name: user.name, email: change.newEmail });
  });
}
