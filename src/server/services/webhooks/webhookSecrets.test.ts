import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebhookSecret, sealWebhookSecret } from './webhookSecrets';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('web hook secrets', () => {
  it('seals so that the stored form does not show the secret, and opens it again', async () => {
    const secret = 'my-receiver-secret-ß✓';
    const sealed = await sealWebhookSecret(t.db, secret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('receiver');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('receiver');
    expect(await openWebhookSecret(t.db, sealed)).toBe(secret);
    // A fresh IV each time: the same secret seals differently.
    expect(await sealWebhookSecret(t.db, secret)).not.toBe(sealed);
    expect(await openWebhookSecret(t.db, await sealWebhookSecret(t.db, ''))).toBe('');
  });

  it('refuses a sealed value that was altered or is not one', async () => {
    const sealed = await sealWebhookSecret(t.db, 'abc');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await expect(openWebhookSecret(t.db, `v1.${bytes.toString('base64url')}`)).rejects.toThrow();
    await expect(openWebhookSecret(t.db, 'abc')).rejects.toThrow();
    await expect(openWebhookSecret(t.db, 'v2.AAAA')).rejects.toThrow();
  });
});
