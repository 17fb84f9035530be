/**
 * Manager fixes take effect once through lost answers: onceCalls against the real service, with a
 * fetch that lets the service commit and then loses its answer.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheetLines } from '../server/db/schema';
import { createTenant, type Tenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { createApiClient, type ApiClient } from './apiClient';
import { isApiClientError } from './errors';
import { createOnceCalls } from './onceCalls';
import { TEST_BASE_URL } from './testing';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

interface Sent {
  path: string;
  key: string | null;
  replayed: string | null;
}

/** A client whose fetch loses the answers of the next `lose` requests after the service handled them. */
function lossyClient(tenant: Tenant) {
  const sent: Sent[] = [];
  let lose = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await t.service.fetch(request);
    sent.push({ path: new URL(request.url).pathname, key: request.headers.get('idempotency-key'), replayed: response.headers.get('idempotent-replayed') });
    if (lose > 0) {
      lose -= 1;
      throw new TypeError('fetch failed: the connection dropped before the answer arrived');
    }
    return response;
  };
  const client: ApiClient = createApiClient({ baseUrl: TEST_BASE_URL, credentials: () => ({ kind: 'apiKey', key: tenant.manager.apiKey }), fetch: fetchImpl });
  return { client, sent, loseNext: (n: number) => (lose = n) };
}

async function clockOn(tenant: Tenant, employeeId: number) {
  const res = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId } });
  expect(res.status, res.text).toBe(200);
}

const linesOf = (tenant: Tenant, employeeId: number) =>
  t.db.select().from(timesheetLines).where(and(eq(timesheetLines.businessId, tenant.businessId), eq(timesheetLines.employeeId, employeeId)));

describe('a manager fix whose answer is lost', () => {
  /** A clocked-on employee, a lossy client and the manager's clock-off of them through onceCalls. */
  async function clockOffScene() {
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    await clockOn(tenant, employeeId);
    const { client, sent, loseNext } = lossyClient(tenant);
    const once = createOnceCalls({ retryDelaysMs: [0, 0] });
    const ref = { businessId: tenant.businessId, kioskId: tenant.kioskId };
    const clockOff = () => once('clockOff', { employeeId }, (options) => client.punches.clockOff(ref, { employeeId }, options));
    return { tenant, employeeId, sent, loseNext, clockOff };
  }

  it('is retried with the same key and applied once; the retry gets the stored answer', async () => {
    const { tenant, employeeId, sent, loseNext, clockOff } = await clockOffScene();
    loseNext(1);
    const answer = await clockOff();
    expect(answer.status).toBe('ClockedOff');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.replayed).toBe('true');
    expect(await linesOf(tenant, employeeId)).toHaveLength(1);
  });

  it('keeps its key when every attempt is lost, so pressing again later replays instead of repeating', async () => {
    const { tenant, employeeId, sent, loseNext, clockOff } = await clockOffScene();
    loseNext(3);
    const failed = await clockOff().catch((e: unknown) => e);
    expect(isApiClientError(failed) && failed.kind === 'network').toBe(true);
    expect(sent).toHaveLength(3);

    // The manager presses again once the network is back: the same intent, the same key.
    const again = await clockOff();
    expect(again.status).toBe('ClockedOff');
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(sent.at(-1)!.replayed).toBe('true');
    expect(await linesOf(tenant, employeeId)).toHaveLength(1);
  });

  it('retires the key once the service has answered, so the same change later is a new one', async () => {
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const { client, sent } = lossyClient(tenant);
    const once = createOnceCalls({ retryDelaysMs: [0, 0] });
    const ref = { businessId: tenant.businessId, kioskId: tenant.kioskId };
    const clockOff = () => once('clockOff', { employeeId }, (options) => client.punches.clockOff(ref, { employeeId }, options));

    // Not clocked on: a definite refusal, not retried.
    const refused = await clockOff().catch((e: unknown) => e);
    expect(isApiClientError(refused) && refused.kind === 'http' && refused.status === 409).toBe(true);
    expect(sent).toHaveLength(1);

    await clockOn(tenant, employeeId);
    expect((await clockOff()).status).toBe('ClockedOff');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[1]!.replayed).toBeNull();
  });
});

describe('the intent of a change', () => {
  it('is the operation and its input as canonical JSON: key order does not matter, values do', async () => {
    let keys = 0;
    const once = createOnceCalls({ retryDelaysMs: [], newKey: () => `key-${(keys += 1)}` });
    const used: string[] = [];
    const lost = (options: { idempotencyKey?: string }) => {
      used.push(options.idempotencyKey ?? '');
      return Promise.reject(new TypeError('offline'));
    };
    await once('addShift', { employeeId: 1, startTime: '09:00' }, lost).catch(() => undefined);
    await once('addShift', { startTime: '09:00', employeeId: 1 }, lost).catch(() => undefined);
    await once('addShift', { startTime: '09:30', employeeId: 1 }, lost).catch(() => undefined);
    await once('clockOff', { startTime: '09:30', employeeId: 1 }, lost).catch(() => undefined);
    expect(used).toEqual(['key-1', 'key-1', 'key-2', 'key-3']);
  });
});
