/**
 * The set-up flow's calls to the service, without React: the manager's sign-in (OAuth password
 * grant), the businesses and kiosks they can use, creating either, and enrolling this device:
 * enrol, save the credential at once (it is shown only once), then end the manager's session.
 * Every failure is classified into a SetupFailure that the screens turn into words.
 */
import {
  createApiClient,
  isApiClientError,
  isRetryable,
  readAllPages,
  type ApiClient,
  type BusinessModel,
  type TimeAndAttendanceKioskModel,
} from '../../../client';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { KioskDb } from '../../../offline/db';
import { saveEnrolmentDuringSetup, type DeviceEnrolment } from '../../../offline/device';

export const SETUP_CALL_TIMEOUT_MS = 15_000;

/**
 * A signed-in manager on one service, for the length of the set-up flow (kept across a reload
 * only sealed, see setupProgress.ts).
 */
export interface ManagerConnection {
  /** Distinguishes sessions in query keys. */
  id: number;
  serviceUrl: string;
  email: string;
  accessToken: string;
  /** When the access token expires (epoch ms), as the service said when it was issued. */
  expiresAt: number;
  client: ApiClient;
}

export type SetupFailure =
  | { kind: 'wrong-credentials' }
  | { kind: 'login-locked'; retryAfterSeconds: number | null }
  | { kind: 'session-expired' }
  | { kind: 'forbidden' }
  | { kind: 'may-not-create-business' }
  | { kind: 'not-found' }
  | { kind: 'rejected'; detail: string }
  | { kind: 'network'; timedOut: boolean }
  | { kind: 'storage'; message: string }
  | { kind: 'unexpected'; message: string };

/** Thrown when the device credential arrived but could not be kept on this device. */
export class EnrolmentNotSavedError extends Error {
  override readonly name = 'EnrolmentNotSavedError';
}

let lastConnectionId = 0;

function clientFor(serviceUrl: string, accessToken: string | null): ApiClient {
  return createApiClient({
    baseUrl: serviceUrl,
    credentials: () => (accessToken === null ? null : { kind: 'bearer', token: accessToken }),
    timeoutMs: SETUP_CALL_TIMEOUT_MS,
  });
}

/** OAuth password grant; throws ApiClientError (400 invalid-grant, 429 login-locked, ...). */
export async function signInManager(serviceUrl: string, email: string, password: string): Promise<ManagerConnection> {
  const tokens = await clientFor(serviceUrl, null).oauth.signIn({ username: email.trim(), password });
  return connectionWith({ serviceUrl, email: email.trim(), accessToken: tokens.access_token, expiresAt: Date.now() + tokens.expires_in * 1000 });
}

/** A connection over a token already held (a fresh sign-in, or one kept across a reload). */
export function connectionWith(signIn: { serviceUrl: string; email: string; accessToken: string; expiresAt: number }): ManagerConnection {
  lastConnectionId += 1;
  return { id: lastConnectionId, ...signIn, client: clientFor(signIn.serviceUrl, signIn.accessToken) };
}

/** Ends the manager's session on the service (RFC 7009). Best effort: a failure is only logged. */
export async function signOutManager(connection: ManagerConnection): Promise<void> {
  try {
    await connection.client.oauth.revoke(connection.accessToken);
  } catch (error) {
    console.warn('set-up: the manager token could not be revoked', error);
  }
}

/** The manager's businesses (every page; one in practice, the service answers up to 1,000 a page). */
export function listBusinesses(connection: ManagerConnection, signal?: AbortSignal): Promise<BusinessModel[]> {
  return readAllPages((page) => connection.client.businesses.list(page, signal ? { signal } : undefined), PAGE_LIMITS.settings);
}

export function createBusiness(connection: ManagerConnection, input: { name: string; ianaTimeZone: string }): Promise<BusinessModel> {
  return connection.client.businesses.create({ name: input.name.trim(), ianaTimeZone: input.ianaTimeZone });
}

/** The business's kiosks, by name. */
export async function listKiosks(connection: ManagerConnection, businessId: number, signal?: AbortSignal): Promise<TimeAndAttendanceKioskModel[]> {
  const kiosks = await readAllPages((page) => connection.client.kiosks.list(businessId, page, signal ? { signal } : undefined), PAGE_LIMITS.settings);
  return [...kiosks].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

export interface NewKiosk {
  name: string;
  ianaTimeZone: string;
  isPhotoRequired: boolean;
  canAddEmployees: boolean;
}

/** Creates a kiosk; the same idempotency key for the same form makes a retried request safe. */
export function createKiosk(connection: ManagerConnection, businessId: number, kiosk: NewKiosk, idempotencyKey: string): Promise<TimeAndAttendanceKioskModel> {
  return connection.client.kiosks.create(businessId, { ...kiosk, name: kiosk.name.trim() }, { idempotencyKey });
}

/** The name a kiosk goes by when it has none. */
export function kioskDisplayName(kiosk: Pick<TimeAndAttendanceKioskModel, 'id' | 'name'>, unnamed: (id: number) => string): string {
  return kiosk.name?.trim() || unnamed(kiosk.id);
}

export interface EnrolChoice {
  business: BusinessModel;
  kiosk: TimeAndAttendanceKioskModel;
  kioskName: string;
  deviceName: string;
}

/**
 * Enrols this device: the service issues a device credential (shown only in this answer), which is
 * saved at once together with "set-up not complete"; then the manager's session is ended, since
 * the device now has its own credential. If the credential cannot be saved, the device record is
 * revoked again (best effort), so no credential nobody holds stays valid.
 */
export async function enrolThisDevice(db: KioskDb, connection: ManagerConnection, choice: EnrolChoice): Promise<DeviceEnrolment> {
  const kioskRef = { businessId: choice.business.id, kioskId: choice.kiosk.id };
  const enrolled = await connection.client.device.enrol(kioskRef, { name: choice.deviceName.trim() });
  const enrolment: DeviceEnrolment = {
    serviceUrl: connection.serviceUrl,
    businessId: choice.business.id,
    businessName: choice.business.name,
    kioskId: choice.kiosk.id,
    kioskName: choice.kioskName,
    deviceId: enrolled.id,
    deviceName: enrolled.name,
    token: enrolled.token,
    enrolledAt: enrolled.createdUtc,
  };
  try {
    await saveEnrolmentDuringSetup(db, enrolment);
  } catch (error) {
    await connection.client.device.revoke(kioskRef, enrolled.id).catch(() => undefined);
    throw new EnrolmentNotSavedError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  await signOutManager(connection);
  return enrolment;
}

/** What went wrong, in the terms the set-up screens explain. */
export function classifySetupError(error: unknown): SetupFailure {
  if (error instanceof EnrolmentNotSavedError) return { kind: 'storage', message: error.message };
  if (!isApiClientError(error)) return { kind: 'unexpected', message: error instanceof Error ? error.message : String(error) };
  switch (error.kind) {
    case 'network':
      return { kind: 'network', timedOut: error.timedOut };
    case 'invalid-response':
      return { kind: 'unexpected', message: error.message };
    case 'http':
      break;
  }
  if (error.code === 'invalid-grant') return { kind: 'wrong-credentials' };
  if (error.code === 'login-locked') return { kind: 'login-locked', retryAfterSeconds: error.retryAfterSeconds };
  if (error.code === 'business-creation-forbidden') return { kind: 'may-not-create-business' };
  if (error.status === 401) return { kind: 'session-expired' };
  if (error.status === 403) return { kind: 'forbidden' };
  if (error.status === 404) return { kind: 'not-found' };
  if (error.status >= 400 && error.status < 500) {
    const fields = error.fieldErrors.map((field) => field.message).join('; ');
    return { kind: 'rejected', detail: fields || error.problem?.detail || error.problem?.title || `HTTP ${error.status}` };
  }
  return { kind: 'unexpected', message: error.message };
}

/** TanStack Query keys of the set-up flow's server data (all removed when set-up ends). */
export const setupQueryKeys = {
  all: ['setup'] as const,
  businesses: (connection: ManagerConnection) => ['setup', connection.id, 'businesses'] as const,
  kiosks: (connection: ManagerConnection, businessId: number) => ['setup', connection.id, 'kiosks', businessId] as const,
};

/** Lists are retried once, and only when a retry can help (network, 5xx). */
export function retryOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isRetryable(error);
}
