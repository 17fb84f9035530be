/**
 * Employee self-service credentials (the invite and revoke routes are project
 * extensions). An admin invites an employee by e-mail through the existing invitation flow; the
 * invitation names the employee and carries no business access. Accepting it (activating a new
 * account, or accepting with an existing one) links the user to that one employee
 * (self_service_links), which is all `access('self')` routes ask for (auth/access.ts
 * authorizeSelf). The user then signs in with the ordinary OAuth password grant.
 */
import { and, eq } from 'drizzle-orm';
import type { SelfServiceInvitationModel } from '../../../contract/supporting/selfService';
import type { Database } from '../../db/openDatabase';
import { selfServiceLinks } from '../../db/schema';
import { invalidField, notFound } from '../../errors/apiError';
import { checkedEmail, userByEmail } from './access';
import { loadEmployee } from '../people/employees';
import { cancelSelfServiceInvitations, createInvitation, INVITATION_TTL_MS } from './invitations';
import { isCurrentEmployee } from '../people/kioskEmployees';
import { ensureUser } from '../businesses/provisioning';
import { withTransaction } from '../../db/transactions';

export interface SelfServiceInvitation {
  businessId: number;
  businessName: string;
  employeeId: number;
  /** The address to invite; the employee's own e-mail address when not given. */
  emailAddress: string | null | undefined;
  now: Date;
  publicUrl: string | undefined;
}

/** Invites the employee to self-service (replacing their open self-service invitation) and e-mails the token. */
export async function inviteToSelfService(db: Database, args: SelfServiceInvitation): Promise<SelfServiceInvitationModel> {
  return withTransaction(db, async (tx) => {
    const employee = await loadEmployee(tx, args.businessId, args.employeeId);
    if (!isCurrentEmployee(employee, args.now)) {
      throw invalidField('validation-failed', 'employeeId', `Employee ${args.employeeId} has left: they cannot be invited to self-service.`);
    }
    const given = args.emailAddress?.trim() ? args.emailAddress : employee.email;
    if (!given?.trim()) {
      throw invalidField('validation-failed', 'emailAddress', 'The employee has no e-mail address: give one to send the invitation to.');
    }
    const email = checkedEmail('emailAddress', given);
    const name = `${employee.firstName} ${employee.surname}`.trim();
    const user = (await userByEmail(tx, email)) ?? (await ensureUser(tx, { email, name }));
    await createInvitation(tx, {
      user,
      businessId: args.businessId,
      businessName: args.businessName,
      model: null,
      employeeId: employee.id,
      now: args.now,
      publicUrl: args.publicUrl,
      notify: true,
    });
    return { employeeId: employee.id, emailAddress: email, expiresUtc: new Date(args.now.getTime() + INVITATION_TTL_MS).toISOString() };
  });
}

/** Ends the employee's self-service: every user's link to them and any open invitation; 404 when there was neither. */
export async function revokeSelfService(db: Database, businessId: number, employeeId: number, now: Date): Promise<void> {
  await withTransaction(db, async (tx) => {
    await loadEmployee(tx, businessId, employeeId);
    const removed = await tx
      .delete(selfServiceLinks)
      .where(and(eq(selfServiceLinks.businessId, businessId), eq(selfServiceLinks.employeeId, employeeId)))
      .returning({ id: selfServiceLinks.id });
    const withdrawn = await cancelSelfServiceInvitations(tx, employeeId, now);
    if (removed.length === 0 && withdrawn === 0) throw notFound(`Self-service of employee ${employeeId}`);
  });
}

/** Links a user to the employee an accepted self-service invitation names (inside the acceptance's transaction). */
export async function linkSelfService(tx: Database, link: { userId: number; businessId: number; employeeId: number }): Promise<void> {
  await tx.insert(selfServiceLinks).values(link).onConflictDoNothing();
}
