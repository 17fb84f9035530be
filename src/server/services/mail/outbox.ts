/**
 * Outgoing messages (PIN resets, invitations). They are written to the outbox table in the same
 * transaction as the change that causes them, so a message is sent if and only if the change
 * committed; jobs/deliverOutbox.ts then sends e-mail through SMTP when it is configured.
 * SMS messages wait in the outbox for an SMS gateway (none is wired in this build).
 */
import type { Database } from '../../db/openDatabase';
import { outbox } from '../../db/schema';

export interface OutgoingMessage {
  businessId: number | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

export async function enqueueMessage(db: Database, message: OutgoingMessage): Promise<number> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  if (!row) throw new Error('insert returned no outbox row');
  return row.id;
}
