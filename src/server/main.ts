/**
 * `npm start` (`node build/server/main.js`): validates the settings and runs the service, as one
 * process or, with WORKERS > 1 on PostgreSQL, as a node:cluster of processes sharing the port.
 * The first worker migrates the database and seeds the demo before the others start, so they
 * never race; the banner is printed once all are ready. SIGTERM or SIGINT stops every process gracefully (startService.ts).
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { parseEnv, type Env } from './env';
import { createLogger, type LogFormat, type Logger } from './logger';
import { serveClusterMetrics } from './metrics/clusterMetrics';
import { startService } from './startService';

type WorkerMessage = { kind: 'ready'; banner: string };

/** LOG_FORMAT's `auto`: short lines for a person at a terminal, JSON for anything else. */
function logFormat(settings: Env): LogFormat {
  if (settings.LOG_FORMAT !== 'auto') return settings.LOG_FORMAT;
  return process.stdout.isTTY ? 'pretty' : 'json';
}

function loggerFor(settings: Env): Logger {
  const format = logFormat(settings);
  const color = format === 'pretty' && process.stdout.isTTY && !process.env.NO_COLOR;
  return createLogger(settings.LOG_LEVEL, undefined, { format, color });
}

function fail(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** One service in this process; `provision` seeds the demo and the administrator. */
async function runOne(settings: Env, provision: boolean, announce: (banner: string) => void): Promise<void> {
  const logger = loggerFor(settings);
  const output = { format: logFormat(settings), write: (text: string) => void process.stdout.write(text) };
  const running = await startService(settings, logger, { provision, output });
  announce(running.banner);
  const stop = (signal: string) =>
    void running.stop(signal).then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    );
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** The cluster's primary: starts the first worker, then the rest, and passes signals on. */
function runPrimary(settings: Env, workers: number): void {
  const logger = loggerFor(settings);
  if (settings.METRICS) serveClusterMetrics();
  let stopping = false;
  const fork = (provision: boolean) => cluster.fork({ KIOSK_WORKER_PROVISION: provision ? '1' : '0' });
  const first = fork(true);
  // The banner is printed once every worker is ready (each listens), so it is true when read.
  let ready = 0;
  let banner = '';
  /** Workers that finished starting; only those are replaced when they die. */
  const started = new Set<number>();
  cluster.on('message', (worker, message: WorkerMessage | { kind: string }) => {
    if (message.kind !== 'ready' || !('banner' in message)) return;
    ready += 1;
    started.add(worker.id);
    if (worker === first) {
      banner = message.banner;
      for (let index = 1; index < workers; index += 1) fork(false);
    }
    if (ready === workers) process.stdout.write(banner.replace('\n\n', `\n  Processes: ${workers} (node:cluster)\n\n`));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!started.has(worker.id)) {
      // It failed while starting (the database unreachable, a migration refused): starting
      // another would fail the same way, over and over. Stop the rest and say so.
      logger.error('service process failed to start; stopping', { pid: worker.process.pid, code, signal });
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    // A worker that died unasked is replaced (its requests in flight are replayed by the kiosks).
    logger.error('service process exited; starting another', { pid: worker.process.pid, code, signal });
    fork(false);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

function main(): void {
  let settings: Env;
  try {
    settings = parseEnv(process.env);
  } catch (error) {
    fail(error);
  }
  const workers = settings.WORKERS === 0 ? availableParallelism() : settings.WORKERS;
  if (cluster.isPrimary) {
    if (workers <= 1) {
      void runOne(settings, true, (banner) => process.stdout.write(banner)).catch(fail);
      return;
    }
    if (!settings.DATABASE_URL) fail('Invalid settings:\n  WORKERS above 1 needs DATABASE_URL (PGlite lives inside one process)');
    runPrimary(settings, workers);
    return;
  }
  const provision = process.env.KIOSK_WORKER_PROVISION === '1';
  void runOne(settings, provision, (banner) => process.send?.({ kind: 'ready', banner } satisfies WorkerMessage)).catch(fail);
}

main();
