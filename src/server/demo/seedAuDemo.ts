/**
 * The Australian demo behind `DEMO=1`: a café in Sydney whose business country
 * is AU, so the service answers it in the vendor's AU models. Its kiosk offers award
 * classifications at clock-on. The UK demo's manager owns it too (same sign-in); its own API key,
 * kiosk and staff PINs are written to `<DATA_DIR>/demo-au.json`, in the UK file's shape.
 *
 * Everything past the business row goes through the API, like the UK demo (seedDemo.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Service } from '../app';
import { callApi, distinctPins, Staff, WithId } from './demoApi';
import { basicAuthHeader } from '../auth/basicAuth';
import { hashSecret } from '../auth/secrets';
import type { Database } from '../db/openDatabase';
import { businesses, employees, kiosks } from '../db/schema';
import { createBusiness, ensureUser, issueApiKey } from '../services/businesses/provisioning';
import { DemoFile } from './seedDemo';

export const AU_DEMO_EXTERNAL_ID = 'kiosk-clock-demo-au';
export const AU_DEMO_FILE = 'demo-au.json';
export const AU_DEMO_ZONE = 'Australia/Sydney';

/** The café's award classifications (General Retail Industry Award levels), offered at clock-on. */
export const AU_DEMO_CLASSIFICATIONS = ['Retail Employee Level 1', 'Retail Employee Level 2', 'Retail Employee Level 3'] as const;

const STAFF: ReadonlyArray<[string, string]> = [
  ['Mia', 'Nguyen'],
  ['Jack', 'Wilson'],
  ['Olivia', 'Brown'],
  ['Noah', 'Taylor'],
];


const call = (service: Service, auth: string, method: string, path: string, body?: unknown): Promise<unknown> =>
  callApi(service, 'AU demo seed', auth, method, path, body);

async function seedFresh(db: Database, service: Service, baseUrl: string, manager: DemoFile['manager']): Promise<DemoFile> {
  const owner = await ensureUser(db, { email: manager.username, name: 'Morgan Demo' });
  const business = await createBusiness(db, { name: 'Bondi Beach Café', ianaTimeZone: AU_DEMO_ZONE, country: 'AU', externalId: AU_DEMO_EXTERNAL_ID, owner });
  const apiKey = await issueApiKey(db, owner.id, 'demo (AU)');
  const auth = basicAuthHeader(apiKey);
  const B = `/api/v2/business/${business.id}`;
  for (const description of AU_DEMO_CLASSIFICATIONS) await call(service, auth, 'POST', `${B}/classification`, { description });
  const cafe = WithId.parse(await call(service, auth, 'POST', `${B}/location`, { name: 'Café floor', isGlobal: true }));
  for (const name of ['Barista', 'Kitchen']) await call(service, auth, 'POST', `${B}/worktype`, { name });
  const kiosk = WithId.parse(
    await call(service, auth, 'POST', `${B}/kiosk`, { name: 'Café kiosk', locationId: cafe.id, ianaTimeZone: AU_DEMO_ZONE, canAddEmployees: true, isPhotoRequired: false }),
  );
  const pins = distinctPins(STAFF.length);
  const staff: DemoFile['staff'] = [];
  for (const [index, [firstName, surname]] of STAFF.entries()) {
    const pin = pins[index] ?? '4821';
    const email = `${firstName}.${surname}@demo-au.kiosk-clock.dev`.toLowerCase();
    const created = Staff.parse(await call(service, auth, 'POST', `${B}/kiosk/${kiosk.id}/staff`, { firstName, surname, email, mobileNumber: null, pin }));
    staff.push({ employeeId: created.employeeId, firstName, surname, pin });
  }
  return { baseUrl, businessId: business.id, kioskId: kiosk.id, apiKey, manager, staff };
}

/** The café exists but its file is gone: a new API key and new PINs. */
async function reissue(db: Database, businessId: number, baseUrl: string, manager: DemoFile['manager']): Promise<DemoFile> {
  const owner = await ensureUser(db, { email: manager.username, name: 'Morgan Demo' });
  const apiKey = await issueApiKey(db, owner.id, 'demo (AU)');
  const [kiosk] = await db.select({ id: kiosks.id }).from(kiosks).where(eq(kiosks.businessId, businessId)).orderBy(kiosks.id).limit(1);
  const rows = await db.select().from(employees).where(eq(employees.businessId, businessId)).orderBy(employees.id);
  const pins = distinctPins(rows.length);
  const staff: DemoFile['staff'] = [];
  for (const [index, row] of rows.entries()) {
    const pin = pins[index] ?? '4821';
    await db.update(employees).set({ pinHash: await hashSecret(pin), pinExpired: false, pinFailedAttempts: 0, pinLockedUntil: null }).where(eq(employees.id, row.id));
    staff.push({ employeeId: row.id, firstName: row.firstName, surname: row.surname, pin });
  }
  return { baseUrl, businessId, kioskId: kiosk?.id ?? 0, apiKey, manager, staff };
}

/**
 * Seeds the AU demo once and keeps `<dataDir>/demo-au.json` current; `manager` is the UK demo's
 * (demo.json), whose sign-in also reaches the café.
 */
export async function ensureAuDemo(db: Database, service: Service, options: { dataDir: string; baseUrl: string; manager: DemoFile['manager'] }): Promise<DemoFile> {
  const path = join(options.dataDir, AU_DEMO_FILE);
  const [existing] = await db.select().from(businesses).where(eq(businesses.externalId, AU_DEMO_EXTERNAL_ID));
  let file: DemoFile;
  if (!existing) file = await seedFresh(db, service, options.baseUrl, options.manager);
  else {
    const kept = existsSync(path) ? DemoFile.safeParse(JSON.parse(readFileSync(path, 'utf8'))) : null;
    file = kept?.success ? { ...kept.data, baseUrl: options.baseUrl, manager: options.manager } : await reissue(db, existing.id, options.baseUrl, options.manager);
  }
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  return file;
}
