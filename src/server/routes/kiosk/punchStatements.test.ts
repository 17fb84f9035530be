/**
 * The SQL statements a kiosk punch costs: the punch is the service's hot path,
 * and its rate on PostgreSQL is bounded by the statements it sends. This counts the statements of
 * a device's clock-on and clock-off (with an Idempotency-Key, as the tablet sends them), a
 * manager's clock-on (API key: the caller and its access in one read) and an idempotent replay, and
 * fails if the count grows back. Transaction control (begin, commit, savepoints) is left out: PGlite
 * sends it outside the observed query path, PostgreSQL through it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
let statements: string[] | null = null;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

beforeAll(async () => {
  t = await startTestService(
    {},
    {
      onRows: (_rows, sql) => {
        if (statements && !TRANSACTION_CONTROL.test(sql)) statements.push(sql);
      },
    },
  );
});
afterAll(() => t.close());

/** The statements one request runs. */
async function statementsOf(send: () => Promise<{ status: number; text: string }>): Promise<string[]> {
  statements = [];
  try {
    const res = await send();
    expect(res.status, res.text).toBe(200);
    return statements;
  } finally {
    statements = null;
  }
}

function punch(tenant: Tenant, auth: string, op: string, employeeId: number, key = randomUUID()) {
  return t.request('POST', `${tenant.kiosk}/${op}`, { auth, json: { employeeId }, headers: { 'idempotency-key': key } });
}

/** The list, numbered, for the failure message. */
const listed = (sql: readonly string[]) => sql.map((text, i) => `${i + 1}. ${text}`).join('\n');

describe('statements per punch', () => {
  let tenant: Tenant;
  let device: string;
  beforeAll(async () => {
    t.clock.set('2026-06-01T07:00:00Z');
    tenant = await createTenant(t, { employees: 3 });
    device = await enrolDeviceAuth(t, tenant);
    // The device's first request records its contact (at most once a minute): not part of a punch's cost.
    await t.request('GET', `${tenant.kiosk}/staff`, { auth: device });
  });

  it('a device clock-on and clock-off stay within their statement budgets', async () => {
    const employeeId = tenant.employees[0]!.id;
    const on = await statementsOf(() => punch(tenant, device, 'clockon', employeeId));
    expect(on.length, listed(on)).toBeLessThanOrEqual(CLOCK_ON_BUDGET);
    t.clock.set('2026-06-01T07:00:30Z');
    const off = await statementsOf(() => punch(tenant, device, 'clockoff', employeeId));
    expect(off.length, listed(off)).toBeLessThanOrEqual(CLOCK_OFF_BUDGET);
  });

  it('a manager (API key) reads the caller and its access once', async () => {
    const employeeId = tenant.employees[1]!.id;
    const on = await statementsOf(() => punch(tenant, tenant.manager.auth, 'clockon', employeeId));
    expect(on.length, listed(on)).toBeLessThanOrEqual(MANAGER_CLOCK_ON_BUDGET);
  });

  it("the employee's groups come with the employee's lock: right ids, no statement of their own", async () => {
    const other = await createTenant(t, { employees: 2 });
    const [mine, theirs] = other.employees.map((e) => e.id);
    const group = async (name: string, employeeId: number) => {
      const json = { name, filterCombinationStrategy: 'Or', filters: [{ filterType: 'Employee', operator: 'In', value: String(employeeId) }] };
      const res = await t.request('POST', `${other.base}/employeegroup`, { auth: other.manager.auth, json });
      expect(res.status, res.text).toBe(200);
      return (res.body as { id: number }).id;
    };
    const first = await group('Mine', mine!);
    await group('Theirs', theirs!);
    const second = await group('Also mine', mine!);
    const otherDevice = await enrolDeviceAuth(t, other);
    await t.request('GET', `${other.kiosk}/staff`, { auth: otherDevice });
    let body: unknown;
    const on = await statementsOf(async () => {
      const res = await punch(other, otherDevice, 'clockon', mine!);
      body = res.body;
      return res;
    });
    expect((body as { employeeGroupIds: number[] }).employeeGroupIds).toEqual([first, second]);
    expect(on.length, listed(on)).toBeLessThanOrEqual(CLOCK_ON_BUDGET);
  });

  it('a replayed punch costs the caller, its refused punch and the stored answer', async () => {
    const employeeId = tenant.employees[2]!.id;
    const key = randomUUID();
    await statementsOf(() => punch(tenant, device, 'clockon', employeeId, key));
    const replay = await statementsOf(() => punch(tenant, device, 'clockon', employeeId, key));
    expect(replay.length, listed(replay)).toBeLessThanOrEqual(REPLAY_BUDGET);
  });
});

/**
 * Statements per request, without transaction control (at first 13, 18, 15 and 3; before the
 * reads and writes were merged: 8, 12, 8). A clock-on: the caller, the employee's lock with the
 * punch's reads, the writes with the key's record (finalWrite.ts); a clock-off reads its open shift
 * with the lock too (again, in a statement of its own, only after waiting for the lock).
 */
const CLOCK_ON_BUDGET = 3;
const CLOCK_OFF_BUDGET = 3;
const MANAGER_CLOCK_ON_BUDGET = 3;
/** A replay runs the punch (refused, rolled back) before answering from the key's record: idempotency.ts. */
const REPLAY_BUDGET = 3;
