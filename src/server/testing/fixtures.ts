/**
 * Test tenants: a business with an unrestricted manager (password and API key), a kiosk created
 * through the API, and kiosk-enabled employees with known PINs. Every test builds its own tenant,
 * so tests sharing one database never see each other's data.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { businessAccess } from '../db/schema';
import type { KioskAccessModel } from '../../contract/generated/models';
import { accessModel, NO_KIOSK_ACCESS } from '../services/access/accessModels';
import { createBusiness, createEmployee, ensureUser, issueApiKey } from '../services/businesses/provisioning';
import { basicAuth, type TestService } from './testService';

export const MANAGER_PASSWORD = 'correct horse battery staple';

export interface TenantEmployee {
  id: number;
  firstName: string;
  surname: string;
  pin: string;
}

export interface Tenant {
  businessId: number;
  kioskId: number;
  manager: { userId: number; email: string; password: string; apiKey: string; auth: string };
  employees: TenantEmployee[];
  /** `/api/v2/business/{businessId}` */
  base: string;
  /** `/api/v2/business/{businessId}/kiosk/{kioskId}` */
  kiosk: string;
}

export interface TenantOptions {
  employees?: number;
  ianaTimeZone?: string;
  kiosk?: Record<string, unknown>;
  /** The business's country (ISO alpha-2; selects the regional models), GB by default. */
  country?: string;
}

const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Emma', 'Farid', 'Grace', 'Hiro'];
const PINS = ['4821', '7350', '2968', '6143', '8095', '3517', '9204', '5786'];

export async function createTenant(t: TestService, options: TenantOptions = {}): Promise<Tenant> {
  const unique = randomUUID().slice(0, 8);
  const email = `manager-${unique}@example.test`;
  const user = await ensureUser(t.db, { email, name: `Manager ${unique}`, password: MANAGER_PASSWORD });
  const zone = options.ianaTimeZone ?? 'Europe/London';
  const business = await createBusiness(t.db, { name: `Business ${unique}`, ianaTimeZone: zone, owner: user, ...(options.country ? { country: options.country } : {}) });
  const apiKey = await issueApiKey(t.db, user.id, 'tests');
  const auth = basicAuth(apiKey);
  const base = `/api/v2/business/${business.id}`;

  const kiosk = await t.request('POST', `${base}/kiosk`, {
    auth,
    json: { name: 'Front door', ianaTimeZone: zone, canAddEmployees: true, ...options.kiosk },
  });
  expect(kiosk.status, kiosk.text).toBe(200);
  const kioskId = (kiosk.body as { id: number }).id;

  const employees: TenantEmployee[] = [];
  for (let i = 0; i < (options.employees ?? 2); i += 1) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Staff';
    const pin = PINS[i % PINS.length] ?? '4821';
    const row = await createEmployee(t.db, business.id, {
      firstName,
      surname: `Tester${i}`,
      email: `${firstName.toLowerCase()}-${unique}@example.test`,
      mobilePhone: `+44 7700 900${String(100 + i)}`,
      pin,
      isKioskEnabled: true,
    });
    employees.push({ id: row.id, firstName, surname: row.surname, pin });
  }

  return {
    businessId: business.id,
    kioskId,
    manager: { userId: user.id, email, password: MANAGER_PASSWORD, apiKey, auth },
    employees,
    base,
    kiosk: `${base}/kiosk/${kioskId}`,
  };
}

/**
 * Adds a user with Restricted access to the tenant's business and returns their API-key
 * credential: with no kiosk rights by default, or with rights to the given kiosks only.
 */
export async function restrictedUserAuth(t: TestService, tenant: Tenant, kioskIds: number[] = []): Promise<string> {
  return (await addRestrictedUser(t, tenant, kioskIds)).auth;
}

/** The same, returning the user's e-mail address beside the credential. */
export async function addRestrictedUser(t: TestService, tenant: Tenant, kioskIds: number[] = []): Promise<{ auth: string; email: string }> {
  const email = `restricted-${randomUUID().slice(0, 8)}@example.test`;
  const user = await ensureUser(t.db, { email, name: 'Restricted' });
  const kioskAccess: KioskAccessModel | null =
    kioskIds.length > 0 ? { kiosks: kioskIds, accessType: 'SpecificKiosks', permissions: 'ApproveTimesheets' } : NO_KIOSK_ACCESS;
  await t.db.insert(businessAccess).values({
    businessId: tenant.businessId,
    userId: user.id,
    accessType: 'Restricted',
    model: accessModel(user.name, email, 'Restricted', kioskAccess),
  });
  return { auth: basicAuth(await issueApiKey(t.db, user.id, 'tests')), email };
}

/** Adds another kiosk to the tenant's business, through the API. */
export async function addKiosk(t: TestService, tenant: Tenant, name: string): Promise<number> {
  const res = await t.request('POST', `${tenant.base}/kiosk`, { auth: tenant.manager.auth, json: { name } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

/** Enrols a device on one of the tenant's kiosks and returns its credential (`Bearer kcd_…`). */
export async function enrolDeviceAuth(t: TestService, tenant: Tenant, kioskId = tenant.kioskId): Promise<string> {
  const res = await t.request('POST', `${tenant.base}/kiosk/${kioskId}/devices`, { auth: tenant.manager.auth, json: { name: 'Tablet' } });
  expect(res.status, res.text).toBe(200);
  return `Bearer ${(res.body as { token: string }).token}`;
}
