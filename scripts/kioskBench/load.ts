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
  answered: (status: number, body: string, context: Record<string, unknown>) => void,
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
    requests: [
      {
        method: 'GET',
        path: '/livez',
        setupRequest(request, context) {
          context.sent = performance.now();
          return setup(request, context);
        },
        onResponse(status, body, context) {
          if (samples.length < MAX_SAMPLES) samples.push(performance.now() - Number(context.sent));
          if (status === 200) ok += 1;
          else {
            failed += 1;
            failure ??= `${status} ${body.slice(0, 300)}`;
          }
          answered(status, body, context);
        },
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;
  failed += result.errors + result.timeouts;
  if (result.errors + result.timeouts > 0) failure ??= `${result.errors} connection errors, ${result.timeouts} timeouts`;
  const sorted = samples.sort((a, b) => a - b);
  return { connections, rate: ok / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), ok, failed, failure, seconds: elapsed };
}

/** The no-op route: what the HTTP stack alone answers under the same settings. */
export function noopLoad(baseUrl: string, connections: number, seconds: number): Promise<LoadResult> {
  return run(baseUrl, connections, seconds, (request) => request, () => undefined);
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
  const free = seeded.employeeIds.filter((id) => status.get(id) === 'ClockedOn' || status.get(id) === 'NotClockedOn');
  return run(
    baseUrl,
    connections,
    seconds,
    (request, context) => {
      const employeeId = free.shift();
      if (employeeId === undefined) throw new Error('the bench ran out of idle employees (more connections than staff?)');
      const kiosk = kioskOf.get(employeeId) ?? first;
      const kind = status.get(employeeId) === 'ClockedOn' ? 'clockoff' : 'clockon';
      context.employeeId = employeeId;
      request.method = 'POST';
      request.path = `${B}/${kiosk.id}/${kind}`;
      request.headers = { authorization: `Bearer ${kiosk.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
      request.body = JSON.stringify({ employeeId, kioskId: kiosk.id, recordedTimeUtc: new Date().toISOString(), utcOffset: '00:00:00' });
      return request;
    },
    (code, body, context) => {
      const employeeId = Number(context.employeeId);
      if (code === 200) status.set(employeeId, status.get(employeeId) === 'ClockedOn' ? 'NotClockedOn' : 'ClockedOn');
      else void body;
      free.push(employeeId);
    },
  );
}
