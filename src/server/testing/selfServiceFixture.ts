/**
 * Test fixture for employee self-service: an employee gets credentials the way a real
 * one does, through the service's own routes: the admin's invitation, the e-mailed token,
 * activation with a chosen password, and the OAuth password grant.
 */
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../db/schema';
import type { Tenant } from './fixtures';
import { bearer, type TestService } from './testService';

export const SELF_SERVICE_PASSWORD = 'my own long password';

const tokenIn = (body: string) => /kci_[A-Za-z0-9_-]+/.exec(body)?.[0];

/** The latest invitation token e-mailed to the address. */
export async function invitationTokenFor(t: TestService, email: string): Promise<string> {
  const [message] = await t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  const token = tokenIn(message?.body ?? '');
  expect(token, `an invitation e-mailed to ${email}`).toBeDefined();
  return token ?? '';
}

/** Signs in with the OAuth password grant; the bearer credential. */
export async function passwordGrant(t: TestService, email: string, password = SELF_SERVICE_PASSWORD): Promise<string> {
  const res = await t.request('POST', '/api/v2/oauth/token', {
    body: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status, res.text).toBe(200);
  return bearer((res.body as { access_token: string }).access_token);
}

/** Invites the employee (to `email`, else their own address), activates the new account and signs in. */
export async function selfServiceAuth(t: TestService, tenant: Tenant, employeeId: number, email?: string): Promise<{ auth: string; email: string }> {
  const invited = await t.request('POST', `${tenant.base}/employee/${employeeId}/selfservice/invitation`, {
    auth: tenant.manager.auth,
    ...(email === undefined ? {} : { json: { emailAddress: email } }),
  });
  expect(invited.status, invited.text).toBe(200);
  const address = (invited.body as { emailAddress: string }).emailAddress;
  const token = await invitationTokenFor(t, address);
  const activated = await t.request('POST', '/api/v2/account/activate', { json: { token, password: SELF_SERVICE_PASSWORD } });
  expect(activated.status, activated.text).toBe(200);
  return { auth: await passwordGrant(t, address), email: address };
}
