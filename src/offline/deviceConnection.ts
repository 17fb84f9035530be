/**
 * What any sync run of an enrolled device needs, wired once: the corrected clock (loaded from
 * IndexedDB), the typed client with the device credential (every response feeds the clock), and a
 * sync run bound to both. The page's kiosk runtime and the service worker both build on this, so a
 * backoff written by one is read on the same time base by the other.
 */
import { createApiClient, type ApiClient, type KioskRef } from '../client';
import { rememberJournalCode } from './journalCodes';
import type { KioskClock } from './clock';
import type { Reachability } from './reachability';
import { openKioskBase, type KioskBase } from './kioskBase';
import { createClientTransport } from './clientTransport';
import type { KioskDb } from './db';
import type { DeviceEnrolment } from './device';
import { syncOutbox, type SyncReport } from './syncOutbox';

/** How long a call of the device's client may take (headers and body) before it counts as failed. */
export const DEVICE_CALL_TIMEOUT_MS = 15_000;

export interface DeviceConnection {
  kiosk: KioskRef;
  clock: KioskClock;
  /** Whether the service answers, from every exchange of these clients. */
  reachability: Reachability;
  /** The client with this device's credential. */
  client: ApiClient;
  /** A client for another bearer token (a signed-in manager) on the same service and clock. */
  clientFor: (accessToken: string) => ApiClient;
  /** Runs one sync; `force` sends entries still backing off. */
  syncNow: (options?: { force?: boolean }) => Promise<SyncReport>;
}

export interface ConnectOptions {
  fetch?: typeof fetch;
  /** Awaited before each request leaves (the page holds its requests while a new app version takes over). */
  holdUntil?: () => Promise<void>;
  /** The page's kiosk base, already open: its clock and reachability are shared, not made again. */
  base?: KioskBase;
}

export async function connectDevice(db: KioskDb, enrolment: DeviceEnrolment, options: ConnectOptions = {}): Promise<DeviceConnection> {
  const { clock, reachability } = options.base ?? (await openKioskBase(db, enrolment));
  const base = {
    baseUrl: enrolment.serviceUrl,
    onServerDate: (date: Date, rtt: number) => clock.observe(date, rtt),
    onExchange: (answered: boolean) => (answered ? reachability.answered() : reachability.failed()),
    onResponse: (request: Request, response: Response) => void rememberJournalCode(db, request, response),
    timeoutMs: DEVICE_CALL_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.holdUntil ? { holdUntil: options.holdUntil } : {}),
  };
  const clientFor = (token: string) => createApiClient({ ...base, credentials: () => ({ kind: 'bearer', token }) });
  const client = clientFor(enrolment.token);
  const kiosk: KioskRef = { businessId: enrolment.businessId, kioskId: enrolment.kioskId };
  const transport = createClientTransport(client, kiosk);
  return {
    kiosk,
    clock,
    reachability,
    client,
    clientFor,
    syncNow: (run = {}) => syncOutbox({ db, transport, now: () => clock.now().getTime(), force: run.force === true }),
  };
}
