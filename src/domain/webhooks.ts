/**
 * Web hooks as the vendor's platform (Microsoft ASP.NET WebHooks) sends them: the event names a
 * registration may filter on, how filters match, the work-item envelope a receiver gets, its
 * `ms-signature` header, and the retry schedule. Pure rules, shared by the service (which records
 * and delivers events) and by tests and docs/webhooks.md's receiver example (which verify them).
 *
 * Sources: contract section 7 (envelope `Id`, `Attempt`, `Properties`, `Notifications`); the
 * vendor's help page "Setup, test and manage Web Hooks" (the envelope example, retries "at
 * increasingly higher delays", first immediate, then 1 minute, 2 minutes...); ASP.NET WebHooks'
 * WebHookSender (`ms-signature: sha256=<hex HMAC-SHA256 of the UTF-8 body keyed with the UTF-8
 * secret>`, each notification a dictionary of `Action` plus the data's members, filter names
 * compared ignoring case, `*` meaning every event).
 */

/**
 * Every event this service raises, by filter name. The vendor publishes no names for clock events
 * (contract section 7); these follow its own pattern (`EmployeeCreated`, `LeaveRequestApproved`).
 */
export const WEBHOOK_EVENTS = [
  'ClockOn',
  'StartBreak',
  'EndBreak',
  'ClockOff',
  'ShiftDiscarded',
  'ShiftNoteAdded',
  'ShiftAttested',
  'TimesheetCreated',
  'TimesheetUpdated',
  'TimesheetApproved',
  'TimesheetRejected',
  'TimesheetDeleted',
  'RosterShiftCreated',
  'RosterShiftUpdated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The filter that matches every event. */
export const WILDCARD_FILTER = '*';

/** What each event means, for docs/webhooks.md and the OpenAPI text. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  ClockOn: 'An employee clocked on (kiosk or self-service).',
  StartBreak: 'An employee started a break.',
  EndBreak: 'An employee ended a break.',
  ClockOff: 'An employee clocked off (an open break is closed first).',
  ShiftDiscarded: 'An open clocked shift was abandoned (discard).',
  ShiftNoteAdded: 'A note was added to a clocked shift (with a punch or on its own).',
  ShiftAttested: 'A person answered the questions asked at clock-off (project extension; a missed break flags the line).',
  TimesheetCreated: 'A timesheet line was created (by a clock-off, a complete shift, or by hand).',
  TimesheetUpdated: 'A timesheet line was changed (times, breaks, or a correction applied).',
  TimesheetApproved: 'A timesheet line moved to Approved.',
  TimesheetRejected: 'A timesheet line moved to Rejected.',
  TimesheetDeleted: 'A timesheet line was deleted.',
  RosterShiftCreated: 'A roster shift was created.',
  RosterShiftUpdated: 'A roster shift was changed.',
};

/** The canonical name of a filter as sent by a caller (any case), or null when unknown. */
export function canonicalFilter(name: string): WebhookEvent | typeof WILDCARD_FILTER | null {
  const trimmed = name.trim();
  if (trimmed === WILDCARD_FILTER) return WILDCARD_FILTER;
  return WEBHOOK_EVENTS.find((event) => event.toLowerCase() === trimmed.toLowerCase()) ?? null;
}

/** A registration's stored filters (canonical): none given means every event, as in ASP.NET WebHooks. */
export function normaliseFilters(names: readonly string[]): { filters: string[]; unknown: string[] } {
  const filters = new Set<string>();
  const unknown: string[] = [];
  for (const name of names) {
    const canonical = canonicalFilter(name);
    if (canonical === null) unknown.push(name);
    else filters.add(canonical);
  }
  if (filters.size === 0 || filters.has(WILDCARD_FILTER)) return { filters: [WILDCARD_FILTER], unknown };
  return { filters: WEBHOOK_EVENTS.filter((event) => filters.has(event)), unknown };
}

/** True when a registration with these (canonical) filters listens to the event. */
export function filtersMatch(filters: readonly string[], event: WebhookEvent): boolean {
  return filters.includes(WILDCARD_FILTER) || filters.includes(event);
}

/** One notification of the envelope: `Action` plus the event's data members (ASP.NET's NotificationDictionary). */
export type WebhookNotification = { Action: WebhookEvent } & Record<string, unknown>;

/** The body a receiver gets (ASP.NET WebHooks' WebHookWorkItem, as the vendor sends it). */
export interface WebhookEnvelope {
  /** The delivery's id: the same on every attempt of one delivery. */
  Id: string;
  /** 1 on the first attempt, then 2, 3... */
  Attempt: number;
  /** The registration's `properties`, echoed unchanged. */
  Properties: Record<string, unknown>;
  Notifications: WebhookNotification[];
}

/** The envelope of one attempt. Data members never override `Action`. */
export function buildEnvelope(args: {
  deliveryId: string;
  attempt: number;
  properties: Record<string, unknown>;
  notifications: readonly { action: WebhookEvent; data: Record<string, unknown> }[];
}): WebhookEnvelope {
  return {
    Id: args.deliveryId,
    Attempt: args.attempt,
    Properties: args.properties,
    Notifications: args.notifications.map(({ action, data }) => ({ ...data, Action: action })),
  };
}

/** The signature header's name, exactly as ASP.NET WebHooks sends it. */
export const SIGNATURE_HEADER = 'ms-signature';

/** Lower-case hex of bytes. */
function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `ms-signature` value for a body: `sha256=` and the lower-case hex HMAC-SHA256 of the body's
 * UTF-8 bytes keyed with the secret's UTF-8 bytes. Web Crypto, so a browser or Node receiver can
 * run the same function.
 */
export async function signatureOf(body: string, secret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(body)))}`;
}

/** True when `header` is the right signature of `body` (compared without early exit). */
export async function verifySignature(body: string, secret: string, header: string | null | undefined): Promise<boolean> {
  if (!header) return false;
  const expected = await signatureOf(body, secret);
  const given = header.trim().toLowerCase();
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}

/** Delays after failed attempts, as the vendor's help page lists them: 1 minute, then doubling. */
export const RETRY_BASE_MS = 60_000;
/** The longest wait between two attempts. */
export const RETRY_CAP_MS = 60 * 60_000;
/** How long after its first attempt a failing delivery is still retried (the issue asks for at least 24 hours). */
export const RETRY_WINDOW_MS = 25 * 60 * 60_000;

/** When to try again after failed attempt `attempt` (1-based) made at `at`, or null to give up. */
export function nextAttemptAfter(attempt: number, at: Date, firstAttemptAt: Date): Date | null {
  const delay = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(attempt - 1, 30));
  const next = new Date(at.getTime() + delay);
  return next.getTime() - firstAttemptAt.getTime() > RETRY_WINDOW_MS ? null : next;
}
