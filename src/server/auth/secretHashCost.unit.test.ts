/** scrypt's cost: production's default stays 16384, tests may lower it, and every hash carries its own. */
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { DEFAULT_SECRET_HASH_COST, hashSecret, setSecretHashCost, verifySecret } from './secrets';

afterAll(() => setSecretHashCost(DEFAULT_SECRET_HASH_COST));

describe('SECRET_HASH_COST', () => {
  it('defaults to N = 16384, and the service then writes hashes of that cost', async () => {
    const settings = parseEnv({});
    expect(settings.SECRET_HASH_COST).toBe(16384);
    expect(DEFAULT_SECRET_HASH_COST).toBe(16384);
    setSecretHashCost(settings.SECRET_HASH_COST);
    const stored = await hashSecret('4821');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifySecret('4821', stored)).toBe(true);
    expect(await verifySecret('4822', stored)).toBe(false);
  });

  it('may be lowered for tests; hashes of either cost verify whatever the current one is', async () => {
    setSecretHashCost(DEFAULT_SECRET_HASH_COST);
    const strong = await hashSecret('correct horse');
    setSecretHashCost(parseEnv({ SECRET_HASH_COST: '16' }).SECRET_HASH_COST);
    const cheap = await hashSecret('correct horse');
    expect(cheap).toMatch(/^scrypt\$16\$8\$1\$/);
    expect(await verifySecret('correct horse', cheap)).toBe(true);
    expect(await verifySecret('correct horse', strong)).toBe(true);
    expect(await verifySecret('wrong horse', cheap)).toBe(false);
  });

  it('is refused below the default in production, and when not a power of two', () => {
    expect(() => parseEnv({ SECRET_HASH_COST: '16', NODE_ENV: 'production' })).toThrow(/SECRET_HASH_COST below 16384/);
    expect(parseEnv({ SECRET_HASH_COST: '32768', NODE_ENV: 'production' }).SECRET_HASH_COST).toBe(32768);
    expect(() => parseEnv({ SECRET_HASH_COST: '1000' })).toThrow(/SECRET_HASH_COST/);
    expect(() => setSecretHashCost(1000)).toThrow(/power of two/);
  });
});
