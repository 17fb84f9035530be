/**
 * Badges through the real app and database: issuing (tokens answered once, stored only as
 * digests, reissuing revokes), the business and kiosk modes, the tablets' list, and the scan
 * check's refusals: another business's token, a revoked one, a malformed or very long one, a
 * kiosk in PIN-only mode, and the device and person limits unknown and revoked tokens count
 * towards.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_TOKEN_LENGTH, readBadgeToken } from '../../../domain/badges';
import { badgeFailures, badges, employees } from '../../db/schema';
import { addKiosk, createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

const MAX_ATTEMPTS = 5;
let t: TestService;
beforeAll(async () => {
  t = await startTestService({ PIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS), PIN_LOCKOUT_MINUTES: '15', PIN_LOCKOUTS_PER_DEVICE: '2' });
});
afterAll(() => t.close());

interface Issued {
  badgeId: number;
  employeeId: number;
  employeeName: string;
  businessName: string;
  token: string;
}

async function issue(tenant: Tenant, employeeIds: number[], auth = tenant.manager.auth): Promise<Issued[]> {
  const res = await t.request('POST', `${tenant.kiosk}/badges`, { auth, json: { employeeIds } });
  expect(res.status, res.text).toBe(200);
  return res.body as Issued[];
}

const setMode = async (tenant: Tenant, mode: string) => {
  const res = await t.request('PUT', `${tenant.base}/badgesettings`, { auth: tenant.manager.auth, json: { mode } });
  expect(res.status, res.text).toBe(200);
};

const scan = (tenant: Tenant, auth: string, token: string) => t.request('POST', `${tenant.kiosk}/badgecheck`, { auth, json: { token } });

describe('issuing badges', () => {
  it('answers a random token per person once, keeps only digests of it, and reissuing revokes the old badge', async () => {
    t.clock.set('2026-06-01T08:00:00Z');
    const tenant = await createTenant(t, { employees: 2 });
    const [ada, ben] = tenant.employees;
    const first = await issue(tenant, [ada!.id, ben!.id]);
    expect(first.map((b) => b.employeeId)).toEqual([ada!.id, ben!.id]);
    for (const badge of first) {
      expect(readBadgeToken(badge.token)).toBe(badge.token);
      expect(badge.token).toHaveLength(BADGE_TOKEN_LENGTH);
      expect(badge.token).not.toContain(String(badge.employeeId).padStart(4, '0'));
      expect(badge.businessName).toMatch(/^Business /);
    }
    expect(first[0]!.token).not.toBe(first[1]!.token);
    // Nothing stored holds the token.
    const rows = await t.db.select().from(badges).where(eq(badges.businessId, tenant.businessId));
    expect(JSON.stringify(rows)).not.toContain(first[0]!.token);
    expect(JSON.stringify(rows)).not.toContain(first[0]!.token.slice(4));

    const again = await issue(tenant, [ada!.id]);
    expect(again[0]!.token).not.toBe(first[0]!.token);
    const adaRows = await t.db.select().from(badges).where(eq(badges.employeeId, ada!.id));
    expect(adaRows.filter((r) => r.revokedAt === null).map((r) => r.id)).toEqual([again[0]!.badgeId]);

    // The list the tablets keep: one verifier per badge in use, never a token.
    const device = await enrolDeviceAuth(t, tenant);
    const list = await t.request('GET', `${tenant.kiosk}/badges`, { auth: device });
    expect(list.status, list.text).toBe(200);
    const body = list.body as { mode: string; badges: { badgeId: number; employeeId: number; verifier: string }[] };
    expect(body.mode).toBe('pin');
    expect(body.badges.map((b) => b.badgeId).sort()).toEqual([again[0]!.badgeId, first[1]!.badgeId].sort());
    expect(list.text).not.toContain(again[0]!.token);
  });

  it('refuses people not listed at the kiosk, devices, and managers of another kiosk, issuing nothing', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const [ada] = tenant.employees;
    const device = await enrolDeviceAuth(t, tenant);
    expect((await t.request('POST', `${tenant.kiosk}/badges`, { auth: device, json: { employeeIds: [ada!.id] } })).status).toBe(403);
    const otherKiosk = await addKiosk(t, tenant, 'Back door');
    const restricted = await restrictedUserAuth(t, tenant, [otherKiosk]);
    expect((await t.request('POST', `${tenant.kiosk}/badges`, { auth: restricted, json: { employeeIds: [ada!.id] } })).status).toBe(403);
    const stranger = await createTenant(t);
    const mixed = await t.request('POST', `${tenant.kiosk}/badges`, { auth: tenant.manager.auth, json: { employeeIds: [ada!.id, stranger.employees[0]!.id] } });
    expect(mixed.status, mixed.text).toBe(404);
    expect(await t.db.select().from(badges).where(eq(badges.businessId, tenant.businessId))).toEqual([]);
    const none = await t.request('POST', `${tenant.kiosk}/badges`, { auth: tenant.manager.auth, json: { employeeIds: [] } });
    expect(none.status).toBe(400);
  });
});

describe('badge modes', () => {
  it('is PIN only by default; a kiosk may choose its own mode or follow the business', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const [badge] = await issue(tenant, [tenant.employees[0]!.id]);
    const off = await scan(tenant, device, badge!.token);
    expect(off.status, off.text).toBe(403);
    expect(off.body).toMatchObject({ code: 'badges-off' });

    await setMode(tenant, 'badge');
    const alone = await scan(tenant, device, badge!.token);
    expect(alone.status, alone.text).toBe(200);
    expect(alone.body).toMatchObject({ badgeId: badge!.badgeId, pinRequired: false, employee: { employeeId: tenant.employees[0]!.id } });
    // In badge mode the name and PIN still work (a forgotten badge).
    const byName = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: tenant.employees[0]!.id, pin: tenant.employees[0]!.pin } });
    expect(byName.status, byName.text).toBe(200);

    const kioskSetting = await t.request('PUT', `${tenant.kiosk}/badgesettings`, { auth: tenant.manager.auth, json: { mode: 'badge-then-pin' } });
    expect(kioskSetting.status, kioskSetting.text).toBe(200);
    expect((await t.request('GET', `${tenant.kiosk}/badgesettings`, { auth: device })).body).toEqual({ mode: 'badge-then-pin' });
    // Badge then PIN: the badge alone signs nobody in; it names whose it is, and their PIN does the rest.
    const alone2 = await scan(tenant, device, badge!.token);
    expect(alone2.status, alone2.text).toBe(403);
    expect(alone2.body).toMatchObject({ code: 'pin-required', employeeId: tenant.employees[0]!.id, badgeId: badge!.badgeId });
    expect(alone2.body).not.toHaveProperty('employee');
    expect(((await t.request('GET', `${tenant.kiosk}/badges`, { auth: device })).body as { mode: string }).mode).toBe('badge-then-pin');

    await t.request('PUT', `${tenant.kiosk}/badgesettings`, { auth: tenant.manager.auth, json: { mode: 'pin' } });
    expect((await scan(tenant, device, badge!.token)).body).toMatchObject({ code: 'badges-off' });
    await t.request('PUT', `${tenant.kiosk}/badgesettings`, { auth: tenant.manager.auth, json: { mode: null } });
    expect((await scan(tenant, device, badge!.token)).body).toMatchObject({ pinRequired: false });

    const bad = await t.request('PUT', `${tenant.base}/badgesettings`, { auth: tenant.manager.auth, json: { mode: 'face' } });
    expect(bad.status).toBe(400);
    expect((await t.request('GET', `${tenant.base}/badgesettings`, { auth: tenant.manager.auth })).body).toEqual({ mode: 'badge' });
  });
});

describe('badge then PIN', () => {
  it('never signs in on the badge alone: a right badge counts nothing and names its owner, a revoked or locked one is refused as in badge mode', async () => {
    t.clock.set('2026-06-04T08:00:00Z');
    const tenant = await createTenant(t, { employees: 2 });
    await setMode(tenant, 'badge-then-pin');
    const [ada, ben] = tenant.employees;
    const [old] = await issue(tenant, [ada!.id]);
    const [current, bens] = await issue(tenant, [ada!.id, ben!.id]);
    const device = await enrolDeviceAuth(t, tenant);
    // An unknown badge first: the right one after it ends the device's run, even though it signs nobody in.
    expect((await scan(tenant, device, 'KCB1' + 'Q'.repeat(32))).body).toMatchObject({ code: 'unknown-badge', attemptsLeft: MAX_ATTEMPTS - 1 });
    const right = await scan(tenant, device, current!.token);
    expect(right.status, right.text).toBe(403);
    expect(right.body).toMatchObject({ code: 'pin-required', employeeId: ada!.id, badgeId: current!.badgeId });
    expect((right.body as { detail: string }).detail).toContain('PIN');
    expect(right.text).not.toContain('clockOnTimeUtc');
    const [failures] = await t.db.select().from(badgeFailures).where(eq(badgeFailures.businessId, tenant.businessId));
    expect(failures?.failedAttempts ?? 0).toBe(0);
    const [adaRow] = await t.db.select({ failed: employees.pinFailedAttempts }).from(employees).where(eq(employees.id, ada!.id));
    expect(adaRow!.failed).toBe(0);
    // The PIN is the sign-in.
    const signIn = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: ada!.id, pin: ada!.pin } });
    expect(signIn.status, signIn.text).toBe(200);
    // A revoked badge still counts against its owner; a locked owner's badge is refused as locked.
    expect((await scan(tenant, device, old!.token)).body).toMatchObject({ code: 'badge-revoked', attemptsLeft: MAX_ATTEMPTS - 1 });
    for (let i = 0; i < MAX_ATTEMPTS - 1; i += 1) await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: ada!.id, pin: '0000' } });
    const locked = await scan(tenant, device, current!.token);
    expect(locked.status, locked.text).toBe(429);
    expect(locked.body).toMatchObject({ code: 'pin-locked' });
    expect((await scan(tenant, device, bens!.token)).body).toMatchObject({ code: 'pin-required', employeeId: ben!.id });
  });
});

describe('punches made offline by badge', () => {
  /** A device's punch at `recordedTimeUtc` and its claim naming the badge, as the kiosk's outbox sends them. */
  async function punchByBadge(tenant: Tenant, device: string, employeeId: number, kind: 'clockOn' | 'startBreak', recordedTimeUtc: string, badgeId: number) {
    const punchKey = randomUUID();
    const punch = await t.request('POST', `${tenant.kiosk}/${kind.toLowerCase()}`, { auth: device, json: { employeeId, recordedTimeUtc }, headers: { 'idempotency-key': punchKey } });
    expect(punch.status, punch.text).toBe(200);
    const json = { employeeId, punchKey, punchKind: kind, recordedTimeUtc, badgeId };
    return t.request('POST', `${tenant.kiosk}/identityclaims`, { auth: device, json, headers: { 'idempotency-key': randomUUID() } });
  }

  it('are accepted; flagged for a manager when the badge was revoked by then, or is not the puncher\'s; verified otherwise', async () => {
    t.clock.set('2026-06-05T08:00:00Z');
    const tenant = await createTenant(t, { employees: 2 });
    await setMode(tenant, 'badge');
    const [ada, ben] = tenant.employees;
    const [adas] = await issue(tenant, [ada!.id, ben!.id]);
    const device = await enrolDeviceAuth(t, tenant);
    // Ada's badge is withdrawn at 08:30; the tablet, offline, had not heard.
    t.clock.set('2026-06-05T08:30:00Z');
    expect((await t.request('POST', `${tenant.kiosk}/badges/${adas!.badgeId}/revoke`, { auth: tenant.manager.auth })).status).toBe(200);
    t.clock.set('2026-06-05T09:00:00Z');
    const before = await punchByBadge(tenant, device, ada!.id, 'clockOn', '2026-06-05T08:20:00.000Z', adas!.badgeId);
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({ outcome: 'verified', status: 'verified', reason: null });
    const after = await punchByBadge(tenant, device, ada!.id, 'startBreak', '2026-06-05T08:45:00.000Z', adas!.badgeId);
    expect(after.status, after.text).toBe(200);
    expect(after.body).toMatchObject({ outcome: 'flagged', status: 'pending', reason: 'badge-revoked', punchKind: 'startBreak' });
    // Someone else's badge does not verify a punch either.
    const borrowed = await punchByBadge(tenant, device, ben!.id, 'clockOn', '2026-06-05T08:50:00.000Z', adas!.badgeId);
    expect(borrowed.body).toMatchObject({ outcome: 'flagged', reason: 'badge-revoked' });
    // Nothing secret was checked: no attempt counted against anyone.
    const rows = await t.db.select({ failed: employees.pinFailedAttempts }).from(employees).where(eq(employees.businessId, tenant.businessId));
    expect(rows.map((r) => r.failed)).toEqual([0, 0]);
    // The manager sees what waits, with why.
    const pending = await t.request('GET', `${tenant.kiosk}/identityclaims`, { auth: tenant.manager.auth });
    expect((pending.body as Array<{ reason: string; employeeId: number }>).map((c) => [c.employeeId, c.reason]).sort()).toEqual(
      [
        [ada!.id, 'badge-revoked'],
        [ben!.id, 'badge-revoked'],
      ].sort(),
    );
  });
});

describe('scanning', () => {
  it('refuses a malformed or very long token unread, counting nothing', async () => {
    const tenant = await createTenant(t);
    await setMode(tenant, 'badge');
    const device = await enrolDeviceAuth(t, tenant);
    for (const token of ['', 'hello', `${tenant.employees[0]!.id}`, 'KCB1' + 'A'.repeat(31) + '!', 'KCB1' + 'A'.repeat(400)]) {
      const res = await scan(tenant, device, token);
      expect(res.status, `${token}: ${res.text}`).toBe(400);
      expect(['invalid-badge', 'validation-failed']).toContain((res.body as { code: string }).code);
    }
    const huge = await scan(tenant, device, 'K'.repeat(100_000));
    expect([400, 413]).toContain(huge.status);
    expect(await t.db.select().from(badgeFailures).where(eq(badgeFailures.businessId, tenant.businessId))).toEqual([]);
  });

  it("counts another business's token as unknown against the device, which locks its badge checks after too many", async () => {
    t.clock.set('2026-06-02T08:00:00Z');
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    await setMode(tenant, 'badge');
    await setMode(other, 'badge');
    const [foreign] = await issue(other, [other.employees[0]!.id]);
    const [own] = await issue(tenant, [tenant.employees[0]!.id]);
    const device = await enrolDeviceAuth(t, tenant);
    // The token works at its own business...
    expect((await scan(other, await enrolDeviceAuth(t, other), foreign!.token)).status).toBe(200);
    // ...and is unknown here, saying nothing of whose it is.
    const first = await scan(tenant, device, foreign!.token);
    expect(first.status, first.text).toBe(400);
    expect(first.body).toMatchObject({ code: 'unknown-badge', attemptsLeft: MAX_ATTEMPTS - 1 });
    expect(first.text).not.toContain(other.employees[0]!.firstName);
    // A right badge ends the run.
    expect((await scan(tenant, device, own!.token)).status).toBe(200);
    let last = first;
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) last = await scan(tenant, device, 'KCB1' + 'Q'.repeat(32));
    expect(last.status, last.text).toBe(429);
    expect(last.body).toMatchObject({ code: 'badge-locked' });
    expect(Number(last.headers.get('retry-after'))).toBe(15 * 60);
    // While locked, even a right badge is refused at this device; another device is not held back.
    expect((await scan(tenant, device, own!.token)).body).toMatchObject({ code: 'badge-locked' });
    expect((await scan(tenant, await enrolDeviceAuth(t, tenant), own!.token)).status).toBe(200);
    // Names and PINs still work at the locked device.
    const pin = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: tenant.employees[0]!.id, pin: tenant.employees[0]!.pin } });
    expect(pin.status, pin.text).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await scan(tenant, device, own!.token)).status).toBe(200);
  });

  it("counts a revoked token as a wrong PIN for its owner, locking them like wrong PINs", async () => {
    t.clock.set('2026-06-03T08:00:00Z');
    const tenant = await createTenant(t);
    await setMode(tenant, 'badge');
    const ada = tenant.employees[0]!;
    const [old] = await issue(tenant, [ada.id]);
    const [current] = await issue(tenant, [ada.id]);
    const device = await enrolDeviceAuth(t, tenant);
    const revoked = await scan(tenant, device, old!.token);
    expect(revoked.status, revoked.text).toBe(400);
    expect(revoked.body).toMatchObject({ code: 'badge-revoked', attemptsLeft: MAX_ATTEMPTS - 1 });
    const [row] = await t.db.select({ failed: employees.pinFailedAttempts }).from(employees).where(eq(employees.id, ada.id));
    expect(row!.failed).toBe(1);
    // Together with wrong PINs, it locks the person: then their current badge is refused too.
    for (let i = 0; i < MAX_ATTEMPTS - 2; i += 1) {
      expect((await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: ada.id, pin: '0000' } })).status).toBe(400);
    }
    const locking = await scan(tenant, device, old!.token);
    expect(locking.status, locking.text).toBe(429);
    expect(locking.body).toMatchObject({ code: 'pin-locked' });
    expect((await scan(tenant, device, current!.token)).body).toMatchObject({ code: 'pin-locked' });
    // Revoking through the route: the current badge stops working at once.
    t.clock.advance(16 * 60_000);
    expect((await scan(tenant, device, current!.token)).status).toBe(200);
    const revoke = await t.request('POST', `${tenant.kiosk}/badges/${current!.badgeId}/revoke`, { auth: tenant.manager.auth });
    expect(revoke.status, revoke.text).toBe(200);
    expect((await scan(tenant, device, current!.token)).body).toMatchObject({ code: 'badge-revoked' });
    const list = (await t.request('GET', `${tenant.kiosk}/badges`, { auth: device })).body as { badges: unknown[] };
    expect(list.badges).toEqual([]);
    // Revoking again changes nothing; another business's manager cannot see it.
    expect((await t.request('POST', `${tenant.kiosk}/badges/${current!.badgeId}/revoke`, { auth: tenant.manager.auth })).status).toBe(200);
    const stranger = await createTenant(t);
    expect((await t.request('POST', `${stranger.kiosk}/badges/${current!.badgeId}/revoke`, { auth: stranger.manager.auth })).status).toBe(404);
  });
});
