/**
 * The background e-mail sender: creates the SMTP transport from SMTP_URL and runs
 * deliverPendingMail at start and then every `intervalMs`, never two runs at once. Only counts
 * and row ids are logged, never recipients or message bodies. The service starts it only when
 * SMTP_URL is set; without it mail simply stays in the outbox table.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../db/openDatabase';
import type { Logger } from '../logger';
import { deliverPendingMail, type DeliverPendingMailOptions, type DeliveryCounts } from './deliverOutbox';

/** SMTP timeouts (ms), shorter than nodemailer's defaults so a send always ends well within the lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 };

/**
 * The database driver's own message: Drizzle wraps it in one that repeats the query and its
 * parameters (which may include a recorded SMTP reply), so the wrapper's text is not logged.
 */
function describeRunError(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? error.cause.message : error.message;
  return String(error);
}

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

/** Handle on the running schedule. */
export interface OutboxDelivery {
  /** Runs a delivery pass now (after the one in progress, if any) and returns its counts. */
  runNow(): Promise<DeliveryCounts>;
  /** Cancels the schedule, waits for a run in progress and closes the transport. */
  stop(): Promise<void>;
}

/**
 * Starts delivering outbox e-mail: one run immediately, then one every `intervalMs` after the
 * previous run ends. A failing run is logged and the schedule carries on. The timer does not
 * keep the process alive on its own.
 */
export function startOutboxDelivery(options: StartOutboxDeliveryOptions): OutboxDelivery {
  const { db, smtpUrl, mailFrom, logger, intervalMs, ...tuning } = options;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) throw new Error('intervalMs must be a positive number');
  // URL settings (host, port, credentials, ?query options) take precedence over these defaults.
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
  const deliverOptions: DeliverPendingMailOptions = { ...tuning, from: mailFrom, logger };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** The tail of the run queue; runs are chained so they never overlap. */
  let queue: Promise<unknown> = Promise.resolve();

  const run = (): Promise<DeliveryCounts> => {
    const next = queue.then(async () => {
      try {
        const counts = await deliverPendingMail(db, transport, deliverOptions);
        if (counts.sent > 0 || counts.failed > 0) logger.info('outbox delivery', { ...counts });
        else logger.debug('outbox delivery', { ...counts });
        return counts;
      } catch (error) {
        logger.error('outbox delivery run failed', { error: describeRunError(error) });
        throw error;
      }
    });
    queue = next.catch(() => undefined);
    return next;
  };

  const tick = async (): Promise<void> => {
    timer = undefined;
    try {
      await run();
    } catch {
      // Already logged; the next tick tries again.
    }
    if (stopped) return;
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  };

  void tick();

  return {
    runNow() {
      if (stopped) return Promise.reject(new Error('outbox delivery has been stopped'));
      return run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await queue;
      transport.close();
    },
  };
}
