/**
 * Changes of a user's e-mail address (their sign-in name) wait for the new address to confirm
 * them: a one-time token is e-mailed there. So re-addressing someone answers alike whether or not
 * another account already uses the address, and nobody's sign-in name changes without its owner.
 * Only the token's digest is stored.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { digest, newToken, TOKEN_PREFIX } from '../../auth/secrets';
import type { Database } from '../../db/openDatabase';
import { emailChanges } from '../../db/schema';
import { enqueueMessage } from '../mail/outbox';
import type { UserRow } from '../businesses/provisioning';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export interface NewEmailChange {
  user: UserRow;
  newEmail: string;
  /** The business whose administrator asked (for the message), or null for the user's own request. */
  businessId: number;
  now: Date;
  publicUrl: string | undefined;
}

/** Replaces the user's open e-mail change with one to `newEmail`, and sends its token there. */
export async function requestEmailChange(db: Database, change: NewEmailChange): Promise<void> {
  const { user, newEmail, now } = change;
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
  const token = newToken(TOKEN_PREFIX.emailChange);
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
  await db.insert(emailChanges).values({ userId: user.id, newEmail, tokenHash: digest(token), expiresAt });
  const base = change.publicUrl?.replace(/\/+$/, '') ?? '';
  await enqueueMessage(db, {
    businessId: change.businessId,
    channel: 'email',
    recipient: newEmail,
    subject: 'Confirm your new e-mail address for Kiosk Clock',
    body: [
      `Hello ${user.name},`,
      '',
      `Your Kiosk Clock account is to use this address (${newEmail}) from now on. To confirm it, before ${expiresAt.toISOString()} send`,
      '',
      `  POST ${base}/api/v2/account/email/confirm`,
      `  {"token": "${token}"}`,
      '',
      'Until then you keep signing in with your current address. If you did not expect this, you can ignore this e-mail.',
    ].join('\n'),
  });
}

/** Marks an open change used and returns it; null when the token is unknown, used or expired. */
export async function consumeEmailChange(db: Database, token: string, now: Date): Promise<{ userId: number; newEmail: string } | null> {
  const [row] = await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.tokenHash, digest(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return row ?? null;
}
