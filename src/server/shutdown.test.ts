/**
 * Graceful shutdown through real processes: kiosks stream punches, each through an
 * outbox as the tablet's (src/offline/syncOutbox.ts) sends them: oldest first, one Idempotency-Key
 * per punch, stopping at the first failure. SIGTERM arrives mid-stream. The request in flight
 * completes, readiness answers 503 while /livez still answers 200, new connections are refused,
 * and the process exits 0. Restarted on the same database, every punch that got a 2xx is stored
 * exactly once, and replaying every outbox from its first entry (what a kiosk does for punches
 * whose answer was lost) leaves each kiosk's punches stored once each, none missing, no duplicates.
 * Runs on PGlite (DATA_DIR) and on PostgreSQL (api-postgres).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { basicAuthHeader } from './auth/basicAuth';
import { DemoFile } from './demo/seedDemo';
import { createPostgresDatabase, spawnService, type ServiceProcess } from './testing/serviceProcess';

const KINDS = ['clockon', 'startbreak', 'endbreak', 'clockoff'] as const;
type Kind = (typeof KINDS)[number];
const STORED_KIND: Record<Kind, string> = { clockon: 'clockOn', startbreak: 'startBreak', endbreak: 'endBreak', clockoff: 'clockOff' };
/** Simulated kiosks sending at once; each owns two of the demo's staff who are not clocked on when it is seeded. */
const KIOSKS = 5;
/** Bounds each kiosk's stream whatever happens. */
const MAX_PUNCHES_PER_KIOSK = 300;

interface Entry {
  key: string;
  kind: Kind;
  employeeId: number;
  body: { employeeId: number; recordedTimeUtc: string };
  /** The status the service answered, or null when no answer came (refused, cut, or never sent). */
  status: number | null;
}

const PunchRecord = z.object({ employeeId: z.number(), kind: z.string(), timeOfRecordUtc: z.string() });

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Where the service keeps its data: a DATA_DIR (always: demo.json) and, on PostgreSQL, a database. */
async function freshStore(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (inject('databaseKind') !== 'postgres') return { DATA_DIR: dataDir };
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return { DATA_DIR: dataDir, DATABASE_URL: database.url };
}

async function started(settings: Record<string, string>): Promise<ServiceProcess> {
  const service = await spawnService(settings);
  cleanups.push(() => service.end());
  return service;
}

/** One kiosk's outbox: punches are queued, then sent oldest first; the first failure stops the sending. */
class Outbox {
  readonly entries: Entry[] = [];
  private next = new Map<number, number>();
  constructor(
    private readonly url: (kind: Kind) => string,
    private readonly auth: string,
    readonly employeeIds: number[],
  ) {}

  /** Queues the next punch of one of this kiosk's employees (each cycles on, break, back, off). */
  queue(turn: number): Entry {
    const employeeId = this.employeeIds[turn % this.employeeIds.length]!;
    const step = this.next.get(employeeId) ?? 0;
    this.next.set(employeeId, step + 1);
    const kind = KINDS[step % KINDS.length]!;
    const entry: Entry = { key: randomUUID(), kind, employeeId, body: { employeeId, recordedTimeUtc: new Date().toISOString() }, status: null };
    this.entries.push(entry);
    return entry;
  }

  /** Sends one entry; a failure to get any answer is null (the kiosk keeps the entry and retries later). */
  async send(entry: Entry): Promise<{ status: number; replayed: boolean } | null> {
    try {
      const response = await fetch(this.url(entry.kind), {
        method: 'POST',
        headers: { authorization: this.auth, 'content-type': 'application/json', 'idempotency-key': entry.key },
        body: JSON.stringify(entry.body),
      });
      await response.arrayBuffer();
      return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true' };
    } catch {
      return null;
    }
  }

  /** Queues and sends until told to stop or a send gets no answer (as the sync engine stops at a network failure). */
  async stream(shouldStop: () => boolean): Promise<void> {
    for (let turn = 0; turn < MAX_PUNCHES_PER_KIOSK && !shouldStop(); turn += 1) {
      const entry = this.queue(turn);
      const answer = await this.send(entry);
      if (!answer) return;
      entry.status = answer.status;
      if (answer.status !== 200) return;
    }
  }
}

/** Reads every HTTP/1.1 answer on a raw socket until the server closes it. */
function parseAnswers(raw: string): Array<{ status: number; body: string }> {
  const answers: Array<{ status: number; body: string }> = [];
  let rest = raw;
  for (let guard = 0; guard < 10 && rest.startsWith('HTTP/1.1 '); guard += 1) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headerEnd);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    answers.push({ status: Number(head.slice(9, 12)), body: rest.slice(headerEnd + 4, headerEnd + 4 + length) });
    rest = rest.slice(headerEnd + 4 + length);
  }
  return answers;
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('SIGTERM while kiosks are punching', () => {
  it('finishes the request in flight, refuses new connections, exits 0, and loses or doubles no punch across the restart', { timeout: 180_000 }, async () => {
    const store = await freshStore();
    const settings = { ...store, DEMO: '1', SHUTDOWN_TIMEOUT_MS: '20000' };
    const first = await started(settings);
    const demo = DemoFile.parse(JSON.parse(readFileSync(join(store.DATA_DIR!, 'demo.json'), 'utf8')));
    const base = `/api/v2/business/${demo.businessId}`;
    const manager = basicAuthHeader(demo.apiKey);
    const enrolled = await fetch(`${first.baseUrl}${base}/kiosk/${demo.kioskId}/devices`, {
      method: 'POST',
      headers: { authorization: manager, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Front door tablet' }),
    });
    expect(enrolled.status).toBe(200);
    const device = `Bearer ${z.object({ token: z.string() }).parse(await enrolled.json()).token}`;

    let serviceUrl = first.baseUrl;
    const punchUrl = (kind: Kind) => `${serviceUrl}${base}/kiosk/${demo.kioskId}/${kind}`;
    const staff = demo.staff.map((person) => person.employeeId);
    const outboxes = Array.from({ length: KIOSKS }, (_, index) => new Outbox(punchUrl, device, staff.slice(index * 2, index * 2 + 2)));
    // The next person punches through a raw socket that holds its request open across the SIGTERM.
    // (The demo's first twelve are off duty when it is seeded; others are mid-shift: demoToday.ts.)
    const slow = new Outbox(punchUrl, device, [staff[KIOSKS * 2]!]);

    const before = await punchesOf(first.baseUrl, base, manager, staff);
    let stopStreams = false;
    const streams = Promise.all(outboxes.map((outbox) => outbox.stream(() => stopStreams)));
    await delay(1500);

    // A punch in flight: headers and half its body sent, the rest after SIGTERM; then, pipelined
    // on the same connection (a new one would be refused), the two health questions.
    const port = Number(new URL(first.baseUrl).port);
    const held = slow.queue(0);
    const body = JSON.stringify(held.body);
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const socketClosed = new Promise<void>((done) => socket.once('close', () => done()));
    await new Promise<void>((done) => socket.once('connect', () => done()));
    const path = new URL(punchUrl('clockon')).pathname;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${device}\r\nContent-Type: application/json\r\n` +
        `Idempotency-Key: ${held.key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await delay(300);

    first.signal('SIGTERM');
    // The port closes as soon as the signal is handled (a busy machine may take a moment).
    let refused = false;
    for (let attempt = 0; attempt < 50 && !refused; attempt += 1) {
      await delay(100);
      refused = await connectionRefused(port);
    }
    expect(refused, 'a new connection while stopping').toBe(true);
    socket.write(`${body.slice(10)}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await socketClosed;
    const [punchAnswer, ready, live] = parseAnswers(received);
    expect(punchAnswer?.status, `the punch in flight: ${received}`).toBe(200);
    expect(ready).toMatchObject({ status: 503 });
    expect(JSON.parse(ready!.body)).toMatchObject({ status: 'stopping' });
    expect(live).toMatchObject({ status: 200 });
    held.status = punchAnswer!.status;

    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('"message":"stopped"');
    stopStreams = true;
    await streams;

    const answered = [...outboxes, slow].flatMap((outbox) => outbox.entries).filter((entry) => entry.status !== null);
    expect(answered.length, 'punches answered before the stop').toBeGreaterThan(KIOSKS * 4);
    // Any answer that came was a success: nothing was refused for being mid-shutdown.
    expect(answered.filter((entry) => entry.status !== 200)).toEqual([]);

    // Restarted on the same database: every acknowledged punch is there exactly once.
    const second = await started(settings);
    serviceUrl = second.baseUrl;
    const ready2 = await fetch(`${second.baseUrl}/readyz`);
    expect(ready2.status).toBe(200);
    const stored = (await punchesOf(second.baseUrl, base, manager, staff)).filter((record) => !before.some((old) => sameRecord(old, record)));
    for (const entry of answered) {
      expect(stored.filter((record) => matches(record, entry)), `${entry.kind} of ${entry.employeeId} at ${entry.body.recordedTimeUtc}`).toHaveLength(1);
    }

    // The kiosks replay every entry (acknowledged ones too, as after a lost answer): all 200, no duplicates.
    for (const outbox of [...outboxes, slow]) {
      for (const entry of outbox.entries) {
        const answer = await outbox.send(entry);
        expect(answer?.status, `replay of ${entry.kind} for ${entry.employeeId}`).toBe(200);
        if (entry.status === 200) expect(answer?.replayed).toBe(true);
      }
    }
    const after = (await punchesOf(second.baseUrl, base, manager, staff)).filter((record) => !before.some((old) => sameRecord(old, record)));
    const queued = [...outboxes, slow].flatMap((outbox) => outbox.entries);
    expect(after).toHaveLength(queued.length);
    for (const entry of queued) expect(after.filter((record) => matches(record, entry))).toHaveLength(1);

    await second.end();
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});

describe('SIGTERM with SHUTDOWN_DRAIN_MS (a front end checks readiness)', () => {
  it('keeps accepting connections, answering /readyz 503 and serving requests, until the drain is over; then the port closes and the process exits 0', { timeout: 120_000 }, async () => {
    const store = await freshStore();
    const service = await started({ ...store, SHUTDOWN_DRAIN_MS: '3000' });
    const port = Number(new URL(service.baseUrl).port);
    expect((await fetch(`${service.baseUrl}/readyz`)).status).toBe(200);
    const signalled = Date.now();
    service.signal('SIGTERM');
    // Within the drain: new connections are still accepted; readiness says 503 'stopping'; the
    // process still serves (liveness 200), so a request the front end had already sent is answered.
    let sawStopping = false;
    for (let attempt = 0; attempt < 20 && !sawStopping && Date.now() - signalled < 2500; attempt += 1) {
      const ready = await fetch(`${service.baseUrl}/readyz`, { headers: { connection: 'close' } });
      sawStopping = ready.status === 503 && z.object({ status: z.string() }).parse(await ready.json()).status === 'stopping';
      if (!sawStopping) await delay(50);
    }
    expect(sawStopping, 'readiness turned 503 while the port still accepted connections').toBe(true);
    expect((await fetch(`${service.baseUrl}/livez`, { headers: { connection: 'close' } })).status).toBe(200);
    // After the drain the port closes and the process ends cleanly.
    let refused = false;
    for (let attempt = 0; attempt < 100 && !refused; attempt += 1) {
      await delay(100);
      refused = await connectionRefused(port);
    }
    expect(refused, 'the port closed after the drain').toBe(true);
    expect(Date.now() - signalled, 'the port stayed open for the drain').toBeGreaterThanOrEqual(2900);
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });
});

type StoredPunch = z.infer<typeof PunchRecord>;

function matches(record: StoredPunch, entry: Entry): boolean {
  return (
    record.employeeId === entry.employeeId &&
    record.kind === STORED_KIND[entry.kind] &&
    new Date(record.timeOfRecordUtc).getTime() === new Date(entry.body.recordedTimeUtc).getTime()
  );
}

function sameRecord(a: StoredPunch, b: StoredPunch): boolean {
  return a.employeeId === b.employeeId && a.kind === b.kind && a.timeOfRecordUtc === b.timeOfRecordUtc;
}

/** The punch audit trail of these employees, through the API. */
async function punchesOf(baseUrl: string, base: string, auth: string, employeeIds: number[]): Promise<StoredPunch[]> {
  const all: StoredPunch[] = [];
  for (const employeeId of employeeIds) {
    const response = await fetch(`${baseUrl}${base}/kiosk/punches?EmployeeId=${employeeId}&$top=500`, { headers: { authorization: auth } });
    expect(response.status).toBe(200);
    all.push(...PunchRecord.array().parse(await response.json()));
  }
  return all;
}
