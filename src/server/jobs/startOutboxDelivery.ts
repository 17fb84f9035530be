/**
 * The background e-mail sender: creates the SMTP transport from SMTP_URL and runs
 * deliverPendingMail on the shared schedule (repeatingJob.ts), never two runs at once. Only counts
 * and row ids are logged, never recipients or message bodies. The service starts it only when
 * SMTP_URL is set; without it mail simply stays in the outbox table.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../db/openDatabase';
import type { Logger } from '../logger';
import { deliverPendingMail, type DeliverPendingMailOptions, type DeliveryCounts } from './deliverOutbox';
import { startRepeatingJob, type RepeatingJob } from './repeatingJob';

/** SMTP timeouts (ms), shorter than nodemailer's defaults so a send always ends well within the lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 };

/** What startOutboxDelivery needs; the delivery tuning options of deliverPendingMail may be added. */
export interface StartOutboxDeliveryOptions extends Omit<DeliverPendingMailOptions, 'from' | 'logger'> {
  db: Database;
  /** SMTP_URL, e.g. `smtp://user:pass@mail.example.com:587` (query parameters can set nodemailer options). */
  smtpUrl: string;
  /** MAIL_FROM. */
  mailFrom: string;
  logger: Logger;
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
}

/** Handle on the running schedule; stop() also closes the transport. */
export type OutboxDelivery = RepeatingJob<DeliveryCounts>;

/**
 * Starts delivering outbox e-mail on the shared schedule (repeatingJob.ts): one run at start,
 * then one every `intervalMs` after the previous run ends.
 */
export function startOutboxDelivery(options: StartOutboxDeliveryOptions): OutboxDelivery {
  const { db, smtpUrl, mailFrom, logger, intervalMs, ...tuning } = options;
  // URL settings (host, port, credentials, ?query options) take precedence over these defaults.
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
  const deliverOptions: DeliverPendingMailOptions = { ...tuning, from: mailFrom, logger };
  const job = startRepeatingJob({
    name: 'outbox delivery',
    intervalMs,
    logger,
    run: () => deliverPendingMail(db, transport, deliverOptions),
    report(counts) {
      if (counts.sent > 0 || counts.failed > 0) logger.info('outbox delivery', { ...counts });
      else logger.debug('outbox delivery', { ...counts });
    },
  });
  return {
    ...job,
    async stop() {
      await job.stop();
      transport.close();
    },
  };
}
