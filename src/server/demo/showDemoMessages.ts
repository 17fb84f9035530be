/**
 * In demo mode, every message the service writes to its outbox for a demo business (PIN reset
 * codes by e-mail or text, invitations, e-mail confirmations) is also printed where the person
 * trying the demo is looking: the terminal `npm start` runs in. Without it the code a "Forgot
 * PIN?" sends would sit in a table of the embedded database, which nobody can read while the
 * service runs. The terminal rather than a manager screen: it needs no route, no sign-in and no
 * screen that could ever show a real business's messages; only the demo businesses' rows are
 * read, and only when DEMO is on, so a real business's codes never reach the log even then.
 *
 * Printed as written (the logger's redaction would hide the very tokens an invitation carries),
 * so it bypasses the logger on purpose. The rows are not marked sent: with SMTP_URL set, e-mail
 * still goes out as usual. It polls by id (the primary key) every second, starting after the
 * newest row at start-up, so a restart does not print old messages again.
 */
import { and, asc, gt, inArray, max } from 'drizzle-orm';
import type { Database } from '../db/openDatabase';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import { startRepeatingJob, type RepeatingJob } from '../jobs/repeatingJob';

export interface DemoMessage {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
}

/** The message as a block for a person at a terminal. */
export function demoMessageBlock(message: DemoMessage): string {
  const kind = message.channel === 'sms' ? 'Text message' : 'E-mail';
  const rule = '-'.repeat(72);
  const lines = [
    rule,
    `${kind} to ${message.recipient} (demo: shown here${message.channel === 'sms' ? ', not sent' : ''})`,
    ...(message.channel === 'sms' ? [] : [`Subject: ${message.subject}`]),
    '',
    ...message.body.split('\n'),
    rule,
  ];
  return `${lines.join('\n')}\n`;
}

/** The message as one JSON line, beside the JSON log lines. */
export function demoMessageJson(message: DemoMessage): string {
  const { channel, recipient, subject, body, createdAt } = message;
  return `${JSON.stringify({ time: createdAt.toISOString(), level: 'info', message: 'demo message', channel, recipient, subject, body })}\n`;
}

export interface ShowDemoMessagesOptions {
  db: Database;
  /** The demo businesses (UK and AU); no other business's messages are read. */
  businessIds: readonly number[];
  /** Writes a formatted message (standard output in the service). */
  print: (message: DemoMessage) => void;
  logger: Logger;
  intervalMs?: number;
  /** Tests run passes themselves. */
  manual?: boolean;
}

/** Starts printing the demo businesses' new outbox rows; stop() ends it. */
export async function showDemoMessages(options: ShowDemoMessagesOptions): Promise<RepeatingJob<number>> {
  const { db, businessIds, print } = options;
  const [newest] = await db.select({ id: max(outbox.id) }).from(outbox);
  let after = newest?.id ?? 0;
  return startRepeatingJob({
    name: 'demo messages',
    intervalMs: options.intervalMs ?? 1000,
    manual: options.manual ?? false,
    logger: options.logger,
    async run() {
      const rows = await db
        .select()
        .from(outbox)
        .where(and(gt(outbox.id, after), inArray(outbox.businessId, [...businessIds])))
        .orderBy(asc(outbox.id))
        .limit(50);
      for (const row of rows) {
        print({ channel: row.channel, recipient: row.recipient, subject: row.subject, body: row.body, createdAt: row.createdAt });
        after = row.id;
      }
      return rows.length;
    },
    report: () => undefined,
  });
}
