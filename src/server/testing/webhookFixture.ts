/**
 * Test fixture for web hooks: a registration written straight into the database, with
 * its secret sealed as the service seals it, for tests of event recording and delivery that do
 * not exercise the registration routes themselves.
 */
import { randomUUID } from 'node:crypto';
import { webhookRegistrations } from '../db/schema';
import { sealWebhookSecret } from '../services/webhooks/webhookSecrets';
import type { Tenant } from './fixtures';
import type { TestService } from './testService';

export interface RegistrationOptions {
  url?: string;
  filters?: string[];
  headers?: Record<string, string>;
  properties?: Record<string, unknown>;
  isPaused?: boolean;
}

/** A registration of the tenant's manager; its pk and the secret it signs with. */
export async function insertRegistration(t: TestService, tenant: Tenant, options: RegistrationOptions = {}): Promise<{ pk: number; secret: string }> {
  const secret = `s3cret-${randomUUID()}`;
  const [row] = await t.db
    .insert(webhookRegistrations)
    .values({
      businessId: tenant.businessId,
      userId: tenant.manager.userId,
      id: randomUUID(),
      webHookUri: options.url ?? 'http://127.0.0.1:9/hook',
      secretSealed: await sealWebhookSecret(t.db, secret),
      isPaused: options.isPaused ?? false,
      filters: options.filters ?? ['*'],
      headers: options.headers ?? {},
      properties: options.properties ?? {},
    })
    .returning({ pk: webhookRegistrations.pk });
  if (!row) throw new Error('no registration');
  return { pk: row.pk, secret };
}
