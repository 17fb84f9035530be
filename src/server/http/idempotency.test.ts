import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, punches } from '../db/schema';
import { addKiosk, createTenant, enrolDeviceAuth, restrictedUserAuth } from '../testing/fixtures';
import { startTestService, type TestService } from '../testing/testService';
import { standing } from '../testing/standingSecret';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const keyed = (key: string) => ({ 'idempotency-key': key });

describe('Idempotency-Key scope', () => {
  it('is checked after validation: a path id beyond int32 is a 400 and leaves no record', async () => {
    const tenant = await createTenant(t);
    const res = await t.request('POST', `/api/v2/business/${tenant.businessId}/kiosk/99999999999/clockon`, {
      auth: tenant.manager.auth,
      json: { employeeId: tenant.employees[0]!.id },
      headers: keyed('beyond-int32'),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'beyond-int32'))).toHaveLength(0);
  });

  it('never replays to a caller who may not make the request', async () => {
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const key = keyed('shared-key-1');
    const first = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId }, headers: key });
    expect(first.status, first.text).toBe(200);

    const outsider = await restrictedUserAuth(t, tenant);
    const withoutKey = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: outsider, json: { employeeId } });
    const withKey = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: outsider, json: { employeeId }, headers: key });
    expect(withoutKey.status).toBe(403);
    expect(withKey.status).toBe(403);
    expect(withKey.headers.get('idempotent-replayed')).toBeNull();
    expect(withKey.body).toMatchObject({ code: 'forbidden' });
    expect(withKey.text).not.toContain('ClockedOn');
  });

  it('is scoped to the caller: the same key from another caller is a request of its own', async () => {
    const tenant = await createTenant(t);
    const [a, b] = tenant.employees.map((e) => e.id);
    const device = await enrolDeviceAuth(t, tenant);
    const key = keyed('same-key-two-callers');
    const byManager = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: a }, headers: key });
    const byDevice = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: b }, headers: key });
    expect(byManager.status, byManager.text).toBe(200);
    expect(byDevice.status, byDevice.text).toBe(200);
    expect(byDevice.headers.get('idempotent-replayed')).toBeNull();
    expect(byDevice.body).toMatchObject({ employeeId: b, status: 'ClockedOn' });
    expect(await t.db.select().from(punches).where(eq(punches.employeeId, b!))).toHaveLength(1);
  });

  it('is scoped to the operation: one key on two operations gives two requests', async () => {
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const key = keyed('one-key-two-operations');
    const on = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId }, headers: key });
    const brk = await t.request('POST', `${tenant.kiosk}/startbreak`, { auth: tenant.manager.auth, json: { employeeId }, headers: key });
    expect(on.status).toBe(200);
    expect(brk.status, brk.text).toBe(200);
    expect(brk.body).toMatchObject({ status: 'OnBreak' });
  });

  it('replays across kiosks only as the 422 it is: same caller, same key, another kiosk path', async () => {
    const tenant = await createTenant(t);
    const other = await addKiosk(t, tenant, 'Back door');
    const employeeId = tenant.employees[0]!.id;
    const key = keyed('kiosk-path-differs');
    expect((await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId }, headers: key })).status).toBe(200);
    const elsewhere = await t.request('POST', `${tenant.base}/kiosk/${other}/clockon`, { auth: tenant.manager.auth, json: { employeeId }, headers: key });
    expect(elsewhere.status).toBe(422);
  });

  it('keeps a keyed fingerprint that covers no PIN', async () => {
    const tenant = await createTenant(t);
    const employee = tenant.employees[0]!;
    const key = 'checkpin-with-key';
    const res = await t.request('POST', `${tenant.kiosk}/checkpin`, {
      auth: tenant.manager.auth,
      json: { employeeId: employee.id, pin: employee.pin },
      headers: keyed(key),
    });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(row);
    expect(stored).not.toMatch(standing(employee.pin));
    // An unkeyed digest of what was sent (the old fingerprint) cannot be recomputed from the request.
    const path = `${tenant.kiosk}/checkpin`;
    for (const body of [JSON.stringify({ employeeId: employee.id, pin: employee.pin }), `{"employeeId":${employee.id},"pin":"${employee.pin}"}`]) {
      expect(row?.fingerprint).not.toBe(createHash('sha256').update(`POST ${path}\n${body}`).digest('hex'));
    }
    // Four-digit PINs cannot be tried against it: every PIN gives the same fingerprint.
    const again = await t.request('POST', `${tenant.kiosk}/checkpin`, {
      auth: tenant.manager.auth,
      json: { employeeId: employee.id, pin: '0000' },
      headers: keyed(key),
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('is ignored by a read-only search sent as POST (the route declares no key)', async () => {
    const tenant = await createTenant(t);
    const res = await t.request('POST', `${tenant.base}/kiosk/shifts`, { auth: tenant.manager.auth, json: {}, headers: keyed('search-key') });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'search-key'))).toHaveLength(0);
  });
});

describe('Idempotency-Key: concurrent duplicates (the record is written once, at the end of the work)', () => {
  it('two identical punches sent at once apply once; both get the first answer', async () => {
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const send = () => t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId }, headers: keyed('concurrent-punch') });
    const [one, two] = await Promise.all([send(), send()]);
    expect([one.status, two.status], `${one.text} ${two.text}`).toEqual([200, 200]);
    expect(one.text).toBe(two.text);
    expect([one, two].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    expect(await t.db.select().from(punches).where(eq(punches.employeeId, employeeId))).toHaveLength(1);
  });

  it('two identical creations with no row lock between them apply once (the key record decides)', async () => {
    const tenant = await createTenant(t);
    const send = () => t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name: 'Loading bay' }, headers: keyed('concurrent-location') });
    const [one, two] = await Promise.all([send(), send()]);
    expect([one.status, two.status], `${one.text} ${two.text}`).toEqual([200, 200]);
    expect(one.text).toBe(two.text);
    const listed = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect((listed.body as Array<{ name: string }>).filter((l) => l.name === 'Loading bay')).toHaveLength(1);
  });

  it('a different request under a used key is refused (422) even when its own work would succeed', async () => {
    const tenant = await createTenant(t);
    const [a, b] = tenant.employees.map((e) => e.id);
    const first = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: a }, headers: keyed('used-once') });
    expect(first.status, first.text).toBe(200);
    const other = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: b }, headers: keyed('used-once') });
    expect(other.status, other.text).toBe(422);
    expect(await t.db.select().from(punches).where(eq(punches.employeeId, b!))).toHaveLength(0);
  });
});
