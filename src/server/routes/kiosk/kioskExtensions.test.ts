/**
 * The kiosk's project extensions through the real app: preferences (defaults, replace, hostile
 * input, who may write) and identity claims of unverified offline punches (verified by the sealed
 * PIN, flagged when it is wrong or missing, replays harmless, a wrong PIN counts towards the
 * lockout, manager decisions).
 */
import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IdentityClaimModel, KioskPreferencesModel } from '../../../contract/supporting/kioskExtensions';
import { clockShifts, employees, timesheetLines } from '../../db/schema';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';
import { standing } from '../../testing/standingSecret';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

async function sealer(tenant: Tenant, auth: string) {
  const key = (await t.request('GET', `${tenant.kiosk}/pinseal`, { auth })).body as { keyId: string; publicKey: string };
  const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
  return {
    keyId: key.keyId,
    seal: (pin: string) =>
      publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify({ pin }))).toString('base64'),
  };
}

/** A device punches unverified and sends its claim, as the kiosk's outbox does. */
async function punchAndClaim(tenant: Tenant, device: string, employeeId: number, kind: 'clockOn' | 'clockOff', sealedPin: string | null, keyId: string | null) {
  const punchKey = randomUUID();
  const recordedTimeUtc = new Date(t.clock.now().getTime() - 60_000).toISOString();
  const path = kind === 'clockOn' ? 'clockon' : 'clockoff';
  const punch = await t.request('POST', `${tenant.kiosk}/${path}`, { auth: device, json: { employeeId, recordedTimeUtc }, headers: { 'idempotency-key': punchKey } });
  expect(punch.status, punch.text).toBe(200);
  const body = { employeeId, punchKey, punchKind: kind, recordedTimeUtc, keyId, sealedPin };
  const claimKey = randomUUID();
  const claim = await t.request('POST', `${tenant.kiosk}/identityclaims`, { auth: device, json: body, headers: { 'idempotency-key': claimKey } });
  return { claim, body, claimKey };
}

describe('kiosk preferences', () => {
  it('answers defaults, saves a replacement, and the kiosk device reads it', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const first = await t.request('GET', `${tenant.kiosk}/preferences`, { auth: device });
    expect(first.status).toBe(200);
    const defaults = { idleScreenSeconds: 60, stepTimeoutSeconds: 30 };
    expect(KioskPreferencesModel.parse(first.body)).toEqual({ unverifiedOfflinePunches: 'flagged', sounds: true, locale: null, theme: 'system', ...defaults });
    const saved = await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: tenant.manager.auth, json: { sounds: false, locale: 'en-GB', theme: 'dark' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ unverifiedOfflinePunches: 'flagged', sounds: false, locale: 'en-GB', theme: 'dark', ...defaults });
    const replaced = await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: tenant.manager.auth, json: { unverifiedOfflinePunches: 'off' } });
    expect(replaced.body).toEqual({ unverifiedOfflinePunches: 'off', sounds: true, locale: null, theme: 'system', ...defaults });
    expect((await t.request('GET', `${tenant.kiosk}/preferences`, { auth: device })).body).toEqual(replaced.body);
  });

  it('stores the idle screen delay and the step timeout, reads them back, and refuses values out of range naming the field', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    for (const [idleScreenSeconds, stepTimeoutSeconds] of [
      [0, 600],
      [10, 10],
      [3600, 120],
    ] as const) {
      const saved = await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: tenant.manager.auth, json: { theme: 'dark', idleScreenSeconds, stepTimeoutSeconds } });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({ theme: 'dark', idleScreenSeconds, stepTimeoutSeconds });
      const read = await t.request('GET', `${tenant.kiosk}/preferences`, { auth: device });
      expect(KioskPreferencesModel.parse(read.body)).toEqual(saved.body);
    }
    for (const [json, field] of [
      [{ idleScreenSeconds: 5 }, 'idleScreenSeconds'],
      [{ idleScreenSeconds: 3601 }, 'idleScreenSeconds'],
      [{ idleScreenSeconds: -1 }, 'idleScreenSeconds'],
      [{ idleScreenSeconds: 30.5 }, 'idleScreenSeconds'],
      [{ idleScreenSeconds: '60' }, 'idleScreenSeconds'],
      [{ stepTimeoutSeconds: 9 }, 'stepTimeoutSeconds'],
      [{ stepTimeoutSeconds: 601 }, 'stepTimeoutSeconds'],
      [{ stepTimeoutSeconds: null }, 'stepTimeoutSeconds'],
    ] as const) {
      const res = await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(json)).toContain(field);
    }
    // The refused writes changed nothing: the last good values stand.
    expect((await t.request('GET', `${tenant.kiosk}/preferences`, { auth: device })).body).toMatchObject({ idleScreenSeconds: 3600, stepTimeoutSeconds: 120 });
  });

  it('refuses hostile input with per-field errors and a device that tries to write', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    for (const [json, field] of [
      [{ theme: 'neon' }, 'theme'],
      [{ unverifiedOfflinePunches: 'always' }, 'unverifiedOfflinePunches'],
      [{ locale: 'not a locale!' }, 'locale'],
      [{ locale: 'x'.repeat(200) }, 'locale'],
      [{ sounds: 'yes' }, 'sounds'],
    ] as const) {
      const res = await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: device, json: { sounds: false } })).status).toBe(403);
    const other = await createTenant(t);
    expect((await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: other.manager.auth, json: { sounds: false } })).status).toBe(404);
  });
});

describe('identity claims of unverified offline punches', () => {
  it('verifies a punch whose sealed PIN is right, with no manager needed', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const ada = tenant.employees[0]!;
    const { keyId, seal } = await sealer(tenant, device);
    const { claim } = await punchAndClaim(tenant, device, ada.id, 'clockOn', seal(ada.pin), keyId);
    expect(claim.status, claim.text).toBe(200);
    const model = IdentityClaimModel.parse(claim.body);
    expect(model).toMatchObject({ employeeId: ada.id, outcome: 'verified', status: 'verified', reason: null, punchKind: 'clockOn' });
    expect(model.shiftId).not.toBeNull();
    expect(claim.text).not.toMatch(standing(ada.pin));
    const pending = await t.request('GET', `${tenant.kiosk}/identityclaims`, { auth: tenant.manager.auth });
    expect(pending.body).toEqual([]);
  });

  it('flags a wrong or missing PIN, counts a wrong one towards the lockout, and replays harmlessly', async () => {
    const tenant = await createTenant(t, { employees: 3 });
    const device = await enrolDeviceAuth(t, tenant);
    const [ada, ben] = tenant.employees;
    const { keyId, seal } = await sealer(tenant, device);
    const wrong = await punchAndClaim(tenant, device, ada!.id, 'clockOn', seal('0000'), keyId);
    expect(wrong.claim.body).toMatchObject({ outcome: 'flagged', reason: 'wrong-pin', status: 'pending' });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada!.id));
    expect(row?.pinFailedAttempts).toBe(1);

    // The answer was lost: the same request again, and the same claim under a new key, change nothing.
    const again = await t.request('POST', `${tenant.kiosk}/identityclaims`, { auth: device, json: wrong.body, headers: { 'idempotency-key': wrong.claimKey } });
    expect(again.body).toEqual(wrong.claim.body);
    const newKey = await t.request('POST', `${tenant.kiosk}/identityclaims`, { auth: device, json: wrong.body, headers: { 'idempotency-key': randomUUID() } });
    expect((newKey.body as { id: number }).id).toBe((wrong.claim.body as { id: number }).id);
    const [after] = await t.db.select().from(employees).where(eq(employees.id, ada!.id));
    expect(after?.pinFailedAttempts).toBe(1);

    const missing = await punchAndClaim(tenant, device, ben!.id, 'clockOn', null, null);
    expect(missing.claim.body).toMatchObject({ outcome: 'flagged', reason: 'no-pin' });
    const garbage = await punchAndClaim(tenant, device, tenant.employees[2]!.id, 'clockOn', Buffer.from('nope').toString('base64'), keyId);
    expect(garbage.claim.body).toMatchObject({ outcome: 'flagged', reason: 'no-pin' });

    const list = await t.request('GET', `${tenant.kiosk}/identityclaims`, { auth: tenant.manager.auth });
    expect(list.status).toBe(200);
    expect((list.body as IdentityClaimModel[]).map((c) => c.employeeId).sort()).toEqual([ada!.id, ben!.id, tenant.employees[2]!.id].sort());
  });

  it('never checks a PIN without a punch of this device, and refuses bad input clearly', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const ada = tenant.employees[0]!;
    const { keyId, seal } = await sealer(tenant, device);
    const body = { employeeId: ada.id, punchKey: randomUUID(), punchKind: 'clockOn', recordedTimeUtc: new Date(t.clock.now().getTime() - 5_000).toISOString(), keyId, sealedPin: seal(ada.pin) };
    const orphan = await t.request('POST', `${tenant.kiosk}/identityclaims`, { auth: device, json: body });
    expect(orphan.body).toMatchObject({ outcome: 'flagged', reason: 'no-punch', shiftId: null });
    for (const [json, field] of [
      [{ ...body, punchKey: randomUUID(), punchKind: 'discard' }, 'punchKind'],
      [{ ...body, punchKey: randomUUID(), sealedPin: 'not base64!' }, 'sealedPin'],
      [{ ...body, punchKey: randomUUID(), sealedPin: 'A'.repeat(2048) }, 'sealedPin'],
      [{ ...body, punchKey: randomUUID(), recordedTimeUtc: 'yesterday' }, 'recordedTimeUtc'],
      [{ ...body, punchKey: '' }, 'punchKey'],
      [{ ...body, punchKey: randomUUID(), employeeId: 999_999 }, 'employeeId'],
    ] as const) {
      const res = await t.request('POST', `${tenant.kiosk}/identityclaims`, { auth: device, json });
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    // A person, not a device, may not submit claims; a device may not read or decide them.
    expect((await t.request('POST', `${tenant.kiosk}/identityclaims`, { auth: tenant.manager.auth, json: body })).status).toBe(403);
    expect((await t.request('GET', `${tenant.kiosk}/identityclaims`, { auth: device })).status).toBe(403);
    const claimId = (orphan.body as { id: number }).id;
    expect((await t.request('POST', `${tenant.kiosk}/identityclaims/${claimId}/accept`, { auth: device })).status).toBe(403);
    const other = await createTenant(t);
    expect((await t.request('POST', `${tenant.kiosk}/identityclaims/${claimId}/accept`, { auth: other.manager.auth })).status).toBe(404);
    expect((await t.request('POST', `${other.kiosk}/identityclaims/${claimId}/accept`, { auth: other.manager.auth })).status).toBe(404);
  });

  it('lets a manager accept one (the flag clears) and reject another (its shift is discarded)', async () => {
    const tenant = await createTenant(t, { employees: 3 });
    const device = await enrolDeviceAuth(t, tenant);
    const [ada, ben, chloe] = tenant.employees;
    const accept = await punchAndClaim(tenant, device, ada!.id, 'clockOn', null, null);
    const acceptId = (accept.claim.body as { id: number }).id;
    const accepted = await t.request('POST', `${tenant.kiosk}/identityclaims/${acceptId}/accept`, { auth: tenant.manager.auth });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', resolvedBy: tenant.manager.email });
    expect((await t.request('POST', `${tenant.kiosk}/identityclaims/${acceptId}/accept`, { auth: tenant.manager.auth })).status).toBe(200);
    const late = await t.request('POST', `${tenant.kiosk}/identityclaims/${acceptId}/reject`, { auth: tenant.manager.auth });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'claim-decided' });

    // An open shift is discarded through the discard punch: the person is no longer on shift.
    const open = await punchAndClaim(tenant, device, ben!.id, 'clockOn', null, null);
    const openClaim = IdentityClaimModel.parse(open.claim.body);
    const rejected = await t.request('POST', `${tenant.kiosk}/identityclaims/${openClaim.id}/reject`, { auth: tenant.manager.auth });
    expect(rejected.status, rejected.text).toBe(200);
    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, openClaim.shiftId!));
    expect(shift?.status).toBe('discarded');
    const [benRow] = await t.db.select().from(employees).where(eq(employees.id, ben!.id));
    expect(benRow?.attendanceStatus).toBe('NotClockedOn');

    // A finished shift: both unverified punches are one decision, and its timesheet line goes.
    const on = await punchAndClaim(tenant, device, chloe!.id, 'clockOn', null, null);
    t.clock.set(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString());
    const off = await punchAndClaim(tenant, device, chloe!.id, 'clockOff', null, null);
    const shiftId = IdentityClaimModel.parse(on.claim.body).shiftId!;
    const [done] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, shiftId));
    expect(done?.timesheetLineId).not.toBeNull();
    const offId = (off.claim.body as { id: number }).id;
    expect((await t.request('POST', `${tenant.kiosk}/identityclaims/${offId}/reject`, { auth: tenant.manager.auth })).status).toBe(200);
    const [gone] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, shiftId));
    expect(gone?.status).toBe('discarded');
    expect(await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, done!.timesheetLineId!))).toEqual([]);
    const rejectedList = await t.request('GET', `${tenant.kiosk}/identityclaims?status=rejected`, { auth: tenant.manager.auth });
    expect((rejectedList.body as IdentityClaimModel[]).map((c) => c.punchKind).sort()).toEqual(['clockOff', 'clockOn', 'clockOn']);
    expect((await t.request('GET', `${tenant.kiosk}/identityclaims`, { auth: tenant.manager.auth })).body).toEqual([]);
  });
});
