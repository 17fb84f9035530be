import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KioskEmployeeModel } from '../../../contract/generated/models';
import { businesses, employees, outbox } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';
import { standing } from '../../testing/standingSecret';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ LOG_LEVEL: 'debug' });
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

function call(tenant: Tenant, op: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.request('POST', `${tenant.kiosk}/${op}`, { auth: tenant.manager.auth, json: body, headers });
}

async function latestMessage(recipient: string) {
  const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  return rows.at(-1);
}

describe('checkpin', () => {
  it('returns the employee for the right PIN and a 400 for a wrong one', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const right = await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin });
    expect(right.status).toBe(200);
    expect(KioskEmployeeModel.parse(right.body)).toMatchObject({ employeeId: ada.id, status: 'NotClockedOn', pinExpired: false });
    const wrong = await call(tenant, 'checkpin', { employeeId: ada.id, pin: '9999' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'wrong-pin', attemptsLeft: 4 });
    expect(right.text).not.toMatch(standing(ada.pin));
  });

  it('locks the PIN after five wrong PINs in a row, refuses even the right PIN while locked, and unlocks after 15 minutes', async () => {
    t.clock.set('2026-07-01T09:00:00Z');
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await call(tenant, 'checkpin', { employeeId: ada.id, pin: '0000' });
      expect(res.body).toMatchObject({ code: 'wrong-pin', attemptsLeft: 5 - attempt });
    }
    const fifth = await call(tenant, 'checkpin', { employeeId: ada.id, pin: '0000' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'pin-locked', retryAfterSeconds: 900 });
    expect(fifth.headers.get('retry-after')).toBe('900');

    t.clock.set('2026-07-01T09:10:00Z');
    const stillLocked = await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin });
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.headers.get('retry-after')).toBe('300');

    // Another employee is not affected.
    const ben = tenant.employees[1]!;
    expect((await call(tenant, 'checkpin', { employeeId: ben.id, pin: ben.pin })).status).toBe(200);

    t.clock.set('2026-07-01T09:15:00Z');
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).status).toBe(200);
  });

  it('counts a wrong PIN even when the request carries an Idempotency-Key', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await call(tenant, 'checkpin', { employeeId: ada.id, pin: '0000' }, { 'idempotency-key': `attempt-${attempt}` });
    }
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    expect(row?.pinLockedUntil).not.toBeNull();
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).status).toBe(429);
  });

  it('resets the wrong-PIN count after a right PIN', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    for (let i = 0; i < 4; i += 1) await call(tenant, 'checkpin', { employeeId: ada.id, pin: '0000' });
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).status).toBe(200);
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: '0000' })).body).toMatchObject({ attemptsLeft: 4 });
  });

  it('gives clear errors for missing fields, unknown, foreign and disabled employees', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const ada = tenant.employees[0]!;
    expect((await call(tenant, 'checkpin', { employeeId: ada.id })).body).toMatchObject({ errors: [{ field: 'pin' }] });
    expect((await call(tenant, 'checkpin', { pin: '1234' })).body).toMatchObject({ errors: [{ field: 'employeeId' }] });
    expect((await call(tenant, 'checkpin', { employeeId: 99999999, pin: '1234' })).status).toBe(404);
    expect((await call(tenant, 'checkpin', { employeeId: other.employees[0]!.id, pin: other.employees[0]!.pin })).status).toBe(404);
    await t.db.update(employees).set({ isKioskEnabled: false }).where(eq(employees.id, ada.id));
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).body).toMatchObject({ code: 'not-kiosk-enabled' });
  });
});

describe('changepin', () => {
  it('replaces the PIN when the old one matches, and a replay of the same change succeeds harmlessly', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const change = { employeeId: ada.id, oldPin: ada.pin, newPin: '482913' };
    expect((await call(tenant, 'changepin', change)).status).toBe(200);
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: '482913' })).status).toBe(200);
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).status).toBe(400);
    const replay = await call(tenant, 'changepin', change);
    expect(replay.status).toBe(200);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    // The replay counted nothing; the earlier wrong checkpin did.
    expect(row?.pinFailedAttempts).toBe(1);
  });

  it('refuses a wrong old PIN (counting it) and a new PIN that breaks the policy', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const wrongOld = await call(tenant, 'changepin', { employeeId: ada.id, oldPin: '0000', newPin: '5830' });
    expect(wrongOld.body).toMatchObject({ code: 'wrong-pin', attemptsLeft: 4 });
    for (const newPin of ['12', '123456789', '12ab', ada.pin]) {
      const res = await call(tenant, 'changepin', { employeeId: ada.id, oldPin: ada.pin, newPin });
      expect(res.status, newPin).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid-pin', errors: [{ field: 'newPin' }] });
    }
  });

  it('refuses a PIN anyone could guess (repeated, a sequence, the employee number) with pin-too-simple, counting nothing and changing nothing', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const cases: Array<[string, RegExp]> = [
      ['1111', /repeats/],
      ['1212', /repeats/],
      ['1234', /count up or down/],
      ['98765', /count up or down/],
      [String(ada.id).padStart(4, '0'), /employee number/],
    ];
    for (const [newPin, reason] of cases) {
      const res = await call(tenant, 'changepin', { employeeId: ada.id, oldPin: ada.pin, newPin });
      expect(res.status, newPin).toBe(400);
      expect(res.body, newPin).toMatchObject({ code: 'pin-too-simple', errors: [{ field: 'newPin' }] });
      expect((res.body as { errors: Array<{ message: string }> }).errors[0]?.message, newPin).toMatch(reason);
    }
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    expect(row?.pinFailedAttempts).toBe(0);
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).status).toBe(200);
  });
});

describe('PIN resets', () => {
  it('e-mails a one-time code and leaves the current PIN working, unchanged and not expired, until the code is used', async () => {
    t.clock.set('2026-07-02T08:00:00Z');
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const [before] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    const res = await call(tenant, 'emailreset', { employeeId: ada.id });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const message = await latestMessage(before!.email!);
    expect(message).toMatchObject({ channel: 'email', businessId: tenant.businessId, sentAt: null });
    const code = /one-time code instead of your PIN: (\d+)/.exec(message!.body)?.[1];
    expect(code).toMatch(/^\d{8}$/);
    expect(message!.body).toContain('Your current PIN keeps working');

    // Nothing about the PIN changed: same hash, not expired, and the PIN signs in as before.
    const [after] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    expect(after!.pinHash).toBe(before!.pinHash);
    expect(after!.pinExpired).toBe(false);
    expect(after!.pinResetHash).not.toMatch(standing(code!));
    const current = await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ pinExpired: false });

    // The code signs in once as "choose a new PIN" (stored nowhere), and changepin with it sets the PIN.
    const viaCode = await call(tenant, 'checkpin', { employeeId: ada.id, pin: code });
    expect(viaCode.status).toBe(200);
    expect(viaCode.body).toMatchObject({ pinExpired: true });
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).body).toMatchObject({ pinExpired: false });
    const changed = await call(tenant, 'changepin', { employeeId: ada.id, oldPin: code, newPin: '7302' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ pinExpired: false });
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: '7302' })).status).toBe(200);
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).body).toMatchObject({ code: 'wrong-pin' });

    // A used code is refused as used, at the PIN pad and as oldPin.
    const used = await call(tenant, 'checkpin', { employeeId: ada.id, pin: code });
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ code: 'reset-code-used' });
    expect((await call(tenant, 'changepin', { employeeId: ada.id, oldPin: code, newPin: '5190' })).body).toMatchObject({ code: 'reset-code-used' });
  });

  it('refuses an expired code as expired and a wrong one as a wrong PIN; repeated resets lock nobody out', async () => {
    t.clock.set('2026-07-03T09:00:00Z');
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    const codeOf = async () => /one-time code instead of your PIN: (\d+)/.exec((await latestMessage(row!.email!))!.body)?.[1];
    await call(tenant, 'emailreset', { employeeId: ada.id });
    const first = await codeOf();
    t.clock.set('2026-07-03T09:01:01Z');
    await call(tenant, 'emailreset', { employeeId: ada.id });
    const second = await codeOf();
    expect(second).not.toBe(first);
    // The newer code replaces the older; the PIN works throughout.
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: first })).body).toMatchObject({ code: 'wrong-pin' });
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin })).body).toMatchObject({ pinExpired: false });
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: '00000000' })).body).toMatchObject({ code: 'wrong-pin' });

    t.clock.set('2026-07-04T09:01:02Z');
    const expired = await call(tenant, 'checkpin', { employeeId: ada.id, pin: second });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'reset-code-expired' });
    expect((await call(tenant, 'changepin', { employeeId: ada.id, oldPin: second, newPin: '5190' })).body).toMatchObject({ code: 'reset-code-expired' });
    const still = await call(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin });
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ pinExpired: false });
  });

  it('texts only when SMS is switched on for the business, and needs contact details', async () => {
    const tenant = await createTenant(t);
    const [ada, ben] = tenant.employees;
    const off = await call(tenant, 'smsreset', { employeeId: ada!.id });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ code: 'sms-disabled' });
    await t.db.update(businesses).set({ smsNotificationsEnabled: true }).where(eq(businesses.id, tenant.businessId));
    expect((await call(tenant, 'smsreset', { employeeId: ada!.id })).status).toBe(200);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada!.id));
    expect(await latestMessage(row!.mobilePhone!)).toMatchObject({ channel: 'sms' });

    await t.db.update(employees).set({ email: null, mobilePhone: null }).where(eq(employees.id, ben!.id));
    expect((await call(tenant, 'emailreset', { employeeId: ben!.id })).body).toMatchObject({ code: 'no-contact' });
    expect((await call(tenant, 'smsreset', { employeeId: ben!.id })).body).toMatchObject({ code: 'no-contact' });
  });

  it('sends at most one reset a minute per employee', async () => {
    t.clock.set('2026-07-05T08:00:00Z');
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    expect((await call(tenant, 'emailreset', { employeeId: ada.id })).status).toBe(200);
    const again = await call(tenant, 'emailreset', { employeeId: ada.id });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'reset-too-soon' });
    t.clock.set('2026-07-05T08:01:00Z');
    expect((await call(tenant, 'emailreset', { employeeId: ada.id })).status).toBe(200);
  });
});

describe('secrets stay secret', () => {
  it('never stores a PIN in clear and never returns one', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    await call(tenant, 'changepin', { employeeId: ada.id, oldPin: ada.pin, newPin: '640218' });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    expect(row?.pinHash).toMatch(/^scrypt\$/);
    expect(row?.pinHash).not.toMatch(standing('640218'));
    const staff = await t.request('GET', `${tenant.kiosk}/staff`, { auth: tenant.manager.auth });
    expect(staff.text).not.toMatch(/pin"?\s*:/i);
    const logs = t.logs.join('\n');
    expect(logs).toContain('"path":"/api/v2/business/'); // the request log is on in this file
    expect(logs).not.toMatch(standing('640218'));
    expect(logs).not.toMatch(standing(ada.pin));
    expect(logs).not.toContain(tenant.manager.apiKey);
  });
});

describe('wrong PINs reported by an offline kiosk', () => {
  it('continues a lockout that began offline, and ignores attempts long past', async () => {
    t.clock.set('2026-07-06T12:00:00Z');
    const tenant = await createTenant(t);
    const [ada, ben] = tenant.employees;
    const recent = ['11:58:00', '11:58:10', '11:58:20', '11:58:30', '11:58:40'].map((time) => `2026-07-06T${time}Z`);
    const res = await call(tenant, 'pinfailures', { employeeId: ada!.id, failedAttemptsUtc: recent });
    expect(res.status, res.text).toBe(200);
    const locked = await call(tenant, 'checkpin', { employeeId: ada!.id, pin: ada!.pin });
    expect(locked.status).toBe(429);
    // Locked from the fifth attempt (11:58:40) for 15 minutes.
    expect(locked.headers.get('retry-after')).toBe(String(13 * 60 + 40));

    const old = ['08:00:00', '08:00:10', '08:00:20', '08:00:30', '08:00:40'].map((time) => `2026-07-06T${time}Z`);
    await call(tenant, 'pinfailures', { employeeId: ben!.id, failedAttemptsUtc: old });
    expect((await call(tenant, 'checkpin', { employeeId: ben!.id, pin: ben!.pin })).status).toBe(200);
    expect((await call(tenant, 'pinfailures', { employeeId: ben!.id, failedAttemptsUtc: [] })).status).toBe(400);
  });

  it('counts attempts a kiosk clock running slightly ahead recorded, but refuses ones far in the future', async () => {
    t.clock.set('2026-07-06T12:00:00Z');
    const tenant = await createTenant(t);
    const [ada, ben] = tenant.employees;
    // A kiosk's corrected clock can lead the service's by a little: within the skew allowance.
    const ahead = ['12:00:01', '12:00:02', '12:00:03', '12:00:04', '12:00:05'].map((time) => `2026-07-06T${time}Z`);
    expect((await call(tenant, 'pinfailures', { employeeId: ada!.id, failedAttemptsUtc: ahead })).status).toBe(200);
    expect((await call(tenant, 'checkpin', { employeeId: ada!.id, pin: ada!.pin })).status).toBe(429);

    const farAhead = ['12:00:01', '13:00:02', '12:00:03', '12:00:04', '12:00:05'].map((time) => `2026-07-06T${time}Z`);
    const refused = await call(tenant, 'pinfailures', { employeeId: ben!.id, failedAttemptsUtc: farAhead });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'implausible-pin-failures', errors: [{ field: 'failedAttemptsUtc.1' }] });
    // Nothing of the report was applied.
    expect((await call(tenant, 'checkpin', { employeeId: ben!.id, pin: ben!.pin })).status).toBe(200);
  });
});

describe('sealed PIN changes (queued by an offline kiosk)', () => {
  it('opens a change sealed with the published key and refuses anything else', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const keyRes = await t.request('GET', `${tenant.kiosk}/pinseal`, { auth: tenant.manager.auth });
    expect(keyRes.status).toBe(200);
    const key = keyRes.body as { keyId: string; algorithm: string; publicKey: string };
    expect(key.algorithm).toBe('RSA-OAEP-256');
    const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
    const seal = (content: unknown) =>
      publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify(content))).toString('base64');

    const changed = await call(tenant, 'changepin/sealed', { employeeId: ada.id, keyId: key.keyId, sealed: seal({ oldPin: ada.pin, newPin: '915273' }) });
    expect(changed.status, changed.text).toBe(200);
    expect((await call(tenant, 'checkpin', { employeeId: ada.id, pin: '915273' })).status).toBe(200);

    const unknownKey = await call(tenant, 'changepin/sealed', { employeeId: ada.id, keyId: 'pk_nope', sealed: seal({ oldPin: '915273', newPin: '3817' }) });
    expect(unknownKey.body).toMatchObject({ status: 400, errors: [{ field: 'sealed' }] });
    const garbage = await call(tenant, 'changepin/sealed', { employeeId: ada.id, keyId: key.keyId, sealed: Buffer.from('not sealed at all').toString('base64') });
    expect(garbage.status).toBe(400);
    const notAChange = await call(tenant, 'changepin/sealed', { employeeId: ada.id, keyId: key.keyId, sealed: seal({ hello: 'world' }) });
    expect(notAChange.status).toBe(400);
    const wrongOld = await call(tenant, 'changepin/sealed', { employeeId: ada.id, keyId: key.keyId, sealed: seal({ oldPin: '0000', newPin: '3817' }) });
    expect(wrongOld.body).toMatchObject({ code: 'wrong-pin' });
    // Sealed or not, a guessable new PIN is refused by the same rule.
    const guessable = await call(tenant, 'changepin/sealed', { employeeId: ada.id, keyId: key.keyId, sealed: seal({ oldPin: '915273', newPin: '4444' }) });
    expect(guessable.body).toMatchObject({ code: 'pin-too-simple', errors: [{ field: 'newPin' }] });
  });
});
