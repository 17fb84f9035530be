/**
 * Scaled out: two service processes on one PostgreSQL database, as Caddy balances them
 * (docs/deployment.md). Everything that must hold for one process holds across both, because it
 * lives in the database: an idempotent replay answered by the other process, two kiosks racing for
 * one employee through different processes, a PIN lockout and the rate limits counted over both,
 * and web hook deliveries sent once while both processes run their senders, even when the process
 * sending one is killed (SIGKILL) mid-delivery. Mail: crossProcessMail.test.ts.
 * PostgreSQL only (several processes cannot share PGlite); skipped on api-pglite.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { basicAuthHeader } from './auth/basicAuth';
import type { DemoFile } from './demo/seedDemo';
import { callService, eventually, startProcessPair, type CallOptions, type ProcessPair } from './testing/processPair';
import type { ServiceProcess } from './testing/serviceProcess';
import type { ApiResult } from './testing/testService';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhookReceiver';

const onPostgres = inject('databaseKind') === 'postgres';
/** Budgets small enough to reach, per minute (PIN checks) and attempts (PIN lockout: the default 5). */
const PIN_CHECKS_PER_CALLER = 8;
const PIN_CHECKS_PER_ADDRESS = 8;
const PIN_MAX_ATTEMPTS = 5;

let pair: ProcessPair;
let demo: DemoFile;
let receiver: WebhookReceiver;
let registrations = 0;
/** Addresses handed out so each case has its own rate-limit budget. */
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

beforeAll(async () => {
  if (!onPostgres) return;
  receiver = await startWebhookReceiver();
  pair = await startProcessPair(
    {
      PIN_MAX_ATTEMPTS: String(PIN_MAX_ATTEMPTS),
      RATE_LIMIT_PIN_CHECK_PER_CALLER: String(PIN_CHECKS_PER_CALLER),
      RATE_LIMIT_PIN_CHECK_PER_IP: String(PIN_CHECKS_PER_ADDRESS),
      WEBHOOK_TIMEOUT_MS: '5000',
    },
  );
  demo = pair.demo;
  // Every punch below is also a web hook event: three registrations, so both senders have heads to claim.
  for (const hook of ['one', 'two', 'three']) {
    const registered = await asManager(pair.a, 'POST', `${business()}/webhookregistrations`, {
      json: { webHookUri: `${receiver.origin}/${hook}`, secret: `secret-${randomUUID()}`, filters: ['*'] },
    });
    expect(registered.status, registered.text).toBe(200);
    registrations += 1;
  }
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  await pair.close();
  await receiver.close();
});

const business = () => `/api/v2/business/${demo.businessId}`;
const kiosk = (kioskId = demo.kioskId) => `${business()}/kiosk/${kioskId}`;

function asManager(process: ServiceProcess, method: string, path: string, options: CallOptions = {}): Promise<ApiResult> {
  return callService(process, method, path, { ...options, auth: basicAuthHeader(demo.apiKey) });
}

/** A new tablet on the demo kiosk (its own caller for the rate limits). */
async function enrolDevice(): Promise<string> {
  const res = await asManager(pair.a, 'POST', `${kiosk()}/devices`, { json: { name: `Tablet ${randomUUID().slice(0, 6)}` } });
  expect(res.status, res.text).toBe(200);
  return `Bearer ${(res.body as { token: string }).token}`;
}

/** Each demo employee serves one case, so cases never share a status. */
let nextStaff = 0;
function staffMember(): DemoFile['staff'][number] {
  const member = demo.staff[nextStaff++];
  if (!member) throw new Error('more cases than demo staff');
  return member;
}

async function storedPunches(employeeId: number): Promise<number> {
  const [row] = await pair.query<{ count: string }>('select count(*) from punches where employee_id = $1', [employeeId]);
  return Number(row?.count);
}

/** Deliveries a process's web hook sender reports (its `web hook delivery` log lines). */
function deliveredBy(process: ServiceProcess): number {
  let total = 0;
  for (const line of process.output().split('\n')) {
    if (!line.includes('"message":"web hook delivery"')) continue;
    total += (JSON.parse(line) as { delivered?: number }).delivered ?? 0;
  }
  return total;
}

// Skipped under api-pglite: PGlite lives inside one process, so two processes cannot share it;
// api-postgres runs these on every test run.
describe.skipIf(!onPostgres)('two service processes on one PostgreSQL', () => {
  const replays: Array<{ name: string; order: 'ab' | 'ba' | 'together' }> = [
    { name: 'sent to A, replayed to B', order: 'ab' },
    { name: 'sent to B, replayed to A', order: 'ba' },
    { name: 'sent to both at once', order: 'together' },
  ];
  for (const { name, order } of replays) {
    it(`an idempotent punch ${name}: the same answer, one punch stored`, async () => {
      const member = staffMember();
      const device = await enrolDevice();
      const key = randomUUID();
      const recorded = new Date().toISOString();
      const send = (process: ServiceProcess) =>
        callService(process, 'POST', `${kiosk()}/clockon`, {
          auth: device,
          headers: { 'idempotency-key': key },
          json: { employeeId: member.employeeId, recordedTimeUtc: recorded },
        });
      const [first, second] =
        order === 'together' ? await Promise.all([send(pair.a), send(pair.b)]) : order === 'ab' ? [await send(pair.a), await send(pair.b)] : [await send(pair.b), await send(pair.a)];
      expect([first.status, second.status], first.text).toEqual([200, 200]);
      expect(second.body).toEqual(first.body);
      const replayed = [first, second].filter((res) => res.headers.get('idempotent-replayed') === 'true');
      expect(replayed, 'exactly one answer is the replay').toHaveLength(1);
      expect(await storedPunches(member.employeeId)).toBe(1);
    });
  }

  for (const [on, off] of [['clockon', 'already-clocked-on'], ['clockoff', 'not-clocked-on']] as const) {
    it(`two kiosks ${on} the same person at once through different processes: one wins, the other gets ${off}`, async () => {
      const member = staffMember();
      const other = await asManager(pair.b, 'POST', `${business()}/kiosk`, { json: { name: `Back door ${randomUUID().slice(0, 4)}` } });
      expect(other.status, other.text).toBe(200);
      const otherKiosk = (other.body as { id: number }).id;
      if (on === 'clockoff') expect((await asManager(pair.a, 'POST', `${kiosk()}/clockon`, { json: { employeeId: member.employeeId } })).status).toBe(200);
      const before = await storedPunches(member.employeeId);
      const results = await Promise.all([
        asManager(pair.a, 'POST', `${kiosk()}/${on}`, { json: { employeeId: member.employeeId } }),
        asManager(pair.b, 'POST', `${kiosk(otherKiosk)}/${on}`, { json: { employeeId: member.employeeId } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)?.body).toMatchObject({ code: off });
      expect(await storedPunches(member.employeeId)).toBe(before + 1);
    });
  }

  for (const timing of ['one after another', 'all at once'] as const) {
    it(`wrong PINs ${timing}, alternating between the processes, lock the PIN after ${PIN_MAX_ATTEMPTS}`, async () => {
      const member = staffMember();
      const device = await enrolDevice();
      const address = freshAddress();
      const guess = (n: number) =>
        callService(n % 2 === 0 ? pair.a : pair.b, 'POST', `${kiosk()}/checkpin`, { auth: device, clientAddress: address, json: { employeeId: member.employeeId, pin: String(1000 + n) } });
      // One past the lockout, then the right PIN on each process: within the rate-limit budgets.
      const guesses = PIN_MAX_ATTEMPTS + 1;
      const results: ApiResult[] = [];
      if (timing === 'all at once') results.push(...(await Promise.all(Array.from({ length: guesses }, (_, n) => guess(n)))));
      else for (let n = 0; n < guesses; n += 1) results.push(await guess(n));
      const counts = new Map<number, number>();
      for (const res of results) counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual({ 400: PIN_MAX_ATTEMPTS - 1, 429: guesses - (PIN_MAX_ATTEMPTS - 1) });
      if (timing === 'one after another') expect(results.map((r) => (r.body as { attemptsLeft?: number }).attemptsLeft ?? null).slice(0, PIN_MAX_ATTEMPTS - 1)).toEqual([4, 3, 2, 1]);
      for (const process of [pair.a, pair.b]) {
        const right = await callService(process, 'POST', `${kiosk()}/checkpin`, { auth: device, clientAddress: address, json: { employeeId: member.employeeId, pin: member.pin } });
        expect(right.status).toBe(429);
        expect(right.body).toMatchObject({ code: 'pin-locked' });
      }
    });
  }

  const limits = [
    { per: 'caller', budget: PIN_CHECKS_PER_CALLER, sameCaller: true },
    { per: 'address', budget: PIN_CHECKS_PER_ADDRESS, sameCaller: false },
  ] as const;
  for (const { per, budget, sameCaller } of limits) {
    it(`PIN checks per ${per} are counted over both processes: ${budget} pass, the next is refused`, async () => {
      const member = staffMember();
      const shared = await enrolDevice();
      const sharedAddress = freshAddress();
      const results: ApiResult[] = [];
      for (let n = 0; n <= budget; n += 1) {
        const caller = sameCaller ? shared : await enrolDevice();
        const address = sameCaller ? freshAddress() : sharedAddress;
        results.push(await callService(n % 2 === 0 ? pair.a : pair.b, 'POST', `${kiosk()}/checkpin`, { auth: caller, clientAddress: address, json: { employeeId: member.employeeId, pin: member.pin } }));
      }
      expect(results.slice(0, budget).map((r) => r.status)).toEqual(Array.from({ length: budget }, () => 200));
      const refused = results[budget];
      expect(refused?.status, refused?.text).toBe(429);
      expect(refused?.body).toMatchObject({ code: 'rate-limited' });
      expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  }

  it('web hooks: every delivery of every punch above reaches its receiver once while both processes run their senders', async () => {
    const pending = async () => Number((await pair.query<{ count: string }>('select count(*) from webhook_deliveries where delivered_at is null and gave_up_at is null'))[0]?.count);
    await eventually('every web hook delivered', async () => (await pending()) === 0, 30_000);
    const deliveries = await pair.query<{ delivery_key: string; attempts: number }>('select delivery_key, attempts from webhook_deliveries');
    // Six punches above (three replayed clock-ons, the races' one clock-on and one clock-off, a clock-on before).
    expect(deliveries.length).toBeGreaterThanOrEqual(registrations * 6);
    const accepted = receiver.accepted().map((hook) => hook.envelope.Id);
    expect([...accepted].sort()).toEqual(deliveries.map((d) => d.delivery_key).sort());
    expect(new Set(accepted).size, 'no delivery twice').toBe(accepted.length);
    expect(deliveries.every((d) => d.attempts === 1), 'each claimed once').toBe(true);
    // The senders' own accounts agree: what A and B each report delivering adds up to the total.
    await eventually('the senders reported their runs', () => deliveredBy(pair.a) + deliveredBy(pair.b) === deliveries.length);
  });

  // Last: it kills process A.
  it('a process killed mid-delivery: its lease runs out and the other process delivers, once', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 'hang';
    // B waits (SIGSTOP) so A claims the delivery; B's sender resumes only after A is gone.
    pair.b.signal('SIGSTOP');
    let hung: string[] = [];
    try {
      const member = staffMember();
      expect((await asManager(pair.a, 'POST', `${kiosk()}/clockon`, { json: { employeeId: member.employeeId } })).status).toBe(200);
      // The clock-on's event goes to each registration; A sends all of them at once.
      await eventually('A is sending the deliveries', () => receiver.received.length === registrations);
      hung = [...receiver.received.map((hook) => hook.envelope.Id)].sort();
      pair.a.signal('SIGKILL');
      await pair.a.exited;
      const leased = await pair.query<{ delivery_key: string; attempts: number; leased: boolean; delivered: boolean }>(
        'select delivery_key, attempts, claimed_until > now() as leased, delivered_at is not null as delivered from webhook_deliveries where delivery_key = any($1) order by delivery_key',
        [hung],
      );
      expect(leased).toEqual(hung.map((id) => ({ delivery_key: id, attempts: 1, leased: true, delivered: false })));
      // The lease lasts WEBHOOK_TIMEOUT_MS + 60 s; the test lets that time pass at once.
      await pair.query("update webhook_deliveries set claimed_until = now() - interval '1 second' where delivery_key = any($1)", [hung]);
      receiver.answer = () => 200;
    } finally {
      pair.b.signal('SIGCONT');
    }
    await eventually('B delivers', () => receiver.accepted().length >= registrations);
    await eventually('nothing pending', async () => Number((await pair.query<{ count: string }>('select count(*) from webhook_deliveries where delivered_at is null'))[0]?.count) === 0);
    const accepted = receiver.accepted();
    expect(accepted.map((hook) => hook.envelope.Id).sort(), 'each delivered once, by B').toEqual(hung);
    expect(accepted.map((hook) => hook.envelope.Attempt)).toEqual(hung.map(() => 2));
  });
});
