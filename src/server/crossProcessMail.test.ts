/**
 * Scaled out: the mail outbox with two service processes on one PostgreSQL, both
 * running their senders (SMTP_URL set on both). Each message is sent once; a process killed
 * (SIGKILL) while the SMTP server holds its message leaves a lease, after which another process
 * sends it. Each sender runs once at start and then every 30 s, so the processes are started
 * with the mail already waiting. PostgreSQL only; skipped on api-pglite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/openDatabase';
import { enqueueMessage } from './services/mail/outbox';
import { startMailSink, type MailSink } from './testing/mailSink';
import { eventually } from './testing/processPair';
import { createPostgresDatabase, spawnService, type ServiceProcess } from './testing/serviceProcess';

const onPostgres = inject('databaseKind') === 'postgres';
const MESSAGES = 12;

let sink: MailSink;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  if (!onPostgres) return;
  sink = await startMailSink();
  cleanups.push(() => sink.close());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface OutboxState {
  attempts: number;
  leased: boolean;
  sent: boolean;
}

/** A fresh migrated database with these e-mails queued (as a request's transaction queues them), and a query on it. */
async function databaseWithMail(subjects: readonly string[]): Promise<{ url: string; outbox(): Promise<OutboxState[]>; expireLeases(): Promise<void> }> {
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  const opened = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
  for (const subject of subjects) {
    await enqueueMessage(opened.db, { businessId: null, channel: 'email', recipient: 'staff@example.test', subject, body: `About ${subject}.` });
  }
  await opened.close();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  return {
    url: database.url,
    outbox: async () =>
      (await client.query<OutboxState>("select attempts, coalesce(claimed_until > now(), false) as leased, sent_at is not null as sent from outbox where channel = 'email' order by id")).rows,
    // Leases last 10 minutes; the tests let that time pass at once.
    expireLeases: async () => {
      await client.query("update outbox set claimed_until = now() - interval '1 second' where claimed_until is not null");
    },
  };
}

async function started(settings: Record<string, string>): Promise<ServiceProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-mail-'));
  cleanups.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
  const service = await spawnService({ ...settings, DATA_DIR: dataDir, SMTP_URL: sink.url, DEMO: '0' });
  cleanups.push(() => service.end());
  return service;
}

/** Messages a process's mail sender reports sending (its `outbox delivery` log lines). */
function sentBy(process: ServiceProcess): number {
  let total = 0;
  for (const line of process.output().split('\n')) {
    if (line.includes('"message":"outbox delivery"')) total += (JSON.parse(line) as { sent?: number }).sent ?? 0;
  }
  return total;
}

// Skipped under api-pglite: PGlite lives inside one process, so two processes cannot share it;
// api-postgres runs these on every test run.
describe.skipIf(!onPostgres)('the mail outbox with two service processes on one PostgreSQL', () => {
  it(`${MESSAGES} messages waiting when both processes start: each sent once, by the two senders together`, async () => {
    const subjects = Array.from({ length: MESSAGES }, (_, n) => `Message ${String(n + 1).padStart(2, '0')}`);
    const database = await databaseWithMail(subjects);
    sink.received.length = 0;
    // Slow acknowledgements, so the two first runs overlap.
    sink.dataDelayMs = 250;
    const [a, b] = await Promise.all([started({ DATABASE_URL: database.url }), started({ DATABASE_URL: database.url })]);
    await eventually('every message sent', () => sink.received.length >= MESSAGES, 20_000);
    await eventually('both senders reported', () => sentBy(a) + sentBy(b) === MESSAGES);
    // Started together with ${MESSAGES} × 250 ms of sending waiting, both senders take a share.
    expect([sentBy(a), sentBy(b)].map((sent) => sent > 0)).toEqual([true, true]);
    // A moment for a duplicate to show up, were there one.
    await new Promise((done) => setTimeout(done, 500));
    expect(sink.received.map((mail) => mail.subject).sort()).toEqual(subjects);
    expect(await database.outbox()).toEqual(subjects.map(() => ({ attempts: 1, leased: false, sent: true })));
  });

  it('a process killed while the SMTP server holds its message: the lease runs out and another process sends it, once', async () => {
    const database = await databaseWithMail(['Your new PIN']);
    sink.received.length = 0;
    sink.dataDelayMs = 0;
    sink.holdData = true;
    const first = await started({ DATABASE_URL: database.url });
    await eventually('the first process is sending', () => sink.held.includes('Your new PIN'));
    first.signal('SIGKILL');
    await first.exited;
    sink.holdData = false;
    expect(await database.outbox()).toEqual([{ attempts: 1, leased: true, sent: false }]);

    await database.expireLeases();
    await started({ DATABASE_URL: database.url });
    await eventually('another process sent it', async () => (await database.outbox())[0]?.sent === true);
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Your new PIN']);
    expect(await database.outbox()).toEqual([{ attempts: 2, leased: false, sent: true }]);
  });
});
