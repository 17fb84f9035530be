import { describe, expect, it } from 'vitest';
import {
  checkWebhookHeaders,
  checkWebhookId,
  checkWebhookProperties,
  MAX_WEBHOOK_HEADERS,
  MAX_WEBHOOK_PROPERTIES,
} from './webhookRegistrations';

describe('web hook registration rules', () => {
  it.each(['a', 'MyHook-1', 'ABCdef0123456789abcdef0123456789', 'a.b~c:d@e', 'x'.repeat(64)])('accepts the id %s', (id) => {
    expect(checkWebhookId(id)).toBeNull();
  });

  it.each(['', '.', '..', 'a/b', 'a b', 'a?b', 'a#b', 'a%2F', 'é', 'x'.repeat(65), 'a\u0000'])('refuses the id %j', (id) => {
    expect(checkWebhookId(id)).toMatch(/travels in the path/);
  });

  it('accepts header names as given, and refuses invalid, reserved and duplicate ones', () => {
    expect(checkWebhookHeaders({ 'X-Api-Key': 'abc', authorization: 'Bearer x.y.z', 'x-tenant': 'café' })).toEqual([]);
    const problems = checkWebhookHeaders({
      'Bad Name': 'x',
      'Content-Type': 'text/plain',
      'MS-Signature': 'sha256=forged',
      host: 'internal',
      'X-One': 'a',
      'x-one': 'b',
      'X-Split': 'a\r\nInjected: yes',
    });
    expect(problems.map((p) => p.message)).toEqual([
      '"Bad Name" is not a valid HTTP header name',
      '"Content-Type" is set by the sender and cannot be overridden',
      '"MS-Signature" is set by the sender and cannot be overridden',
      '"host" is set by the sender and cannot be overridden',
      '"x-one" is given twice (header names ignore case)',
      'the value of "X-Split" contains a line break or control character',
    ]);
    const many = Object.fromEntries(Array.from({ length: MAX_WEBHOOK_HEADERS + 1 }, (_, i) => [`X-H${i}`, 'v']));
    expect(checkWebhookHeaders(many)).toEqual([{ field: 'headers', message: `at most ${MAX_WEBHOOK_HEADERS} headers` }]);
  });

  it('bounds properties by count, key length, size and NUL', () => {
    expect(checkWebhookProperties({ TenantId: 7, nested: { Any: ['thing'] } })).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: MAX_WEBHOOK_PROPERTIES + 1 }, (_, i) => [`p${i}`, i]));
    expect(checkWebhookProperties(many)[0]?.message).toMatch(/at most 50 properties/);
    expect(checkWebhookProperties({ big: 'x'.repeat(20_000) })[0]?.message).toMatch(/bytes as JSON/);
    expect(checkWebhookProperties({ ['k'.repeat(101)]: 1 })[0]?.message).toMatch(/property names/);
    expect(checkWebhookProperties({ a: 'nul\u0000' })[0]?.message).toMatch(/NUL/);
  });
});
