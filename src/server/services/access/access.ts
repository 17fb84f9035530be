/**
 * Business access: who may sign in to a business and with which rights (BusinessAccessModel, kept
 * whole in business_access.model and parsed back with zod), and the rule that a business always
 * keeps an unrestricted user. Access for someone not yet in the business is an invitation they
 * accept (invitations.ts, invitationAcceptance.ts); a grant answers alike whether or not the
 * address belongs to a user.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { BusinessAccessModel, CreateBusinessAccessModelInput } from '../../../contract/generated/models';
import { accessOf } from '../../auth/access';
import type { Database } from '../../db/openDatabase';
import { businessAccess, businesses, employeeGroups, kiosks, locations, users } from '../../db/schema';
import { conflict, invalidField, invalidFields, notFound, type FieldMessage } from '../../errors/apiError';
import { buildModel, mergeModels, unique } from './accessModels';
import { cancelInvitations, createInvitation, openInvitationModel } from './invitations';
import { ensureUser, type UserRow } from '../businesses/provisioning';
import { normaliseEmail } from '../../auth/normaliseEmail';
import { withTransaction } from '../../db/transactions';

export async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, normaliseEmail(email)));
  return user;
}

/** The user with this e-mail and their access to the business; 404 when either is missing. */
export async function loadAccessByEmail(db: Database, businessId: number, email: string) {
  const user = await userByEmail(db, email);
  const model = user ? await accessOf(db, businessId, user.id) : null;
  if (!user || !model) throw notFound(`A user with e-mail ${email} in this business`);
  return { user, model };
}

export function checkedEmail(field: string, value: string | null | undefined): string {
  const email = normaliseEmail(value ?? '');
  if (!email) throw invalidField('validation-failed', field, 'An e-mail address is required.');
  if (!z.email().safeParse(email).success) throw invalidField('validation-failed', field, 'This is not an e-mail address.');
  return email;
}

/** 400 naming every kiosk, location and employee group that is not one of this business's. */
async function checkReferences(db: Database, businessId: number, model: BusinessAccessModel) {
  const errors: FieldMessage[] = [];
  const kioskIds = model.kioskAccess?.kiosks ?? [];
  if (kioskIds.length > 0) {
    const found = await db
      .select({ id: kiosks.id })
      .from(kiosks)
      .where(and(eq(kiosks.businessId, businessId), inArray(kiosks.id, kioskIds), isNull(kiosks.deletedAt)));
    const known = new Set(found.map((row) => row.id));
    const missing = kioskIds.filter((id) => !known.has(id));
    if (missing.length > 0) errors.push({ field: 'kioskAccess.kiosks', message: `Kiosk ${missing.join(', ')} does not exist.` });
  }
  const locationIds = unique((model.locationAccess ?? []).flatMap((entry) => entry.locationIds ?? []));
  if (locationIds.length > 0) {
    const found = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.businessId, businessId), inArray(locations.id, locationIds), isNull(locations.deletedAt)));
    const known = new Set(found.map((row) => row.id));
    (model.locationAccess ?? []).forEach((entry, index) => {
      const missing = (entry.locationIds ?? []).filter((id) => !known.has(id));
      if (missing.length > 0) {
        errors.push({ field: `locationAccess.${index}.locationIds`, message: `Location ${missing.join(', ')} does not exist.` });
      }
    });
  }
  const groupIds = unique((model.employeeGroups ?? []).map((group) => group.employeeGroupId));
  if (groupIds.length > 0) {
    const found = await db
      .select({ id: employeeGroups.id })
      .from(employeeGroups)
      .where(and(eq(employeeGroups.businessId, businessId), inArray(employeeGroups.id, groupIds)));
    const known = new Set(found.map((row) => row.id));
    (model.employeeGroups ?? []).forEach((group, index) => {
      if (!known.has(group.employeeGroupId)) {
        errors.push({
          field: `employeeGroups.${index}.employeeGroupId`,
          message: `Employee group ${group.employeeGroupId} does not exist.`,
        });
      }
    });
  }
  if (errors.length > 0) throw invalidFields('invalid-reference', errors);
}

/** Serialises access changes of one business, so two admins cannot remove each other at once. */
export async function lockBusiness(tx: Database, businessId: number) {
  await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
}

async function assertAnotherUnrestrictedUser(tx: Database, businessId: number, userId: number) {
  const [other] = await tx
    .select({ userId: businessAccess.userId })
    .from(businessAccess)
    .where(
      and(
        eq(businessAccess.businessId, businessId),
        eq(businessAccess.accessType, 'Unrestricted'),
        ne(businessAccess.userId, userId),
      ),
    )
    .limit(1);
  if (!other) throw conflict('conflict', 'A business must keep at least one user with unrestricted access.');
}

export interface AssignAccess {
  businessId: number;
  businessName: string;
  input: CreateBusinessAccessModelInput;
  now: Date;
  /** Base URL for the activation instructions (PUBLIC_URL), when configured. */
  publicUrl: string | undefined;
}

/**
 * Changes the access of a user of the business at once. Anyone else (a user of other businesses
 * only, or an address no user has) is invited: the same answer either way, and no access, and no
 * business in their list, until they accept.
 */
export async function assignAccess(db: Database, args: AssignAccess): Promise<void> {
  const { businessId, input, now } = args;
  const email = checkedEmail('email', input.email);
  const name = input.name?.trim() ?? '';
  // Asked before the address is looked up, of a user of the business as of anyone else, so the
  // answer never tells whether an address belongs to a user (of this business or another).
  if (!name) throw invalidField('validation-failed', 'name', 'A name is required: the name the person is known by in this business.');
  await withTransaction(db, async (tx) => {
    await lockBusiness(tx, businessId);
    const found = await userByEmail(tx, email);
    const existing = found ? await accessOf(tx, businessId, found.id) : null;
    if (found && existing) {
      const submitted = buildModel(input, found);
      await checkReferences(tx, businessId, submitted);
      const model = input.mergeExistingAccess ? mergeModels(existing, submitted) : submitted;
      if (existing.accessType === 'Unrestricted' && model.accessType !== 'Unrestricted') {
        await assertAnotherUnrestrictedUser(tx, businessId, found.id);
      }
      await tx
        .update(businessAccess)
        .set({ accessType: model.accessType, model })
        .where(and(eq(businessAccess.businessId, businessId), eq(businessAccess.userId, found.id)));
      return;
    }

    const user = found ?? (await ensureUser(tx, { email, name }));
    const submitted = buildModel(input, user);
    await checkReferences(tx, businessId, submitted);
    const pending = input.mergeExistingAccess ? await openInvitationModel(tx, user.id, businessId, now) : null;
    await createInvitation(tx, {
      user,
      businessId,
      businessName: args.businessName,
      model: pending ? mergeModels(pending, submitted) : submitted,
      now,
      publicUrl: args.publicUrl,
      notify: !input.suppressNotificationEmails,
    });
  });
}

/**
 * Removes a user's access to the business (never the last unrestricted user's), and withdraws any
 * invitation to it that is still open; 404 when there is neither.
 */
export async function revokeAccess(db: Database, businessId: number, email: string, now: Date): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockBusiness(tx, businessId);
    const user = await userByEmail(tx, email);
    const model = user ? await accessOf(tx, businessId, user.id) : null;
    const withdrawn = user ? await cancelInvitations(tx, user.id, businessId, now) : 0;
    if (!user || (!model && withdrawn === 0)) throw notFound(`A user with e-mail ${email} in this business`);
    if (!model) return;
    if (model.accessType === 'Unrestricted') await assertAnotherUnrestrictedUser(tx, businessId, user.id);
    await tx.delete(businessAccess).where(and(eq(businessAccess.businessId, businessId), eq(businessAccess.userId, user.id)));
  });
}
