/**
 * The background web hook sender: runs deliverPendingWebhooks on the shared schedule
 * (repeatingJob.ts: at start, then every `intervalMs` after the previous run ends, never two runs
 * at once in this process; other processes may run their own: claims keep them apart). `kick()` asks for a run soon, e.g. right
 * after a change committed. Only counts, ids and statuses are logged, never URLs, bodies or secrets.
 */
import type { Database } from '../db/openDatabase';
import type { Logger } from '../logger';
import { deliverPendingWebhooks, type DeliverWebhooksOptions, type WebhookRunCounts } from './deliverWebhooks';
import { startRepeatingJob, type RepeatingJob } from './repeatingJob';

/** Pause between runs of the real service: how late an event reaches a receiver at most, when nothing kicks. */
export const WEBHOOK_POLL_INTERVAL_MS = 1_000;

export interface StartWebhookDeliveryOptions extends Omit<DeliverWebhooksOptions, 'logger'> {
  db: Database;
  logger: Logger;
  intervalMs?: number;
  /** Tests drive runs themselves with runNow(): no run at start, no timer. */
  manual?: boolean;
}

/** Handle on the running schedule (runNow, kick, stop). */
export type WebhookDelivery = RepeatingJob<WebhookRunCounts>;

/** Starts delivering web hooks (see the module comment). */
export function startWebhookDelivery(options: StartWebhookDeliveryOptions): WebhookDelivery {
  const { db, logger, intervalMs = WEBHOOK_POLL_INTERVAL_MS, manual = false, ...tuning } = options;
  return startRepeatingJob({
    name: 'web hook delivery',
    intervalMs,
    manual,
    logger,
    // A stop ends a run after its current round (at most one request timeout), not after all of them.
    run: (shouldStop) => deliverPendingWebhooks(db, { ...tuning, logger, shouldStop }),
    report(counts) {
      if (counts.delivered + counts.failed + counts.gaveUp > 0) logger.info('web hook delivery', { ...counts });
    },
  });
}
