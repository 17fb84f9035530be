/**
 * `npm start`: validates the settings, opens the database (PGlite in DATA_DIR unless DATABASE_URL
 * names a PostgreSQL server) and migrates it, serves the API and the kiosk on one port, seeds the
 * demo when DEMO=1, and runs the background jobs. /healthz answers 200 once all of that is done.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from './db/openDatabase';
import { ensureServiceSecrets } from './services/serviceSecrets';
import { kiosks } from './db/schema';
import { ensureDemo } from './demo/seedDemo';
import { parseEnv } from './env';
import { pruneIdempotencyKeys } from './http/idempotency';
import { pruneSecurityRecords } from './jobs/pruneSecurityRecords';
import { startOutboxDelivery } from './jobs/startOutboxDelivery';
import { startWebhookDelivery } from './jobs/startWebhookDelivery';
import { createLogger } from './logger';
import { createServer, listen } from './server';
import { ensureUser } from './services/provisioning';

const HOUR_MS = 60 * 60 * 1000;

async function main() {
  const settings = parseEnv(process.env);
  const logger = createLogger(settings.LOG_LEVEL);
  const dataDir = resolve(settings.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const opened = await openDatabase(
    settings.DATABASE_URL
      ? { kind: 'postgres', url: settings.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  );
  const db = opened.db;
  await ensureServiceSecrets(db);
  const now = () => new Date();
  const deps = { db, settings, now, logger };
  const staticRoot = fileURLToPath(new URL('../../dist', import.meta.url));
  const { fetch, service } = createServer(deps, { staticRoot });

  let ready = false;
  const { server, port } = await listen(
    (request: Request) =>
      ready
        ? fetch(request)
        : new Response(JSON.stringify({ status: 'starting' }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '1' },
          }),
    { hostname: settings.HOST, port: settings.PORT },
  );
  const shownHost = settings.HOST === '0.0.0.0' || settings.HOST === '::' ? '127.0.0.1' : settings.HOST;
  const baseUrl = settings.PUBLIC_URL ?? `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;

  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    await ensureUser(db, { email: settings.ADMIN_EMAIL, name: 'Administrator', password: settings.ADMIN_PASSWORD });
    logger.info('administrator account ready', { email: settings.ADMIN_EMAIL });
  }
  let demoNote = '';
  if (settings.DEMO) {
    const demo = await ensureDemo(db, service, {
      dataDir,
      baseUrl,
      ianaTimeZone: 'Europe/London',
      firstKioskId: async (businessId) => {
        const [first] = await db.select({ id: kiosks.id }).from(kiosks).where(eq(kiosks.businessId, businessId)).orderBy(asc(kiosks.id));
        return first?.id ?? 0;
      },
    });
    demoNote = `\n  Demo ${demo.created ? 'seeded' : 'ready'}: credentials and PINs in ${join(dataDir, 'demo.json')}`;
  }

  const prune = async () => {
    const cutoff = new Date(Date.now() - settings.IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS);
    const removed = await pruneIdempotencyKeys(db, cutoff);
    if (removed > 0) logger.info('pruned idempotency keys', { removed });
    const security = await pruneSecurityRecords(db, new Date(), settings);
    if (security > 0) logger.info('pruned rate-limit counters, sign-in lockouts and wrong-PIN reports', { removed: security });
  };
  await prune();
  const pruneTimer = setInterval(() => void prune().catch((error: unknown) => logger.error('prune failed', { error: String(error) })), HOUR_MS);
  pruneTimer.unref();

  const mail = settings.SMTP_URL
    ? startOutboxDelivery({ db, smtpUrl: settings.SMTP_URL, mailFrom: settings.MAIL_FROM, logger, intervalMs: 30_000 })
    : null;
  // Web hooks always go (a registration is the switch); the outbox keeps them across restarts.
  const webhooks = startWebhookDelivery({
    db,
    logger,
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
    allowPrivate: settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
  });

  ready = true;
  const database = opened.kind === 'pglite' ? `PGlite in ${join(dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)';
  process.stdout.write(
    `\nKiosk Clock is running at ${baseUrl}\n  API reference: ${baseUrl}/docs\n  Database: ${database}\n  Mail: ${mail ? 'sent through SMTP_URL' : 'kept in the outbox table (set SMTP_URL to send it)'}${demoNote}\n\n`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    clearInterval(pruneTimer);
    await mail?.stop();
    await webhooks.stop();
    await new Promise<void>((done) => server.close(() => done()));
    await opened.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
