/**
 * Outbox e-mail delivery against a real SMTP server (smtp-server) on loopback, on a real
 * migrated database (PGlite or PostgreSQL 15, per Vitest project).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { createLogger } from '../logger';
import { enqueueMessage, type OutgoingMessage } from '../services/mail/outbox';
import { startMailSink, type MailSink } from '../testing/mailSink';
import { startTestService, type TestService } from '../testing/testService';
import { deliverPendingMail } from './deliverOutbox';
import { startOutboxDelivery } from './startOutboxDelivery';

const FROM = 'Kiosk Clock <no-reply@kiosk.invalid>';
const T0 = '2026-03-02T09:00:00.000Z';

/** A TCP server that accepts connections and never says a word (an SMTP server that hangs). */
async function startSilentServer(): Promise<{ port: number; sockets: Socket[]; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function email(recipient: string, subject: string, body: string): OutgoingMessage {
  return { businessId: null, channel: 'email', recipient, subject, body };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let t: TestService;
let sink: MailSink;

beforeEach(async () => {
  t = await startTestService();
  t.clock.set(T0);
  sink = await startMailSink();
});

afterEach(async () => {
  await sink.close();
  await t.close();
});

async function row(id: number) {
  const [found] = await t.db.select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`outbox row ${id} missing`);
  return found;
}

describe('deliverPendingMail', () => {
  it('sends unsent e-mail oldest first, marks it sent, leaves SMS alone and sends nothing twice', async () => {
    const first = await enqueueMessage(t.db, email('ana@example.test', 'Your temporary kiosk PIN', 'Your temporary PIN is 482913.'));
    const sms = await enqueueMessage(t.db, { businessId: null, channel: 'sms', recipient: '+61400000000', subject: 'PIN', body: 'PIN 111222' });
    const second = await enqueueMessage(t.db, email('ben@example.test', 'You are invited', 'Open the link to choose a password.'));
    const transport = nodemailer.createTransport(sink.url);

    const counts = await deliverPendingMail(t.db, transport, { from: FROM, now: () => t.clock.now() });

    expect(counts).toEqual({ sent: 2, failed: 0 });
    expect(sink.received).toEqual([
      { envelopeTo: ['ana@example.test'], to: 'ana@example.test', subject: 'Your temporary kiosk PIN', text: 'Your temporary PIN is 482913.' },
      { envelopeTo: ['ben@example.test'], to: 'ben@example.test', subject: 'You are invited', text: 'Open the link to choose a password.' },
    ]);
    for (const id of [first, second]) {
      expect(await row(id)).toMatchObject({ sentAt: new Date(T0), attempts: 1, nextAttemptAt: null, claimedUntil: null, lastError: null });
    }
    expect(await row(sms)).toMatchObject({ sentAt: null, attempts: 0, nextAttemptAt: null, claimedUntil: null, lastError: null });

    expect(await deliverPendingMail(t.db, transport, { from: FROM, now: () => t.clock.now() })).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(2);
  });

  it('sends a long, non-ASCII body intact', async () => {
    const body = `Grüße, Zoë! ${'Clock on at the kiosk within 24 hours. '.repeat(5)}\nSecond line.`;
    await enqueueMessage(t.db, email('zoe@example.test', 'Hello', body));
    await deliverPendingMail(t.db, nodemailer.createTransport(sink.url), { from: FROM });
    expect(sink.received.map((mail) => mail.text)).toEqual([body.replace(/\n/g, '\r\n')]);
  });

  it('attempts at most batchSize rows per run', async () => {
    for (const n of [1, 2, 3]) await enqueueMessage(t.db, email(`e${n}@example.test`, `Message ${n}`, `Body ${n}`));
    const transport = nodemailer.createTransport(sink.url);

    expect(await deliverPendingMail(t.db, transport, { from: FROM, batchSize: 2 })).toEqual({ sent: 2, failed: 0 });
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Message 1', 'Message 2']);
    expect(await deliverPendingMail(t.db, transport, { from: FROM, batchSize: 2 })).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Message 1', 'Message 2', 'Message 3']);
  });

  it('records a rejection, keeps the row, backs off exponentially and delivers once accepted', async () => {
    const body = 'Your temporary PIN is 905617. Use it within 24 hours.';
    const good = await enqueueMessage(t.db, email('ok@example.test', 'Fine', 'Fine body'));
    const bad = await enqueueMessage(t.db, email('gone@example.test', 'Your temporary kiosk PIN', body));
    sink.reject.add('gone@example.test');
    const transport = nodemailer.createTransport(sink.url);
    const options = { from: FROM, now: () => t.clock.now(), retryDelayMs: 60_000 };

    expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 1, failed: 1 });
    expect((await row(good)).sentAt).not.toBeNull();
    let failed = await row(bad);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: new Date('2026-03-02T09:01:00.000Z'), claimedUntil: null });
    expect(failed.lastError).toMatch(/^EENVELOPE: 550 .*Mailbox unavailable/);
    expect(failed.lastError).not.toContain('905617');
    expect(failed.lastError!.length).toBeLessThanOrEqual(200);

    // Not retried before its retry time.
    t.clock.advance(59_000);
    expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 0, failed: 0 });

    // Second failure: the wait doubles.
    t.clock.advance(1_000);
    expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 0, failed: 1 });
    failed = await row(bad);
    expect(failed).toMatchObject({ sentAt: null, attempts: 2, nextAttemptAt: new Date('2026-03-02T09:03:00.000Z'), claimedUntil: null });
    expect(failed.lastError).toMatch(/^EENVELOPE: 550 /);
    t.clock.advance(60_000);
    expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 0, failed: 0 });

    // The server accepts the recipient again; the next due run delivers.
    sink.reject.clear();
    t.clock.advance(60_000);
    expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 1, failed: 0 });
    expect(await row(bad)).toMatchObject({
      sentAt: new Date('2026-03-02T09:03:00.000Z'),
      attempts: 3,
      nextAttemptAt: null,
      claimedUntil: null,
      lastError: null,
    });
    expect(sink.received.map((mail) => mail.envelopeTo)).toEqual([['ok@example.test'], ['gone@example.test']]);
    expect(sink.received[1]?.text).toBe(body);
  });

  it('stops the run at the first connection failure and leaves the other rows untouched', async () => {
    const first = await enqueueMessage(t.db, email('a@example.test', 'A', 'Body A'));
    const second = await enqueueMessage(t.db, email('b@example.test', 'B', 'Body B'));
    const closed = await startSilentServer();
    const closedPort = closed.port;
    await closed.close(); // nothing listens there any more: connections are refused

    const counts = await deliverPendingMail(t.db, nodemailer.createTransport(`smtp://127.0.0.1:${closedPort}`), {
      from: FROM,
      now: () => t.clock.now(),
    });

    expect(counts).toEqual({ sent: 0, failed: 1 });
    const firstRow = await row(first);
    expect(firstRow).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: new Date('2026-03-02T09:01:00.000Z'), claimedUntil: null });
    expect(firstRow.lastError).toMatch(/^(ESOCKET|ECONNECTION): /);
    expect(await row(second)).toMatchObject({ attempts: 0, nextAttemptAt: null, claimedUntil: null, lastError: null });
  });

  it('never sends a message twice when two runs overlap', async () => {
    const subjects = Array.from({ length: 8 }, (_, n) => `Message ${n + 1}`);
    for (const subject of subjects) await enqueueMessage(t.db, email('many@example.test', subject, `${subject} body`));
    sink.dataDelayMs = 25; // keep each send in flight long enough for the runs to interleave
    const transport = nodemailer.createTransport(sink.url);

    const [a, b] = await Promise.all([
      deliverPendingMail(t.db, transport, { from: FROM }),
      deliverPendingMail(t.db, transport, { from: FROM }),
    ]);

    expect(a.failed + b.failed).toBe(0);
    expect(a.sent + b.sent).toBe(8);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(sink.received.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    const rows = await t.db.select().from(outbox);
    expect(rows.every((r) => r.sentAt !== null && r.lastError === null && r.attempts === 1 && r.claimedUntil === null)).toBe(true);
  });

  it('retries a row whose run died mid-send once the lease expires, and the late run cannot overwrite it', async () => {
    const id = await enqueueMessage(t.db, email('late@example.test', 'Lease', 'Lease body'));
    const silent = await startSilentServer();
    try {
      const stuckTransport = nodemailer.createTransport({ host: '127.0.0.1', port: silent.port, secure: false, greetingTimeout: 60_000 });
      const options = { from: FROM, now: () => t.clock.now(), leaseMs: 120_000 };
      const stuck = deliverPendingMail(t.db, stuckTransport, options);
      await waitFor(async () => silent.sockets.length > 0 && (await row(id)).claimedUntil !== null);
      expect(await row(id)).toMatchObject({ attempts: 1, claimedUntil: new Date('2026-03-02T09:02:00.000Z'), lastError: null });

      // While the lease holds, another run leaves the row alone.
      const live = nodemailer.createTransport(sink.url);
      expect(await deliverPendingMail(t.db, live, options)).toEqual({ sent: 0, failed: 0 });

      // After it expires, the row is due again (attempt 2) and is delivered.
      t.clock.advance(120_000);
      expect(await deliverPendingMail(t.db, live, options)).toEqual({ sent: 1, failed: 0 });
      expect(sink.received.map((mail) => mail.subject)).toEqual(['Lease']);

      // The stuck run finally fails; its late failure note must not touch the delivered row.
      for (const socket of silent.sockets) socket.destroy();
      expect(await stuck).toEqual({ sent: 0, failed: 1 });
      expect(await row(id)).toMatchObject({
        sentAt: new Date('2026-03-02T09:02:00.000Z'),
        attempts: 2,
        nextAttemptAt: null,
        claimedUntil: null,
        lastError: null,
      });
    } finally {
      await silent.close();
    }
  });

  it('ignores the late failure of a run whose lease was taken over by a run that also failed', async () => {
    const id = await enqueueMessage(t.db, email('taken@example.test', 'Taken over', 'Taken over body'));
    const silent = await startSilentServer();
    try {
      const stuckTransport = nodemailer.createTransport({ host: '127.0.0.1', port: silent.port, secure: false, greetingTimeout: 60_000 });
      const options = { from: FROM, now: () => t.clock.now(), leaseMs: 120_000, retryDelayMs: 60_000 };
      const stuck = deliverPendingMail(t.db, stuckTransport, options);
      await waitFor(async () => silent.sockets.length > 0 && (await row(id)).claimedUntil !== null);

      // The lease expires; a second run claims attempt 2 and the server rejects it: wait 2 min.
      t.clock.advance(120_000);
      sink.reject.add('taken@example.test');
      expect(await deliverPendingMail(t.db, nodemailer.createTransport(sink.url), options)).toEqual({ sent: 0, failed: 1 });
      const afterTakeover = await row(id);
      expect(afterTakeover).toMatchObject({ sentAt: null, attempts: 2, nextAttemptAt: new Date('2026-03-02T09:04:00.000Z'), claimedUntil: null });
      expect(afterTakeover.lastError).toMatch(/^EENVELOPE: 550 /);

      // The first run's attempt 1 fails late: it no longer owns the row and records nothing.
      for (const socket of silent.sockets) socket.destroy();
      expect(await stuck).toEqual({ sent: 0, failed: 1 });
      expect(await row(id)).toEqual(afterTakeover);
    } finally {
      await silent.close();
    }
  });

  it('gives a row up after maxAttempts, with the backoff capped by maxRetryDelayMs', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    const doomed = await enqueueMessage(t.db, email('doomed@example.test', 'Doomed', 'Doomed body 246810'));
    sink.reject.add('doomed@example.test');
    const transport = nodemailer.createTransport(sink.url);
    const options = { from: FROM, now: () => t.clock.now(), retryDelayMs: 60_000, maxRetryDelayMs: 180_000, maxAttempts: 4, logger };

    // Waits 1, 2, then 4 capped to 3 minutes.
    for (const [attempt, wait] of [
      [1, 60_000],
      [2, 120_000],
      [3, 180_000],
    ] as const) {
      expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 0, failed: 1 });
      const retrying = await row(doomed);
      expect(retrying).toMatchObject({ attempts: attempt, nextAttemptAt: new Date(t.clock.now().getTime() + wait) });
      expect(retrying.lastError).toMatch(/^EENVELOPE: 550 /);
      t.clock.advance(wait);
    }

    expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 0, failed: 1 });
    const given = await row(doomed);
    expect(given).toMatchObject({ sentAt: null, attempts: 4, nextAttemptAt: null, claimedUntil: null });
    expect(given.lastError).toMatch(/^gave up after 4 attempts: EENVELOPE: 550 /);
    expect(given.lastError!.length).toBeLessThanOrEqual(200);

    // Never selected again, even once the server would accept it; other mail still goes out.
    sink.reject.clear();
    t.clock.advance(24 * 60 * 60_000);
    const fresh = await enqueueMessage(t.db, email('fresh@example.test', 'Fresh', 'Fresh body'));
    expect(await deliverPendingMail(t.db, transport, options)).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Fresh']);
    expect((await row(fresh)).sentAt).not.toBeNull();
    expect(await row(doomed)).toEqual(given);
    // A higher limit makes it eligible again.
    expect(await deliverPendingMail(t.db, transport, { ...options, maxAttempts: 5 })).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Fresh', 'Doomed']);

    const failures = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.message === 'outbox e-mail not sent');
    expect(failures.map((entry) => [entry.attempt, entry.gaveUp])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    for (const secret of ['246810', 'doomed@example.test']) expect(lines.join('\n')).not.toContain(secret);
  });

  it('gives a row up when its last allowed attempt never finished and the lease ran out', async () => {
    const id = await enqueueMessage(t.db, email('last@example.test', 'Last try', 'Last try body'));
    const silent = await startSilentServer();
    try {
      const stuckTransport = nodemailer.createTransport({ host: '127.0.0.1', port: silent.port, secure: false, greetingTimeout: 60_000 });
      const options = { from: FROM, now: () => t.clock.now(), leaseMs: 120_000, maxAttempts: 1 };
      const stuck = deliverPendingMail(t.db, stuckTransport, options);
      await waitFor(async () => silent.sockets.length > 0 && (await row(id)).claimedUntil !== null);

      const live = nodemailer.createTransport(sink.url);
      expect(await deliverPendingMail(t.db, live, options)).toEqual({ sent: 0, failed: 0 });
      expect((await row(id)).lastError).toBeNull(); // still leased: not given up yet

      t.clock.advance(120_000);
      expect(await deliverPendingMail(t.db, live, options)).toEqual({ sent: 0, failed: 0 });
      expect(sink.received).toEqual([]);
      expect(await row(id)).toMatchObject({
        sentAt: null,
        attempts: 1,
        claimedUntil: null,
        lastError: 'gave up after 1 attempt: the last attempt did not finish',
      });

      // Its run, still the owner of attempt 1, reports late: the real reason replaces the note.
      for (const socket of silent.sockets) socket.destroy();
      expect(await stuck).toEqual({ sent: 0, failed: 1 });
      expect((await row(id)).lastError).toMatch(/^gave up after 1 attempt: E[A-Z]+: /);
    } finally {
      await silent.close();
    }
  });
});

describe('startOutboxDelivery', () => {
  it('delivers at start and on runNow, one run at a time, and logs only counts', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    await enqueueMessage(t.db, email('first@example.test', 'At start', 'Your temporary PIN is 730051.'));

    const delivery = startOutboxDelivery({ db: t.db, smtpUrl: sink.url, mailFrom: FROM, logger, intervalMs: 60_000 });
    try {
      // Wait for the start run to end, so that it cannot pick up the next message itself.
      await waitFor(() => lines.some((line) => (JSON.parse(line) as Record<string, unknown>).message === 'outbox delivery'));
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]).toMatchObject({ to: 'first@example.test', subject: 'At start' });

      await enqueueMessage(t.db, email('second@example.test', 'On demand', 'Second body'));
      sink.dataDelayMs = 25;
      const [a, b] = await Promise.all([delivery.runNow(), delivery.runNow()]);
      expect([a, b]).toEqual([
        { sent: 1, failed: 0 },
        { sent: 0, failed: 0 },
      ]);
      expect(sink.received.map((mail) => mail.subject)).toEqual(['At start', 'On demand']);
    } finally {
      await delivery.stop();
    }
    await expect(delivery.runNow()).rejects.toThrow(/stopped/);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((entry) => entry.message === 'outbox delivery')).toEqual([
      expect.objectContaining({ level: 'info', sent: 1, failed: 0 }),
      expect.objectContaining({ level: 'info', sent: 1, failed: 0 }),
    ]);
    const all = lines.join('\n');
    for (const secret of ['730051', 'Second body', 'first@example.test', 'second@example.test']) expect(all).not.toContain(secret);
  });

  it('runs again every intervalMs and logs a failed message by id only', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    sink.reject.add('nobody@example.test');
    const delivery = startOutboxDelivery({ db: t.db, smtpUrl: sink.url, mailFrom: FROM, logger, intervalMs: 30 });
    let rejected = 0;
    try {
      rejected = await enqueueMessage(t.db, email('nobody@example.test', 'Rejected', 'Rejected body 123456'));
      await enqueueMessage(t.db, email('later@example.test', 'Picked up by the timer', 'Later body'));
      await waitFor(() => sink.received.length === 1);
      expect(sink.received[0]?.subject).toBe('Picked up by the timer');
      await waitFor(async () => (await row(rejected)).lastError?.includes('550') ?? false);
    } finally {
      await delivery.stop();
    }
    const failures = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.message === 'outbox e-mail not sent');
    expect(failures[0]).toMatchObject({
      level: 'error',
      outboxId: rejected,
      attempt: 1,
      code: 'EENVELOPE',
      responseCode: 550,
      gaveUp: false,
      runEnded: false,
    });
    const all = lines.join('\n');
    for (const secret of ['123456', 'Rejected body', 'nobody@example.test']) expect(all).not.toContain(secret);
  });
});
