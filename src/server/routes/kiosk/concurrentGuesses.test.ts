/**
 * Brute force under concurrency: wrong PINs and passwords sent all at once must not outrun the
 * lockout. Each attempt claims its slot before the slow hash runs, so of N simultaneous guesses at
 * most the allowed number are ever compared with the secret, and the right one is refused after.
 * The only stand-in is a call-through spy on verifySecret, to count the comparisons.
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as secrets from '../../auth/secrets';
import { DEFAULT_SECRET_HASH_COST } from '../../auth/secrets';
import { createTenant, MANAGER_PASSWORD } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

vi.mock('../../auth/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof secrets>();
  return { ...actual, verifySecret: vi.fn(actual.verifySecret) };
});

let t: TestService;
beforeAll(async () => {
  // The production cost: the guesses must still be hashing when the next ones arrive.
  t = await startTestService({ SECRET_HASH_COST: String(DEFAULT_SECRET_HASH_COST) });
});
afterAll(() => t.close());
beforeEach(() => {
  vi.mocked(secrets.verifySecret).mockClear();
});

const CONCURRENT = 20;

function statuses(results: ApiResult[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of results) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

/** How many of the guesses were compared with a stored hash. */
function checkedGuesses(guesses: readonly string[]): number {
  const checked = new Set(vi.mocked(secrets.verifySecret).mock.calls.map(([secret]) => secret));
  return guesses.filter((guess) => checked.has(guess)).length;
}

describe('concurrent wrong PINs', () => {
  for (const op of ['checkpin', 'changepin', 'changepin/sealed'] as const) {
    it(`${op}: of ${CONCURRENT} simultaneous wrong PINs only the allowed number are checked, then even the right PIN is refused`, async () => {
      const tenant = await createTenant(t);
      const ada = tenant.employees[0]!;
      const guesses = Array.from({ length: CONCURRENT }, (_, i) => String(1000 + i));
      const body = async (guess: string): Promise<Record<string, unknown>> => {
        if (op === 'checkpin') return { employeeId: ada.id, pin: guess };
        if (op === 'changepin') return { employeeId: ada.id, oldPin: guess, newPin: '86420' };
        return { employeeId: ada.id, ...(await sealedChange(tenant.kiosk, tenant.manager.auth, guess, '86420')) };
      };
      const bodies = await Promise.all(guesses.map(body));
      const results = await Promise.all(bodies.map((json) => t.request('POST', `${tenant.kiosk}/${op}`, { auth: tenant.manager.auth, json })));
      const max = t.settings.PIN_MAX_ATTEMPTS;
      expect(checkedGuesses(guesses)).toBe(max);
      // The first max-1 wrong PINs are answered 400; the max-th locks (429); the rest are refused unchecked.
      expect(statuses(results)).toEqual({ 400: max - 1, 429: CONCURRENT - (max - 1) });
      const right = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId: ada.id, pin: ada.pin } });
      expect(right.status).toBe(429);
      expect(right.body).toMatchObject({ code: 'pin-locked' });
    });
  }
});

describe('concurrent wrong passwords', () => {
  for (const known of [true, false]) {
    it(`${known ? 'a known' : 'an unknown'} address: of ${CONCURRENT} simultaneous wrong passwords only the allowed number are checked, then even the right one is refused`, async () => {
      const tenant = await createTenant(t);
      const username = known ? tenant.manager.email : `nobody-${tenant.businessId}@example.test`;
      const signIn = (password: string) => t.request('POST', '/api/v2/oauth/token', { json: { grant_type: 'password', username, password } });
      const guesses = Array.from({ length: CONCURRENT }, (_, i) => `wrong guess ${i}`);
      const results = await Promise.all(guesses.map(signIn));
      const max = t.settings.LOGIN_MAX_ATTEMPTS;
      expect(checkedGuesses(guesses)).toBe(max);
      expect(statuses(results)).toEqual({ 400: max - 1, 429: CONCURRENT - (max - 1) });
      const right = await signIn(MANAGER_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.body).toMatchObject({ code: 'login-locked' });
    });
  }
});

/** A PIN change sealed with the service's published key, as an offline kiosk queues it. */
async function sealedChange(kiosk: string, auth: string, oldPin: string, newPin: string) {
  const keyRes = await t.request('GET', `${kiosk}/pinseal`, { auth });
  const key = keyRes.body as { keyId: string; publicKey: string };
  const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
  const sealed = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify({ oldPin, newPin })));
  return { keyId: key.keyId, sealed: sealed.toString('base64') };
}
