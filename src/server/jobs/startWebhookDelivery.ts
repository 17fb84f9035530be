/**
 * The background web hook sender: runs deliverPendingWebhooks at start and then every
 * `intervalMs` after the previous run ends, never two runs at once in this process (other
 * processes may run their own: claims keep them apart). `kick()` asks for a run soon, e.g. right
 * after a change committed. Only counts, ids and statuses are logged, never URLs, bodies or secrets.
 */
import type { Database } from '../db/openDatabase';
import type { Logger } from '../logger';
import { deliverPendingWebhooks, type DeliverWebhooksOptions, type WebhookRunCounts } from './deliverWebhooks';

/** Pause between runs of the real service: how late an event reaches a receiver at most, when nothing kicks. */
export const WEBHOOK_POLL_INTERVAL_MS = 1_000;

export interface StartWebhookDeliveryOptions extends Omit<DeliverWebhooksOptions, 'logger'> {
  db: Database;
  logger: Logger;
  intervalMs?: number;
  /** Tests drive runs themselves with runNow(): no run at start, no timer. */
  manual?: boolean;
}

export interface WebhookDelivery {
  /** Runs a delivery pass now (after the one in progress, if any) and returns its counts. */
  runNow(): Promise<WebhookRunCounts>;
  /** Asks for a run as soon as the current one (if any) ends. */
  kick(): void;
  /** Cancels the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/** The driver's own message (Drizzle's wrapper repeats the query and its parameters). */
function describeRunError(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? error.cause.message : error.message;
  return String(error);
}

/** Starts delivering web hooks (see the module comment). The timer does not keep the process alive. */
export function startWebhookDelivery(options: StartWebhookDeliveryOptions): WebhookDelivery {
  const { db, logger, intervalMs = WEBHOOK_POLL_INTERVAL_MS, manual = false, ...tuning } = options;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) throw new Error('intervalMs must be a positive number');
  let stopped = false;
  // A stop ends a run after its current round (at most one request timeout), not after all of them.
  const deliverOptions: DeliverWebhooksOptions = { ...tuning, logger, shouldStop: () => stopped };

  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const run = (): Promise<WebhookRunCounts> => {
    const next = queue.then(async () => {
      try {
        const counts = await deliverPendingWebhooks(db, deliverOptions);
        if (counts.delivered + counts.failed + counts.gaveUp > 0) logger.info('web hook delivery', { ...counts });
        return counts;
      } catch (error) {
        logger.error('web hook delivery run failed', { error: describeRunError(error) });
        throw error;
      }
    });
    queue = next.catch(() => undefined);
    return next;
  };

  const schedule = (delayMs: number) => {
    if (stopped || manual) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  };

  const tick = async (): Promise<void> => {
    timer = undefined;
    try {
      await run();
    } catch {
      // Already logged; the next tick tries again.
    }
    schedule(intervalMs);
  };

  schedule(0);

  return {
    runNow() {
      if (stopped) return Promise.reject(new Error('web hook delivery has been stopped'));
      return run();
    },
    kick() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await queue;
    },
  };
}
