/**
 * Web hook registrations (contract 2.11): each belongs to the user who made it in one business
 * and is found by the caller's own string id, kept exactly as given. Validates what the types
 * cannot (target URL, filter names, header names, sizes), seals the secret, never returns it, and
 * queues test deliveries through the events service (webhookEvents.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { WebHook, WebHookInput } from '../../../contract/generated/models';
import { canonicalFilter, normaliseFilters, WEBHOOK_EVENTS, WILDCARD_FILTER, type WebhookEvent } from '../../../domain/webhooks';
import { checkWebhookHeaders, checkWebhookId, checkWebhookProperties } from '../../../domain/webhookRegistrations';
import type { Database } from '../../db/openDatabase';
import { webhookRegistrations } from '../../db/schema';
import { ApiError, conflict, invalidField, invalidFields, notFound, type FieldMessage } from '../../errors/apiError';
import { recordTestEvent } from './webhookEvents';
import { sealWebhookSecret } from './webhookSecrets';
import { checkWebhookUri } from './webhookTargets';

export type WebhookRegistrationRow = typeof webhookRegistrations.$inferSelect;

/** Registrations one user may hold in one business (each gets a copy of every matching event). */
export const MAX_REGISTRATIONS_PER_USER = 100;

/** Who is asking, and the setting that decides which targets are allowed. */
export interface RegistrationOwner {
  businessId: number;
  userId: number;
}

const StoredFilters = z.array(z.string());
const StoredHeaders = z.record(z.string(), z.string());
const StoredProperties = z.record(z.string(), z.unknown());

/** The contract's model of a stored registration; the secret is never returned. */
export function toWebHookModel(row: WebhookRegistrationRow): WebHook {
  return {
    id: row.id,
    webHookUri: row.webHookUri,
    secret: null,
    description: row.description,
    isPaused: row.isPaused,
    filters: StoredFilters.parse(row.filters),
    headers: StoredHeaders.parse(row.headers),
    properties: StoredProperties.parse(row.properties),
  };
}

/** A new id like ASP.NET's Guid.ToString("N"): 32 lower-case hex digits. */
export function newWebhookId(): string {
  return randomBytes(16).toString('hex');
}

const ownedBy = (owner: RegistrationOwner) =>
  and(eq(webhookRegistrations.businessId, owner.businessId), eq(webhookRegistrations.userId, owner.userId));

/** The caller's registrations in the business, oldest first. */
export async function listRegistrations(db: Database, owner: RegistrationOwner): Promise<WebhookRegistrationRow[]> {
  return db.select().from(webhookRegistrations).where(ownedBy(owner)).orderBy(asc(webhookRegistrations.pk));
}

/** The caller's registration with exactly this id, or a 404. */
export async function loadRegistration(db: Database, owner: RegistrationOwner, id: string): Promise<WebhookRegistrationRow> {
  const [row] = await db.select().from(webhookRegistrations).where(and(ownedBy(owner), eq(webhookRegistrations.id, id)));
  if (!row) throw notFound(`Web hook registration ${id}`);
  return row;
}

interface CheckedFields {
  webHookUri: string;
  description: string | null;
  isPaused: boolean;
  filters: string[];
  headers: Record<string, string>;
  properties: Record<string, unknown>;
}

/** Validates the fields create and replace share; one 400 listing every problem. */
function checkFields(input: WebHookInput, allowPrivate: boolean): CheckedFields {
  const problems: FieldMessage[] = [];
  const uri = input.webHookUri ?? '';
  const uriProblem = uri === '' ? 'is required' : checkWebhookUri(uri, allowPrivate);
  if (uriProblem) problems.push({ field: 'webHookUri', message: uriProblem });
  const { filters, unknown } = normaliseFilters(input.filters ?? []);
  if (unknown.length > 0) {
    problems.push({
      field: 'filters',
      message: `unknown ${unknown.length === 1 ? 'filter' : 'filters'} ${unknown.map((name) => `"${name.slice(0, 100)}"`).join(', ')}; known: ${[WILDCARD_FILTER, ...WEBHOOK_EVENTS].join(', ')}`,
    });
  }
  const headers = input.headers ?? {};
  const properties = input.properties ?? {};
  problems.push(...checkWebhookHeaders(headers), ...checkWebhookProperties(properties));
  if (problems.length > 0) throw invalidFields('validation-failed', problems);
  return { webHookUri: uri, description: input.description ?? null, isPaused: input.isPaused, filters, headers, properties };
}

/** Registers a web hook for the caller; 409 when the caller already has the id. */
export async function createRegistration(
  db: Database,
  owner: RegistrationOwner,
  input: WebHookInput,
  options: { allowPrivate: boolean; now: Date },
): Promise<WebhookRegistrationRow> {
  const id = input.id ? input.id : newWebhookId();
  const idProblem = checkWebhookId(id);
  if (idProblem) throw invalidField('validation-failed', 'id', idProblem);
  const fields = checkFields(input, options.allowPrivate);
  const [held] = await db.select({ n: count() }).from(webhookRegistrations).where(ownedBy(owner));
  if ((held?.n ?? 0) >= MAX_REGISTRATIONS_PER_USER) {
    throw conflict('conflict', `A user may hold at most ${MAX_REGISTRATIONS_PER_USER} web hook registrations in a business.`);
  }
  const secretSealed = await sealWebhookSecret(db, input.secret ?? '');
  const [row] = await db
    .insert(webhookRegistrations)
    .values({ ...owner, id, secretSealed, ...fields, updatedAt: options.now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('conflict', `You already have a web hook registration with the id ${id}.`);
  return row;
}

/** Replaces the caller's registration `id`; a null or absent secret keeps the stored one. */
export async function replaceRegistration(
  db: Database,
  owner: RegistrationOwner,
  id: string,
  input: WebHookInput,
  options: { allowPrivate: boolean; now: Date },
): Promise<void> {
  if (input.id && input.id !== id) {
    throw invalidField('validation-failed', 'id', `must be absent or equal to the id in the path (${id})`);
  }
  const fields = checkFields(input, options.allowPrivate);
  const secret = input.secret === null || input.secret === undefined ? {} : { secretSealed: await sealWebhookSecret(db, input.secret) };
  const updated = await db
    .update(webhookRegistrations)
    .set({ ...fields, ...secret, updatedAt: options.now })
    .where(and(ownedBy(owner), eq(webhookRegistrations.id, id)))
    .returning({ pk: webhookRegistrations.pk });
  if (updated.length === 0) throw notFound(`Web hook registration ${id}`);
}

/** Deletes the caller's registration `id` (its pending deliveries go with it), or a 404. */
export async function deleteRegistration(db: Database, owner: RegistrationOwner, id: string): Promise<void> {
  const deleted = await db
    .delete(webhookRegistrations)
    .where(and(ownedBy(owner), eq(webhookRegistrations.id, id)))
    .returning({ pk: webhookRegistrations.pk });
  if (deleted.length === 0) throw notFound(`Web hook registration ${id}`);
}

/** Deletes every registration of the caller in the business (none is fine). */
export async function deleteAllRegistrations(db: Database, owner: RegistrationOwner): Promise<void> {
  await db.delete(webhookRegistrations).where(ownedBy(owner));
}

/**
 * The event a test delivery simulates: the `filter` asked for (any case), else (none, or `*`, the
 * filter a registration itself takes for every event) the registration's first filter, else
 * ClockOn for a registration that listens to everything.
 */
export function testEventFor(row: WebhookRegistrationRow, filter: string | undefined): WebhookEvent {
  const canonical = filter === undefined ? WILDCARD_FILTER : canonicalFilter(filter);
  if (canonical === null) {
    throw invalidField('validation-failed', 'filter', `must name one event, or ${WILDCARD_FILTER}: ${WEBHOOK_EVENTS.join(', ')}`);
  }
  if (canonical !== WILDCARD_FILTER) return canonical;
  for (const name of StoredFilters.parse(row.filters)) {
    const canonical = canonicalFilter(name);
    if (canonical !== null && canonical !== WILDCARD_FILTER) return canonical;
  }
  return 'ClockOn';
}

/** Queues a test delivery to the caller's registration `id`. */
export async function queueTestDelivery(db: Database, owner: RegistrationOwner, id: string, filter: string | undefined): Promise<void> {
  const row = await loadRegistration(db, owner, id);
  const action = testEventFor(row, filter);
  const queued = await recordTestEvent(db, row.pk, action);
  if (!queued) throw new ApiError(404, 'not-found', 'Not found.', { detail: `Web hook registration ${id} was deleted meanwhile.` });
}
