/**
 * Business access: who may sign in to a business and with which rights (BusinessAccessModel, kept
 * whole in business_access.model and parsed back with zod), the rule that a business always keeps
 * an unrestricted user, and invitations that let a new user choose a password.
 */
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  BusinessAccessModel,
  UserPermission,
  type AccessModelInput,
  type CreateBusinessAccessModelInput,
  type KioskAccessModel,
} from '../../contract/generated/models';
import { digest, hashSecret, newToken, TOKEN_PREFIX } from '../auth/secrets';
import type { Database } from '../db/openDatabase';
import { businessAccess, businesses, employeeGroups, invitations, kiosks, locations, users } from '../db/schema';
import { ApiError, conflict, forbidden, invalidField, invalidFields, notFound, type FieldMessage } from '../http/apiError';
import { accessModel } from './accessModels';
import { enqueueMessage } from './outbox';
import { ensureUser, normaliseEmail, type UserRow } from './provisioning';
import { withTransaction } from './transactions';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A stored access model, parsed (a bad one is a server fault). */
export function parseModel(raw: unknown, businessId: number, userId: number): BusinessAccessModel {
  const parsed = BusinessAccessModel.safeParse(raw);
  if (!parsed.success) throw new Error(`Stored access of user ${userId} in business ${businessId} is not valid`);
  return parsed.data;
}

/** The user's access to the business, or null when they have none. */
export async function accessOf(db: Database, businessId: number, userId: number): Promise<BusinessAccessModel | null> {
  const [row] = await db
    .select({ model: businessAccess.model })
    .from(businessAccess)
    .where(and(eq(businessAccess.businessId, businessId), eq(businessAccess.userId, userId)));
  return row ? parseModel(row.model, businessId, userId) : null;
}

async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
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

function checkedEmail(field: string, value: string | null | undefined): string {
  const email = normaliseEmail(value ?? '');
  if (!email) throw invalidField('validation-failed', field, 'An e-mail address is required.');
  if (!z.email().safeParse(email).success) throw invalidField('validation-failed', field, 'This is not an e-mail address.');
  return email;
}

/** The enum's first member: what the SDK means when it leaves the field out (contract 1.4). */
const DEFAULT_PERMISSION: UserPermission = 'ApproveTimesheets';

/** Canonical flags text: known members in declaration order, `A, B`; the first member when empty. */
function flags(...values: Array<string | null | undefined>): string {
  const wanted = new Set(values.flatMap((value) => (value ?? '').split(',').map((part) => part.trim())));
  const members = UserPermission.options.filter((member) => wanted.has(member));
  return members.length > 0 ? members.join(', ') : DEFAULT_PERMISSION;
}

const unique = (ids: readonly number[] | null | undefined) => [...new Set(ids ?? [])];

/** The stored model for submitted access; omitted kiosk rights follow the access type's default. */
function buildModel(input: CreateBusinessAccessModelInput, user: UserRow): BusinessAccessModel {
  const base = accessModel(user.name, user.email, input.accessType);
  const kiosk = input.kioskAccess;
  return {
    ...base,
    employeeGroups: (input.employeeGroups ?? []).map((group) => ({
      employeeGroupId: group.employeeGroupId,
      permissions: flags(group.permissions),
    })),
    locationAccess: (input.locationAccess ?? []).map((entry) => ({
      filterType: entry.filterType,
      locationIds: unique(entry.locationIds),
      permissions: flags(entry.permissions),
    })),
    reports: input.reports
      ? {
          accessType: input.reports.accessType,
          specificReports: input.reports.specificReports ?? null,
          noReportingRestriction: input.reports.noReportingRestriction,
        }
      : null,
    kioskAccess: kiosk
      ? {
          accessType: kiosk.accessType,
          kiosks: kiosk.accessType === 'SpecificKiosks' ? unique(kiosk.kiosks) : [],
          permissions: flags(kiosk.permissions),
        }
      : base.kioskAccess,
    payrollAccess: input.payrollAccess
      ? {
          approveElectronicPayrollLodgement: input.payrollAccess.approveElectronicPayrollLodgement,
          userBusinessRestrictionCount: input.payrollAccess.userBusinessRestrictionCount,
          payRunApprovalAccess: input.payrollAccess.payRunApprovalAccess ?? null,
          payRunCreationAccess: input.payrollAccess.payRunCreationAccess ?? null,
          selectedPaySchedulesForPayRunApproval: input.payrollAccess.selectedPaySchedulesForPayRunApproval ?? null,
          selectedPaySchedulesForPayRunCreation: input.payrollAccess.selectedPaySchedulesForPayRunCreation ?? null,
        }
      : null,
  };
}

function mergeKioskAccess(a: KioskAccessModel | null, b: KioskAccessModel | null): KioskAccessModel | null {
  if (!a || a.accessType === 'None') return b ?? a;
  if (!b || b.accessType === 'None') return a;
  const all = a.accessType === 'AllKiosks' || b.accessType === 'AllKiosks';
  return {
    accessType: all ? 'AllKiosks' : 'SpecificKiosks',
    kiosks: all ? [] : unique([...(a.kiosks ?? []), ...(b.kiosks ?? [])]),
    permissions: flags(a.permissions, b.permissions),
  };
}

/**
 * Widens existing access with new access: the broader access type and kiosk rights win, group and
 * location grants are combined, and report/payroll settings are replaced only when given.
 */
function mergeModels(existing: BusinessAccessModel, incoming: BusinessAccessModel): BusinessAccessModel {
  const groups = new Map<number, string>();
  for (const group of [...(existing.employeeGroups ?? []), ...(incoming.employeeGroups ?? [])]) {
    groups.set(group.employeeGroupId, flags(groups.get(group.employeeGroupId), group.permissions));
  }
  const locationsByKey = new Map(
    [...(existing.locationAccess ?? []), ...(incoming.locationAccess ?? [])].map((entry) => [JSON.stringify(entry), entry]),
  );
  return {
    accessType: existing.accessType === 'Unrestricted' || incoming.accessType === 'Unrestricted' ? 'Unrestricted' : 'Restricted',
    employeeGroups: [...groups].map(([employeeGroupId, permissions]) => ({ employeeGroupId, permissions })),
    locationAccess: [...locationsByKey.values()],
    reports: incoming.reports ?? existing.reports,
    kioskAccess: mergeKioskAccess(existing.kioskAccess, incoming.kioskAccess),
    payrollAccess: incoming.payrollAccess ?? existing.payrollAccess,
    name: incoming.name,
    email: incoming.email,
  };
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
async function lockBusiness(tx: Database, businessId: number) {
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

/** Creates or changes a user's access; invites users who have no password yet. */
export async function assignAccess(db: Database, args: AssignAccess): Promise<void> {
  const { businessId, input } = args;
  const email = checkedEmail('email', input.email);
  const name = input.name?.trim() ?? '';
  await withTransaction(db, async (tx) => {
    await lockBusiness(tx, businessId);
    const found = await userByEmail(tx, email);
    if (!found && !name) throw invalidField('validation-failed', 'name', 'A name is required for a new user.');
    const user = found ?? (await ensureUser(tx, { email, name }));
    const submitted = buildModel(input, user);
    await checkReferences(tx, businessId, submitted);

    const existing = await accessOf(tx, businessId, user.id);
    const model = existing && input.mergeExistingAccess ? mergeModels(existing, submitted) : submitted;
    if (existing?.accessType === 'Unrestricted' && model.accessType !== 'Unrestricted') {
      await assertAnotherUnrestrictedUser(tx, businessId, user.id);
    }
    await tx
      .insert(businessAccess)
      .values({ businessId, userId: user.id, accessType: model.accessType, model })
      .onConflictDoUpdate({
        target: [businessAccess.businessId, businessAccess.userId],
        set: { accessType: model.accessType, model },
      });

    if (!input.suppressNotificationEmails && user.passwordHash === null) await invite(tx, user, args);
  });
}

async function invite(tx: Database, user: UserRow, args: AssignAccess) {
  const token = newToken(TOKEN_PREFIX.invitation);
  const expiresAt = new Date(args.now.getTime() + INVITATION_TTL_MS);
  await tx.insert(invitations).values({ userId: user.id, tokenHash: digest(token), expiresAt });
  const activateUrl = `${args.publicUrl?.replace(/\/+$/, '') ?? ''}/api/v2/account/activate`;
  await enqueueMessage(tx, {
    businessId: args.businessId,
    channel: 'email',
    recipient: user.email,
    subject: `You have been invited to ${args.businessName}`,
    body: [
      `Hello ${user.name},`,
      '',
      `You have been given access to ${args.businessName} on Kiosk Clock.`,
      `To activate your account, choose a password of at least 8 characters before ${expiresAt.toISOString()} by sending`,
      '',
      `  POST ${activateUrl}`,
      `  {"token": "${token}", "password": "<your new password>"}`,
      '',
      `Your invitation token: ${token}`,
      '',
      'The token works once. If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  });
}

/**
 * Renames or re-addresses a user of the business. Their user record is shared with any other
 * business they belong to, so the caller must manage all of those too (or be the user).
 */
export async function updateAccessUser(
  db: Database,
  args: { businessId: number; email: string; input: AccessModelInput; callerUserId: number },
): Promise<void> {
  const { user } = await loadAccessByEmail(db, args.businessId, args.email);
  const name = args.input.name == null ? user.name : args.input.name.trim();
  if (!name) throw invalidField('validation-failed', 'name', 'A name cannot be blank.');
  const email = args.input.email == null ? user.email : checkedEmail('email', args.input.email);
  if (user.id !== args.callerUserId) {
    const elsewhere = await db
      .select({ businessId: businessAccess.businessId })
      .from(businessAccess)
      .where(and(eq(businessAccess.userId, user.id), ne(businessAccess.businessId, args.businessId)));
    const managed = await db
      .select({ businessId: businessAccess.businessId })
      .from(businessAccess)
      .where(and(eq(businessAccess.userId, args.callerUserId), eq(businessAccess.accessType, 'Unrestricted')));
    const managedIds = new Set(managed.map((row) => row.businessId));
    if (elsewhere.some((row) => !managedIds.has(row.businessId))) {
      throw forbidden('This user also belongs to businesses you do not manage; only they can change their details.');
    }
  }
  if (email !== user.email && (await userByEmail(db, email))) {
    throw conflict('conflict', `Another user already has the e-mail address ${email}.`);
  }
  await withTransaction(db, async (tx) => {
    await tx.update(users).set({ name, email }).where(eq(users.id, user.id));
    const rows = await tx
      .select({ businessId: businessAccess.businessId, model: businessAccess.model })
      .from(businessAccess)
      .where(eq(businessAccess.userId, user.id));
    for (const row of rows) {
      const model = { ...parseModel(row.model, row.businessId, user.id), name, email };
      await tx
        .update(businessAccess)
        .set({ model })
        .where(and(eq(businessAccess.businessId, row.businessId), eq(businessAccess.userId, user.id)));
    }
  });
}

/** Removes a user's access to the business (never the last unrestricted user's). */
export async function revokeAccess(db: Database, businessId: number, email: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockBusiness(tx, businessId);
    const { user, model } = await loadAccessByEmail(tx, businessId, email);
    if (model.accessType === 'Unrestricted') await assertAnotherUnrestrictedUser(tx, businessId, user.id);
    await tx.delete(businessAccess).where(and(eq(businessAccess.businessId, businessId), eq(businessAccess.userId, user.id)));
  });
}

const invalidInvitation = () =>
  new ApiError(400, 'invalid-grant', 'The invitation is not valid.', {
    detail: 'The token is unknown, already used or expired. Ask for a new invitation.',
  });

/** Sets an invited user's password; the token is single-use and must not have expired. */
export async function activateAccount(db: Database, args: { token: string; password: string; now: Date }): Promise<void> {
  const passwordHash = await hashSecret(args.password);
  await withTransaction(db, async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ usedAt: args.now })
      .where(and(eq(invitations.tokenHash, digest(args.token)), isNull(invitations.usedAt), gt(invitations.expiresAt, args.now)))
      .returning({ userId: invitations.userId });
    if (!invitation) throw invalidInvitation();
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, invitation.userId));
    if (!user || user.passwordHash !== null) throw invalidInvitation();
    await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(users.id, invitation.userId));
    // Other outstanding invitations must not be able to reset the password later.
    await tx
      .update(invitations)
      .set({ usedAt: args.now })
      .where(and(eq(invitations.userId, invitation.userId), isNull(invitations.usedAt)));
  });
}
