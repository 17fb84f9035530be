/**
 * Test harness for the offline layer: a fresh fake-indexeddb KioskDb, an enrolled device whose
 * typed client talks to the real test service in-process, and a network in between that tests can
 * break in the ways real networks break (down, 5xx, 429, a response lost after the commit, a
 * connection that never answers, an answer that arrives after the service did the work, late).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect } from 'vitest';
import { createApiClient, type ApiClient } from '../../client';
import type { Tenant } from '../../server/testing/fixtures';
import type { TestService } from '../../server/testing/testService';
import { KioskDb } from '../db';
import { createClientTransport } from '../clientTransport';
import type { DeviceEnrolment } from '../device';
import { createKioskRuntime, type KioskRuntime } from '../kioskRuntime';
import { refreshStaff } from '../refreshKioskData';
import type { OutboxTransport } from '../syncOutbox';

export type Fault = 'down' | 'error500' | 'throttle429' | 'dropResponse' | 'hang' | 'late';

/** How late a 'late' answer arrives (longer than the kiosk's interactive budget). */
export const LATE_ANSWER_MS = 2_500;

/** Decides, per request, whether the network misbehaves. */
export type FaultPlan = (request: Request, index: number) => Fault | null;

export interface NetworkStats {
  requests: number;
  faults: Record<Fault, number>;
}

export interface OfflineHarness {
  db: KioskDb;
  /** The kiosk runtime over the same database and network (for kioskOperations). */
  runtime: KioskRuntime;
  client: ApiClient;
  transport: OutboxTransport;
  kiosk: { businessId: number; kioskId: number };
  /** The device's enrolment, as the set-up stores it (not stored by the harness itself). */
  enrolment: DeviceEnrolment;
  /** The network between the kiosk and the service, with its faults (for clients made elsewhere, e.g. the service worker's). */
  network: typeof fetch;
  stats: NetworkStats;
  /** Replaces the fault plan (null: a healthy network). */
  setFaults(plan: FaultPlan | null): void;
  refresh(): Promise<void>;
  /** The page loading again (a reload, a crash, an update): a new runtime over the same database and network. */
  reload(): Promise<KioskRuntime>;
}

let counter = 0;

/**
 * How long a test waits for what the kiosk does in the background after a sign-in, such as
 * deriving and storing a PIN's offline verifier (a deliberately slow key derivation): well under a
 * second on an idle machine, several on a busy one, where `vi.waitFor`'s default second failed.
 */
export const BACKGROUND_WAIT = { timeout: 15_000, interval: 50 } as const;

export async function createOfflineHarness(t: TestService, tenant: Tenant): Promise<OfflineHarness> {
  const enrolled = await t.request('POST', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth, json: { name: 'Test tablet' } });
  expect(enrolled.status, enrolled.text).toBe(200);
  const token = (enrolled.body as { token: string }).token;

  const stats: NetworkStats = { requests: 0, faults: { down: 0, error500: 0, throttle429: 0, dropResponse: 0, hang: 0, late: 0 } };
  let plan: FaultPlan | null = null;
  const network = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const index = stats.requests;
    stats.requests += 1;
    const fault = plan?.(request, index) ?? null;
    if (fault) stats.faults[fault] += 1;
    if (fault === 'down') throw new TypeError('fetch failed: network is down');
    if (fault === 'error500') return new Response('{"status":500}', { status: 500, headers: { 'content-type': 'application/json' } });
    if (fault === 'throttle429') return new Response('', { status: 429, headers: { 'retry-after': '2' } });
    if (fault === 'hang') {
      // Accepted, never answered: only the caller's abort (the client's timeout) ends it.
      const signal = init?.signal;
      return new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(new TypeError('fetch aborted')), { once: true }));
    }
    const response = await t.service.fetch(request);
    if (fault === 'late') await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
    if (fault === 'dropResponse') {
      // The service has done the work; the answer never arrives.
      await response.text();
      throw new TypeError('fetch failed: connection reset');
    }
    return response;
  };

  const client = createApiClient({
    baseUrl: 'http://127.0.0.1',
    credentials: () => ({ kind: 'bearer', token }),
    fetch: network,
  });
  counter += 1;
  const db = new KioskDb(`kiosk-test-${counter}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const kiosk = { businessId: tenant.businessId, kioskId: tenant.kioskId };
  const enrolment = {
    serviceUrl: 'http://127.0.0.1',
    businessId: tenant.businessId,
    businessName: 'Test business',
    kioskId: tenant.kioskId,
    kioskName: 'Front door',
    deviceId: (enrolled.body as { id: number }).id,
    deviceName: 'Test tablet',
    token,
    enrolledAt: new Date().toISOString(),
  };
  const runtime = await createKioskRuntime(db, enrolment, { fetch: network });
  const harness: OfflineHarness = {
    db,
    runtime,
    client,
    transport: createClientTransport(client, kiosk),
    kiosk,
    enrolment,
    network,
    stats,
    setFaults: (next) => {
      plan = next;
    },
    refresh: async () => {
      await refreshStaff(db, client, kiosk, new Date());
    },
    reload: () => createKioskRuntime(db, enrolment, { fetch: network }),
  };
  await harness.refresh();
  return harness;
}

/** A small seeded PRNG (mulberry32), so "random" orderings are reproducible from the seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Back online with every POST's first answer lost after the service did the work, then syncs until
 * the outbox is empty (at most six runs). Returns the POSTs in the order they were sent, each named
 * by its path's last segment (e.g. 'clockoff'), so a test can check what went before what.
 */
export async function deliverLosingFirstAnswers(h: OfflineHarness): Promise<string[]> {
  const seen = new Set<string>();
  const order: string[] = [];
  h.setFaults((request) => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'POST') return null;
    order.push(path.split('/').at(-1) ?? path);
    if (seen.has(path)) return null;
    seen.add(path);
    return 'dropResponse';
  });
  for (let run = 0; run < 6 && (await h.db.outbox.count()) > 0; run += 1) await h.runtime.syncNow({ force: true });
  return order;
}
