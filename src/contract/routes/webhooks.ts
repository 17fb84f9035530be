/**
 * The web hook registrations group (contract 2.11): a user's registrations in a business, and a
 * test delivery. Operation ids and paths are the contract's; where the contract is silent the
 * descriptions say what this service does (docs/webhooks.md).
 */
import { z } from 'zod';
import { defineRoute } from './define';
import * as m from '../generated/models';
import { access, businessParams, conflictError, emptyOk, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, standardErrors } from './common';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_DESCRIPTIONS, WILDCARD_FILTER } from '../../domain/webhooks';
import {
  MAX_WEBHOOK_HEADERS,
  MAX_WEBHOOK_ID_LENGTH,
  MAX_WEBHOOK_PROPERTIES,
  MAX_WEBHOOK_PROPERTIES_BYTES,
  RESERVED_WEBHOOK_HEADERS,
  WEBHOOK_ID_PATTERN_TEXT,
} from '../../domain/webhookRegistrations';

const tags = ['WebHook'];
const B = '/api/v2/business/{businessId}';

/** The registration id in the path: a string, kept exactly as given (case too). */
const webhookId = z
  .string()
  .max(MAX_WEBHOOK_ID_LENGTH)
  .regex(new RegExp(WEBHOOK_ID_PATTERN_TEXT), "must be 1 to 64 letters, digits or -._~!$&'()*+,;=:@")
  .meta({ param: { name: 'id', in: 'path' }, example: 'b6c1f0e2a9d34c7e8f5a1b2c3d4e5f60' });
const idParams = businessParams.extend({ id: webhookId });

/** The filter names and what each means, from the domain's list (never a copy). */
export const WEBHOOK_FILTER_TABLE = [
  '| Filter | Raised when |',
  '|---|---|',
  `| \`${WILDCARD_FILTER}\` | Every event below (also what no filters at all means). |`,
  ...WEBHOOK_EVENTS.map((event) => `| \`${event}\` | ${WEBHOOK_EVENT_DESCRIPTIONS[event]} |`),
].join('\n');

const ownership =
  'Registrations belong to the calling user in this business: each user sees, changes and deletes only their own; ' +
  "another user's registration answers 404. Callers: users with unrestricted access to the business.";

const bodyRules = [
  '- `id`: optional on create; when absent or empty the service assigns 32 lower-case hex digits. Kept exactly as ' +
    `given, case included: 1 to 64 letters, digits or \`-._~!$&'()*+,;=:@\` (it travels in the path). ` +
    'Creating an id the caller already has is 409.',
  '- `webHookUri`: required; an absolute http or https URL without a user name or password. Private, loopback, ' +
    'link-local and other non-public addresses (127.0.0.1, localhost, 10.x, 192.168.x, 169.254.169.254, ::1, fc00::/7, ' +
    'IPv4 written as one number...) are refused with 400 unless the service runs with `WEBHOOKS_ALLOW_PRIVATE_TARGETS=1`; ' +
    'a name is resolved again at every delivery and refused when it points at such an address. The URL is not probed ' +
    'when registering.',
  '- `secret`: the key of the `ms-signature: sha256=<hex HMAC-SHA256 of the body>` header of every delivery; at most ' +
    '256 characters. Stored encrypted and never returned (`secret` is always null in answers). Absent, null or empty on ' +
    'create means an empty secret: deliveries are then signed with an empty key, which proves nothing.',
  `- \`filters\`: event names, any case (stored in the spelling below); none means \`${WILDCARD_FILTER}\`. An unknown ` +
    'name is 400, listing the known ones.',
  `- \`headers\`: extra headers sent with each delivery, names and values kept exactly as given; at most ${MAX_WEBHOOK_HEADERS}, ` +
    'names must be HTTP tokens, and these are set by the sender and refused: ' +
    `${RESERVED_WEBHOOK_HEADERS.map((name) => `\`${name}\``).join(', ')}.`,
  `- \`properties\`: echoed as the envelope's \`Properties\` in every delivery, keys and values kept exactly as given; ` +
    `at most ${MAX_WEBHOOK_PROPERTIES} of them and ${MAX_WEBHOOK_PROPERTIES_BYTES} bytes as JSON.`,
].join('\n');

const filterText = `Filter names:\n\n${WEBHOOK_FILTER_TABLE}`;

export const listWebHookRegistrations = defineRoute({
  operationId: 'webhook.listWebHookRegistrations',
  ...access('admin', 'users'),
  method: 'get',
  path: `${B}/webhookregistrations`,
  tags,
  summary: "List the caller's web hook registrations",
  description: `${ownership} Ordered by when each was registered. \`secret\` is always null.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(z.array(m.WebHook), 'The registrations.'), ...standardErrors },
});

export const registerWebHook = defineRoute({
  operationId: 'webhook.registerWebHook',
  ...access('admin', 'users'),
  method: 'post',
  path: `${B}/webhookregistrations`,
  tags,
  summary: 'Register a web hook',
  description:
    `${ownership}\n\n${bodyRules}\n\nThe SDK reads no body; the service answers 200 with the stored registration ` +
    `(its \`id\`, with \`secret\` null), so a caller that let the service choose the id learns it.\n\n${filterText}`,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.WebHookInput) },
  responses: { 200: jsonResponse(m.WebHook, 'The stored registration (`secret` null).'), ...mutationErrors, ...conflictError },
});

export const deleteAllWebHookRegistrations = defineRoute({
  operationId: 'webhook.deleteAllWebHookRegistrations',
  ...access('admin', 'users'),
  method: 'delete',
  path: `${B}/webhookregistrations`,
  tags,
  summary: "Delete all of the caller's web hook registrations",
  description: `${ownership} Other users' registrations stay. Deliveries still pending for them are dropped.`,
  request: { params: businessParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutationErrors },
});

export const getWebHookRegistrationById = defineRoute({
  operationId: 'webhook.getWebHookRegistrationById',
  ...access('admin', 'users'),
  method: 'get',
  path: `${B}/webhookregistrations/{id}`,
  tags,
  summary: 'Get a web hook registration',
  description: `${ownership} The id is matched exactly (case too). \`secret\` is always null.`,
  request: { params: idParams },
  responses: { 200: jsonResponse(m.WebHook, 'The registration (`secret` null).'), ...standardErrors },
});

export const updateWebHookRegistration = defineRoute({
  operationId: 'webhook.updateWebHookRegistration',
  ...access('admin', 'users'),
  method: 'put',
  path: `${B}/webhookregistrations/{id}`,
  tags,
  summary: 'Replace a web hook registration',
  description:
    `${ownership} Replaces every field as on create, except \`secret\`: absent or null keeps the stored one. The body's ` +
    `\`id\` must be absent, empty or equal to the path's (else 400). Deliveries already queued keep their place; ` +
    `resuming a paused registration (\`isPaused: false\`) sends what waited.\n\n${bodyRules}\n\n${filterText}`,
  request: { params: idParams, headers: idempotencyHeaders, ...jsonBody(m.WebHookInput) },
  responses: { ...emptyOk, ...mutationErrors },
});

export const deleteWebHookRegistration = defineRoute({
  operationId: 'webhook.deleteWebHookRegistration',
  ...access('admin', 'users'),
  method: 'delete',
  path: `${B}/webhookregistrations/{id}`,
  tags,
  summary: 'Delete a web hook registration',
  description: `${ownership} Deliveries still pending for it are dropped.`,
  request: { params: idParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutationErrors },
});

export const testWebHook = defineRoute({
  operationId: 'webhook.testWebHook',
  ...access('admin', 'users'),
  method: 'get',
  path: `${B}/webhookregistrations/{id}/test`,
  tags,
  summary: 'Queue a test delivery to a web hook registration',
  description:
    `${ownership} Queues one delivery of a sample event (its data carries \`test: true\`) to this registration only, ` +
    'behind its pending deliveries (held while it is paused), and answers 200 with no body; the delivery itself ' +
    `happens in the background, signed and retried like any other. \`filter\` names the event to simulate (any case); ` +
    `without it, or with \`${WILDCARD_FILTER}\`, the registration's first filter, or \`ClockOn\` when it listens to every ` +
    `event. An unknown name is 400.\n\n${filterText}`,
  request: {
    params: idParams,
    query: z.object({ filter: z.string().max(100).optional().meta({ description: 'The event to simulate (a filter name).' }) }),
  },
  responses: { ...emptyOk, ...standardErrors },
});
