/**
 * The access grant (`POST B/access`) answers alike whether the address belongs to a user of this
 * business, a user of another business only, or no user at all: the same status and the same
 * problem for the same body, so the answer never tells which addresses exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRestrictedUser, createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('granting access answers alike for known and unknown addresses', () => {
  it('gives each body the same answer for a user of the business, a user elsewhere and an unknown address', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const elsewhere = await createTenant(t, { employees: 0 });
    // A user with restricted access to this business (made directly, not by an invitation waiting for them).
    const { email: member } = await addRestrictedUser(t, tenant);
    const bodies: Record<string, unknown>[] = [
      {},
      { name: '' },
      { name: '   ' },
      { accessType: 'Restricted' },
      { accessType: 'Restricted', mergeExistingAccess: true },
      { name: 'Someone', accessType: 'Restricted' },
    ];
    const kinds = (n: number) => ({
      'a user of this business': member,
      'a user of another business only': elsewhere.manager.email,
      'an address no user has': `nobody-${tenant.businessId}-${n}@example.test`,
    });
    for (const [index, body] of bodies.entries()) {
      const answers: Record<string, { status: number; body: unknown }> = {};
      for (const [kind, email] of Object.entries(kinds(index))) {
        const res = await t.request('POST', `${tenant.base}/access`, { auth: tenant.manager.auth, json: { suppressNotificationEmails: true, email, ...body } });
        answers[kind] = { status: res.status, body: res.body };
      }
      const [first, ...rest] = Object.values(answers);
      for (const other of rest) expect(other, `${JSON.stringify(body)}: ${JSON.stringify(answers)}`).toEqual(first);
    }
  });
});
