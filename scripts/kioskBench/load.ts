/**
 * The load, from the bench's process (never the service's): autocannon's programmatic API over
 * loopback, `connections` connections for `seconds`, one request at a time on each. A punch run
 * sends what a kiosk sends (its device's bearer token, a fresh Idempotency-Key, the body a queued
 * punch carries), clock on and clock off in turn on distinct employees: an employee is taken from
 * a queue for one request and put back when its answer arrives, so no two requests in flight ever
 * name the same person. Latency is timed here, in milliseconds with decimals, from building the
 * request to its last byte.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { z } from 'zod';
import type { SeededKiosks } from './seed';

export interface LoadResult {
  connections: number;
  /** Successful answers per second. */
  rate: number;
  p50: number;
  p99: number;
  ok: number;
  /** Answers other than 200, connection errors and timeouts, with a sample of what came back. */
  failed: number;
  failure: string | null;
  seconds: number;
}

const MAX_SAMPLES = 2_000_000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Runs autocannon with one request definition whose `setupRequest` decides each request. */
async function run(
  baseUrl: string,
  connections: number,
  seconds: number,
  setup: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest,
  /** Answers a reason to count the answer as failed whatever its status, or null. */
  answered: (status: number, body: string, context: Record<string, unknown>) => string | null,
): Promise<LoadResult> {
  const samples: number[] = [];
  let ok = 0;
  let failed = 0;
  let failure: string | null = null;
  const started = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    setupClient(client) {
      client.on('connError', (error: unknown) => {
        failure ??= `connection error: ${error instanceof Error ? error.message : String(error)}`;
      });
    },
    requests: [
      {
        method: 'GET',
        path: '/livez',
        setupRequest(request, context) {
          context.sent = performance.now();
          return setup(request, context);
        },
        onResponse(status, body, context) {
          const refused = answered(status, body, context);
          if (refused !== null) {
            failed += 1;
            failure ??= refused;
            return;
          }
          if (samples.length < MAX_SAMPLES) samples.push(performance.now() - Number(context.sent));
          if (status === 200) ok += 1;
          else {
            failed += 1;
            failure ??= `${status} ${body.slice(0, 300)}`;
          }
        },
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;
  if (process.env.BENCH_DEBUG) console.error(`run: ${JSON.stringify({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, total: result.requests.total, ok, failed })}`);
  failed += result.errors + result.timeouts;
  if (result.errors + result.timeouts > 0) failure ??= `${result.errors} connection errors, ${result.timeouts} timeouts`;
  const sorted = samples.sort((a, b) => a - b);
  return { connections, rate: ok / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), ok, failed, failure, seconds: elapsed };
}

/** The no-op route: what the HTTP stack alone answers under the same settings. */
export function noopLoad(baseUrl: string, connections: number, seconds: number): Promise<LoadResult> {
  return run(baseUrl, connections, seconds, (request) => request, () => null);
}

/** A punch as a kiosk delivers a queued one: its tablet's token, a fresh Idempotency-Key, the outbox's body. */
export function kioskPunch(seeded: SeededKiosks, kiosk: { id: number; token: string }, employeeId: number, kind: 'clockon' | 'clockoff', at = new Date()) {
  return {
    method: 'POST',
    path: `/api/v2/business/${seeded.businessId}/kiosk/${kiosk.id}/${kind}`,
    headers: { authorization: `Bearer ${kiosk.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ employeeId, kioskId: kiosk.id, recordedTimeUtc: at.toISOString(), utcOffset: '00:00:00' }),
  };
}

const StaffStatus = z.array(z.object({ employeeId: z.number(), status: z.string() }));

/** Clock on / clock off cycles as kiosks send them, each employee's state read from the service first. */
export async function punchLoad(baseUrl: string, seeded: SeededKiosks, connections: number, seconds: number): Promise<LoadResult> {
  const B = `/api/v2/business/${seeded.businessId}/kiosk`;
  const first = seeded.kiosks[0];
  if (!first) throw new Error('bench set-up: no kiosk');
  // Where each employee stands now (a run ends with requests in flight, whose answers nobody read).
  const response = await fetch(`${baseUrl}${B}/${first.id}/staff`, { headers: { authorization: `Bearer ${first.token}` } });
  if (!response.ok) throw new Error(`the kiosk's staff list answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const status = new Map(StaffStatus.parse(await response.json()).map((row) => [row.employeeId, row.status]));
  const kioskOf = new Map(seeded.employeeIds.map((id, index) => [id, seeded.kiosks[index % seeded.kiosks.length] ?? first]));
  // Clocked on: the next punch clocks off; never clocked on or clocked off: it clocks on.
  const free = seeded.employeeIds.filter((id) => ['ClockedOn', 'NotClockedOn', 'ClockedOff'].includes(status.get(id) ?? ''));
  if (process.env.BENCH_DEBUG) {
    const counts: Record<string, number> = {};
    for (const id of seeded.employeeIds) counts[status.get(id) ?? 'unlisted'] = (counts[status.get(id) ?? 'unlisted'] ?? 0) + 1;
    console.error(`punch run: ${free.length} of ${seeded.employeeIds.length} employees free: ${JSON.stringify(counts)}`);
  }
  return run(
    baseUrl,
    connections,
    seconds,
    (request, context) => {
      const employeeId = free.shift();
      if (employeeId === undefined) {
        // Every employee is in flight or lost with a broken connection: a filler request, counted
        // as a failure in the answer callback (never a throw inside autocannon's event handlers).
        context.starved = true;
        request.method = 'GET';
        request.path = '/livez';
        request.headers = {};
        request.body = '';
        return request;
      }
      context.employeeId = employeeId;
      return Object.assign(request, kioskPunch(seeded, kioskOf.get(employeeId) ?? first, employeeId, status.get(employeeId) === 'ClockedOn' ? 'clockoff' : 'clockon'));
    },
    (code, body, context) => {
      if (context.starved === true) return 'no idle employee left (requests lost with their connections)';
      const employeeId = Number(context.employeeId);
      if (code === 200) status.set(employeeId, status.get(employeeId) === 'ClockedOn' ? 'ClockedOff' : 'ClockedOn');
      free.push(employeeId);
      return null;
    },
  );
}
