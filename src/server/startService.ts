/**
 * One service process's life: opens the database (PGlite in DATA_DIR unless DATABASE_URL names a
 * PostgreSQL server) and migrates it, serves the API and the kiosk on one port, seeds the demo when
 * asked, runs the background jobs, and stops gracefully. main.ts runs one of these, or several
 * under node:cluster.
 *
 * Health: `/livez` answers 200 while the process runs (no database call: restart me only if this
 * fails); `/readyz` (and `/healthz`, its older name) answers 200 only once start-up is done, the
 * database answers, and the process is not stopping (send me traffic).
 *
 * Stopping (SIGTERM): readiness turns 503 at once, the port stops accepting, requests in flight
 * finish (idle keep-alive connections are closed; after SHUTDOWN_TIMEOUT_MS the rest are cut),
 * the senders finish the delivery in progress, and the database is closed last. A punch whose
 * answer was cut is replayed by the kiosk's outbox under the same idempotency key
 * (shutdown.test.ts proves it through real processes).
 *
 * Metrics (METRICS=1): /metrics answers in Prometheus's format (metrics/serviceMetrics.ts); under
 * node:cluster for the whole cluster (metrics/clusterMetrics.ts).
 */
import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from './db/openDatabase';
import { ensureServiceSecrets } from './auth/serviceSecrets';
import { setSecretHashCost } from './auth/secrets';
import { kiosks } from './db/schema';
import { bannerText, type BannerFacts } from './banner';
import { ensureDemo } from './demo/seedDemo';
import { AU_DEMO_FILE, ensureAuDemo } from './demo/seedAuDemo';
import { demoMessageBlock, demoMessageJson, showDemoMessages } from './demo/showDemoMessages';
import { toLocalDateTime } from '../domain/time';
import type { Env } from './env';
import { pruneIdempotencyKeys } from './http/idempotency';
import { pruneSecurityRecords } from './jobs/pruneSecurityRecords';
import { startOutboxDelivery } from './jobs/startOutboxDelivery';
import { startPhotoRetention } from './jobs/photoRetention';
import { startWebhookDelivery } from './jobs/startWebhookDelivery';
import type { LogFormat, Logger } from './logger';
import { clusterScrape } from './metrics/clusterMetrics';
import { createServiceMetrics } from './metrics/serviceMetrics';
import { createServer, listen, type NodeBindings } from './server';
import { ensureUser } from './services/businesses/provisioning';
import { createTestClock } from './testClock';

const HOUR_MS = 60 * 60 * 1000;

export interface RunningService {
  port: number;
  baseUrl: string;
  /** What `npm start` prints once ready. */
  banner: string;
  /** Graceful stop (module comment); resolves once the database is closed. */
  stop(reason: string): Promise<void>;
}

export interface StartOptions {
  /** Seed the demo and create ADMIN_EMAIL (the first process of a cluster only). */
  provision: boolean;
  /** Where the demo's messages are printed (demo/showDemoMessages.ts), and how. Default: standard output, JSON. */
  output?: { format: LogFormat; write: (text: string) => void };
}

const DEMO_ZONE = 'Europe/London';

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra } });
}

export async function startService(settings: Env, logger: Logger, options: StartOptions): Promise<RunningService> {
  const dataDir = resolve(settings.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const opened = await openDatabase(
    settings.DATABASE_URL
      ? { kind: 'postgres', url: settings.DATABASE_URL, poolSize: settings.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  );
  const db = opened.db;
  setSecretHashCost(settings.SECRET_HASH_COST);
  await ensureServiceSecrets(db);
  // Tests may start the clock elsewhere and move it (TEST_CLOCK, testClock.ts); otherwise real time.
  const testClock = settings.TEST_CLOCK === undefined ? undefined : createTestClock(settings.TEST_CLOCK);
  const now = testClock ? testClock.now : () => new Date();
  if (testClock) logger.info('TEST_CLOCK: the clock is set by tests', { now: now().toISOString() });
  const metrics = settings.METRICS
    ? createServiceMetrics({ db, databaseKind: opened.kind, ...(opened.poolStats ? { poolStats: opened.poolStats } : {}) })
    : undefined;
  const deps = { db, settings, now, logger, ...(metrics ? { metrics } : {}) };
  const staticRoot = fileURLToPath(new URL('../../dist', import.meta.url));
  let phase: 'starting' | 'ready' | 'stopping' = 'starting';
  // Under node:cluster a scrape answers for every process (metrics/clusterMetrics.ts).
  const scrape = metrics && (cluster.isWorker ? clusterScrape(metrics.registry) : () => metrics.registry.metrics());
  const { fetch, service } = createServer(deps, {
    staticRoot,
    phase: () => phase,
    ...(metrics && scrape ? { metrics: { scrape, contentType: metrics.registry.contentType } } : {}),
    ...(testClock ? { testClock } : {}),
  });
  const HEALTH = new Set(['/livez', '/readyz', '/healthz']);
  // The server's bindings (the connection) go along: the peer's address comes from them.
  const handle = (request: Request, bindings?: NodeBindings): Promise<Response> =>
    phase === 'starting' && !HEALTH.has(new URL(request.url).pathname)
      ? Promise.resolve(json(503, { status: 'starting' }, { 'retry-after': '1' }))
      : fetch(request, bindings);
  const { server, port } = await listen(handle, { hostname: settings.HOST, port: settings.PORT });
  const shownHost = settings.HOST === '0.0.0.0' || settings.HOST === '::' ? '127.0.0.1' : settings.HOST;
  const baseUrl = settings.PUBLIC_URL ?? `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;

  let demo: BannerFacts['demo'];
  let demoMessages: Awaited<ReturnType<typeof showDemoMessages>> | null = null;
  if (options.provision) {
    if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
      await ensureUser(db, { email: settings.ADMIN_EMAIL, name: 'Administrator', password: settings.ADMIN_PASSWORD });
      logger.info('administrator account ready', { email: settings.ADMIN_EMAIL });
    }
    if (settings.DEMO) {
      const started = performance.now();
      const uk = await ensureDemo(db, service, {
        dataDir,
        baseUrl,
        ianaTimeZone: DEMO_ZONE,
        now: now(),
        firstKioskId: async (businessId) => {
          const [first] = await db.select({ id: kiosks.id }).from(kiosks).where(eq(kiosks.businessId, businessId)).orderBy(asc(kiosks.id));
          return first?.id ?? 0;
        },
      });
      const au = await ensureAuDemo(db, service, { dataDir, baseUrl, manager: uk.file.manager });
      // The demo's own API calls are logged at debug level: one line says what seeding did.
      const staff = uk.file.staff.length + (uk.file.counterKiosk?.staff.length ?? 0) + au.staff.length;
      logger.info(uk.created ? 'demo seeded' : 'demo ready', { businesses: 2, staff, seconds: Math.round((performance.now() - started) / 100) / 10 });
      const laidAround = uk.file.seededAt ? toLocalDateTime(new Date(uk.file.seededAt), DEMO_ZONE).slice(11, 16) : null;
      demo = { created: uk.created, file: join(dataDir, 'demo.json'), auFile: join(dataDir, AU_DEMO_FILE), laidAround, zone: DEMO_ZONE };
      const output = options.output ?? { format: 'json', write: (text: string) => process.stdout.write(text) };
      demoMessages = await showDemoMessages({
        db,
        businessIds: [uk.file.businessId, au.businessId],
        logger,
        print: (message) => output.write(output.format === 'pretty' ? demoMessageBlock(message) : demoMessageJson(message)),
      });
    }
  }

  const prune = async () => {
    const cutoff = new Date(now().getTime() - settings.IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS);
    const removed = await pruneIdempotencyKeys(db, cutoff);
    if (removed > 0) logger.info('pruned idempotency keys', { removed });
    const security = await pruneSecurityRecords(db, now(), settings);
    if (security > 0) logger.info('pruned rate-limit counters, sign-in lockouts and wrong-PIN reports', { removed: security });
  };
  await prune();
  const pruneTimer = setInterval(() => void prune().catch((error: unknown) => logger.error('prune failed', { error: String(error) })), HOUR_MS);
  pruneTimer.unref();

  const mail = settings.SMTP_URL
    ? startOutboxDelivery({ db, smtpUrl: settings.SMTP_URL, mailFrom: settings.MAIL_FROM, logger, intervalMs: 30_000, now })
    : null;
  // Web hooks always go (a registration is the switch); the outbox keeps them across restarts.
  const webhooks = startWebhookDelivery({
    db,
    logger,
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
    allowPrivate: settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    now,
  });

  // One process of a cluster runs it (the one that provisions), so each hour has one run record.
  const photoRetention = options.provision ? startPhotoRetention({ db, logger, now }) : null;

  phase = 'ready';
  const banner = bannerText({
    baseUrl,
    host: settings.HOST,
    port,
    publicUrl: settings.PUBLIC_URL,
    database: opened.kind === 'pglite' ? `PGlite in ${join(dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)',
    smtpConfigured: mail !== null,
    ...(demo ? { demo } : {}),
  });

  let stopped: Promise<void> | null = null;
  const stop = (reason: string): Promise<void> => {
    stopped ??= (async () => {
      phase = 'stopping';
      logger.info('shutting down', { reason });
      clearInterval(pruneTimer);
      // Readiness is 503 from here; a front end's next health check moves traffic away before
      // the port closes, so no request is left in the accept queue of a closing port.
      if (settings.SHUTDOWN_DRAIN_MS > 0) await new Promise((done) => setTimeout(done, settings.SHUTDOWN_DRAIN_MS));
      const closed = new Promise<void>((done) => server.close(() => done()));
      // Keep-alive connections with no request in flight would hold close() open.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      const cut = setTimeout(() => {
        logger.info('cutting connections still open at the shutdown deadline', { timeoutMs: settings.SHUTDOWN_TIMEOUT_MS });
        if ('closeAllConnections' in server) server.closeAllConnections();
      }, settings.SHUTDOWN_TIMEOUT_MS);
      cut.unref();
      await Promise.all([closed, mail?.stop(), webhooks.stop(), photoRetention?.stop(), demoMessages?.stop()]);
      clearTimeout(cut);
      await opened.close();
      logger.info('stopped', { reason });
    })();
    return stopped;
  };
  return { port, baseUrl, banner, stop };
}
