/**
 * Invitations to a business. Access is never granted to someone who is not yet a user of the
 * business without their consent: the grant is kept with a one-time token, e-mailed to them, and
 * starts only when they accept (a new user accepts by choosing a password). Until then the business
 * is not in their list and they have no access. Only the token's digest is stored.
 * An invitation naming an employee (`employeeId`) is one to employee self-service: it
 * carries no business access and, accepted, links the user to that employee (selfService.ts).
 */
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { BusinessAccessModel } from '../../../contract/generated/models';
import { digest, newToken, TOKEN_PREFIX } from '../../auth/secrets';
import type { Database } from '../../db/openDatabase';
import { invitations } from '../../db/schema';
import { enqueueMessage } from '../mail/outbox';
import type { UserRow } from '../businesses/provisioning';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface NewInvitation {
  user: UserRow;
  businessId: number;
  businessName: string;
  /** The access the invitee gets on accepting (none for a self-service invitation). */
  model: BusinessAccessModel | null;
  /** Set for an invitation to self-service as this employee. */
  employeeId?: number;
  now: Date;
  /** Base URL for the instructions (PUBLIC_URL), when configured. */
  publicUrl: string | undefined;
  /** False when the caller asked for no notification e-mails. */
  notify: boolean;
}

const open = (now: Date) => and(isNull(invitations.usedAt), gt(invitations.expiresAt, now));
/** Invitations to the business itself, not to self-service. */
const toBusiness = isNull(invitations.employeeId);

/** The access of the user's open invitation to the business, if any. */
export async function openInvitationModel(db: Database, userId: number, businessId: number, now: Date): Promise<BusinessAccessModel | null> {
  const [row] = await db
    .select({ model: invitations.model })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), eq(invitations.businessId, businessId), toBusiness, open(now)))
    .orderBy(desc(invitations.id))
    .limit(1);
  const parsed = BusinessAccessModel.safeParse(row?.model);
  return parsed.success ? parsed.data : null;
}

/** Withdraws the user's open invitations to the business; returns how many there were. */
export async function cancelInvitations(db: Database, userId: number, businessId: number, now: Date): Promise<number> {
  return withdraw(db, and(eq(invitations.userId, userId), eq(invitations.businessId, businessId), toBusiness), now);
}

/** Withdraws the open self-service invitations of the employee (any user's); returns how many there were. */
export async function cancelSelfServiceInvitations(db: Database, employeeId: number, now: Date): Promise<number> {
  return withdraw(db, eq(invitations.employeeId, employeeId), now);
}

async function withdraw(db: Database, which: SQL | undefined, now: Date): Promise<number> {
  const cancelled = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(and(which, open(now)))
    .returning({ id: invitations.id });
  return cancelled.length;
}

function instructions(invitation: NewInvitation, token: string, expiresAt: Date): string[] {
  const base = invitation.publicUrl?.replace(/\/+$/, '') ?? '';
  const { user, businessName, employeeId } = invitation;
  const until = expiresAt.toISOString();
  const afterwards =
    employeeId === undefined
      ? []
      : [
          '',
          'Then sign in with your e-mail address and password (OAuth password grant, POST /api/v2/oauth/token) and',
          `clock on and off yourself under ${base}/api/v2/ess/${employeeId}/timeandattendance/.`,
        ];
  const invited =
    employeeId === undefined
      ? `You have been invited to ${businessName} on Kiosk Clock.`
      : `You have been invited to clock on and off for ${businessName} through employee self-service on Kiosk Clock.`;
  if (user.passwordHash === null) {
    return [
      invited,
      `To accept, activate your account: choose a password of at least 8 characters before ${until} by sending`,
      '',
      `  POST ${base}/api/v2/account/activate`,
      `  {"token": "${token}", "password": "<your new password>"}`,
      ...afterwards,
    ];
  }
  return [
    invited,
    `To accept, before ${until} send`,
    '',
    `  POST ${base}/api/v2/account/invitations/accept`,
    `  {"token": "${token}"}`,
    ...afterwards,
    '',
    employeeId === undefined
      ? `Until you accept, you have no access to ${businessName} and it does not appear among your businesses.`
      : 'Until you accept, you cannot clock on or off through self-service.',
  ];
}

/**
 * Replaces the user's open invitation to the business (or, to self-service, the employee's open
 * self-service invitations) with a new one, e-mailed unless `notify` is false.
 */
export async function createInvitation(db: Database, invitation: NewInvitation): Promise<void> {
  const { user, businessId, now, employeeId } = invitation;
  if (employeeId === undefined) await cancelInvitations(db, user.id, businessId, now);
  else await cancelSelfServiceInvitations(db, employeeId, now);
  const token = newToken(TOKEN_PREFIX.invitation);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await db
    .insert(invitations)
    .values({ userId: user.id, businessId, model: invitation.model, employeeId: employeeId ?? null, tokenHash: digest(token), expiresAt });
  if (!invitation.notify) return;
  await enqueueMessage(db, {
    businessId,
    channel: 'email',
    recipient: user.email,
    subject:
      employeeId === undefined
        ? `You have been invited to ${invitation.businessName}`
        : `Clock on and off for ${invitation.businessName} through self-service`,
    body: [
      `Hello ${user.name},`,
      '',
      ...instructions(invitation, token, expiresAt),
      '',
      `Your invitation token: ${token}`,
      '',
      'The token works once. If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  });
}

export interface UsedInvitation {
  userId: number;
  businessId: number | null;
  model: BusinessAccessModel | null;
  /** Set when it was an invitation to self-service as this employee. */
  employeeId: number | null;
}

/** Marks an open invitation used and returns it; null when the token is unknown, used or expired. */
export async function consumeInvitation(db: Database, token: string, now: Date): Promise<UsedInvitation | null> {
  const [row] = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.tokenHash, digest(token)), open(now)))
    .returning({ userId: invitations.userId, businessId: invitations.businessId, model: invitations.model, employeeId: invitations.employeeId });
  if (!row) return null;
  const parsed = BusinessAccessModel.safeParse(row.model);
  return { userId: row.userId, businessId: row.businessId, model: parsed.success ? parsed.data : null, employeeId: row.employeeId };
}
