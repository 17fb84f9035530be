import { describe, expect, it } from 'vitest';
import { checkWebhookUri, ForbiddenTargetError, isForbiddenAddress, safeLookup } from './webhookTargets';

describe('web hook targets', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'ff02::1',
    'not an address',
  ])('refuses the address %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://localhost:8080/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://0177.0.0.1/',
    'http://[fe80::1]/',
  ])('refuses %s unless private targets are allowed', (uri) => {
    expect(checkWebhookUri(uri, false)).toMatch(/must not/);
    expect(checkWebhookUri(uri, true)).toBeNull();
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pass@example.com/', 'https://user@example.com/', '/relative', 'example.com', ''])(
    'refuses %s even when private targets are allowed',
    (uri) => {
      expect(checkWebhookUri(uri, false)).not.toBeNull();
      expect(checkWebhookUri(uri, true)).not.toBeNull();
    },
  );

  it('allows public http and https URLs, names and literal addresses', () => {
    expect(checkWebhookUri('https://hooks.example.com/kiosk?x=1', false)).toBeNull();
    expect(checkWebhookUri('http://93.184.216.34:8080/in', false)).toBeNull();
    expect(checkWebhookUri(`https://example.com/${'a'.repeat(3000)}`, false)).toMatch(/at most/);
  });

  it('refuses at connect time a name that resolves to a forbidden address, in both answer shapes', async () => {
    const lookup = safeLookup(false);
    const single = await new Promise<{ error: Error | null; address: unknown }>((resolve) => {
      lookup('localhost', {}, (error, address) => resolve({ error, address }));
    });
    expect(single.error).toBeInstanceOf(ForbiddenTargetError);
    const all = await new Promise<{ error: Error | null }>((resolve) => {
      lookup('localhost', { all: true }, (error) => resolve({ error }));
    });
    expect(all.error).toBeInstanceOf(ForbiddenTargetError);
  });

  it('resolves as dns.lookup does when private targets are allowed', async () => {
    const lookup = safeLookup(true);
    const single = await new Promise<{ error: Error | null; address: unknown; family: unknown }>((resolve) => {
      lookup('localhost', { family: 4 }, (error, address, family) => resolve({ error, address, family }));
    });
    expect(single).toEqual({ error: null, address: '127.0.0.1', family: 4 });
    const all = await new Promise<{ error: Error | null; address: unknown }>((resolve) => {
      lookup('localhost', { all: true, family: 4 }, (error, address) => resolve({ error, address }));
    });
    expect(all).toEqual({ error: null, address: [{ address: '127.0.0.1', family: 4 }] });
  });
});
