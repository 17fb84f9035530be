/**
 * The schedule every background sender shares (mail, web hooks): one run at start, then one every
 * `intervalMs` after the previous run ends, never two runs at once in this process; `runNow()` for
 * a run on demand (queued behind the one in progress), `kick()` for the next scheduled run at once,
 * `stop()` to cancel the schedule and wait for a run in progress. A failing run is logged with the
 * database driver's own message and the schedule carries on. The timer does not keep the process
 * alive on its own.
 */
import type { Logger } from '../logger';

export interface RepeatingJob<T> {
  /** Runs a pass now (after the one in progress, if any) and returns its result. */
  runNow(): Promise<T>;
  /** Asks for a run as soon as the current one (if any) ends. */
  kick(): void;
  /** Cancels the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface RepeatingJobOptions<T> {
  /** What the log lines and errors call the job, e.g. "outbox delivery". */
  name: string;
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** Tests drive runs themselves with runNow(): no run at start, no timer. */
  manual?: boolean;
  logger: Logger;
  /** One pass; `shouldStop()` turns true once stop() is called, so a long pass can end early. */
  run(shouldStop: () => boolean): Promise<T>;
  /** Logs a finished pass's result (counts only). */
  report(result: T): void;
}

/**
 * The database driver's own message: Drizzle wraps it in one that repeats the query and its
 * parameters (which may hold recorded data), so the wrapper's text is not logged.
 */
function describeRunError(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? error.cause.message : error.message;
  return String(error);
}

/** Starts the schedule described in the module comment. */
export function startRepeatingJob<T>(options: RepeatingJobOptions<T>): RepeatingJob<T> {
  const { name, intervalMs, manual = false, logger } = options;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) throw new Error('intervalMs must be a positive number');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** The tail of the run queue; runs are chained so they never overlap. */
  let queue: Promise<unknown> = Promise.resolve();

  const run = (): Promise<T> => {
    const next = queue.then(async () => {
      try {
        const result = await options.run(() => stopped);
        options.report(result);
        return result;
      } catch (error) {
        logger.error(`${name} run failed`, { error: describeRunError(error) });
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
      if (stopped) return Promise.reject(new Error(`${name} has been stopped`));
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
