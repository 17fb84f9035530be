/**
 * The demo data behind `DEMO=1`: a bakery with two locations, three work types (and a shift
 * condition) and eighteen staff with PINs at the bakery floor's kiosk ("Front door kiosk"), plus a
 * manager with a password and an API key. A second kiosk at the front counter shows who a kiosk
 * lists: three counter-only staff, and two bakery staff who also work the counter; some staff
 * have their own work types and shift condition, so what a clock-on offers differs by person. The
 * counter's kiosk also has reporting dimensions on, with a "Department" dimension to pick a value
 * of. The roster and a few punches are laid around the moment of seeding (demoRoster.ts,
 * demoToday.ts), so the demo is mid-day whenever it is first started.
 *
 * Everything past the manager's account is created through the API itself, so the demo exercises
 * the same code paths as any client. The credentials are written to `<DATA_DIR>/demo.json`; they
 * are stored only as hashes, so if that file is lost they are issued afresh.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Service } from '../app';
import { callApi, distinctPins, Staff, WithId } from './demoApi';
import type { Database } from '../db/openDatabase';
import { businesses, employees, kiosks } from '../db/schema';
import { isListedAtKiosk } from '../../domain/kioskStaff';
import { basicAuthHeader } from '../auth/basicAuth';
import { hashSecret } from '../auth/secrets';
import { createBusiness, ensureUser, issueApiKey } from '../services/businesses/provisioning';
import { DEMO_WINDOW_MINUTES, ensureDemoRoster, layDemoBlock, type DemoCall } from './demoRoster';
import { DEMO_SCENES, seedDemoScenes } from './demoToday';
import type { RoundingRules } from '../../domain/rounding';
import { DemoFile } from './demoFile';

export { DemoFile };

export const DEMO_EXTERNAL_ID = 'kiosk-clock-demo';
export const DEMO_MANAGER_EMAIL = 'manager@demo.kiosk-clock.dev';


/**
 * The demo's rounding rules, so a demo line shows rounding beside its raw punches: starts and ends
 * to the nearest 5 minutes, snapped to the roster shift when within 10 minutes of it.
 */
export const DEMO_ROUNDING: RoundingRules = {
  shiftStartRounding: 'RoundToNearest',
  shiftStartRoundingMinutes: 5,
  shiftEndRounding: 'RoundToNearest',
  shiftEndRoundingMinutes: 5,
  breakStartRounding: 'DontRound',
  breakStartRoundingMinutes: 5,
  breakEndRounding: 'DontRound',
  breakEndRoundingMinutes: 5,
  roundUpToRosterStartWithinMinutes: 10,
  roundDownToRosterStartWithinMinutes: null,
  roundUpToRosterEndWithinMinutes: null,
  roundDownToRosterEndWithinMinutes: 10,
};

/** Staff who work only at the front counter (listed on its kiosk, not on the bakery floor's). */
const COUNTER_STAFF: ReadonlyArray<[string, string]> = [
  ['Mia', 'Chen'],
  ['Noah', 'Evans'],
  ['Priya', 'Shah'],
];

const STAFF: ReadonlyArray<[string, string]> = [
  ['Amara', 'Okafor'],
  ['Ben', 'Thompson'],
  ['Chloe', 'Martin'],
  ['Dev', 'Patel'],
  ['Elena', 'Rossi'],
  ['Finn', "O'Brien"],
  ['Grace', 'Kim'],
  ['Hamza', 'Ali'],
  ['Isla', 'Campbell'],
  ['Jonas', 'Weber'],
  ['Keira', 'Walsh'],
  ['Luca', 'Moreno'],
  // The people of the live scenes (demoRoster.ts, demoToday.ts): due, late, absent, finishing
  // soon, on a break, and a forgotten clock-off.
  ['Oscar', 'Bell'],
  ['Ruby', 'Hughes'],
  ['Sofia', 'Novak'],
  ['Tom', 'Price'],
  ['Uma', 'Reid'],
  ['Victor', 'Lang'],
];

function readablePassword(): string {
  return `demo-${randomBytes(9).toString('base64url')}`;
}

const call = (service: Service, auth: string, method: string, path: string, body?: unknown): Promise<unknown> =>
  callApi(service, 'demo seed', auth, method, path, body);


async function seedFresh(db: Database, service: Service, baseUrl: string, zone: string): Promise<DemoFile> {
  const password = readablePassword();
  const manager = await ensureUser(db, { email: DEMO_MANAGER_EMAIL, name: 'Morgan Demo', password });
  const business = await createBusiness(db, { name: 'Harbour Street Bakery', ianaTimeZone: zone, externalId: DEMO_EXTERNAL_ID, owner: manager });
  const apiKey = await issueApiKey(db, manager.id, 'demo');
  const auth = basicAuthHeader(apiKey);
  const B = `/api/v2/business/${business.id}`;

  const earlyStart = WithId.parse(await call(service, auth, 'POST', `${B}/worktype`, { name: 'Early start', mappingType: 'ShiftCondition', shortCode: 'ES' }));
  const bakery = WithId.parse(await call(service, auth, 'POST', `${B}/location`, { name: 'Bakery floor', isGlobal: true, defaultShiftConditionIds: [] }));
  const counter = WithId.parse(await call(service, auth, 'POST', `${B}/location`, { name: 'Front counter', isGlobal: true }));
  const workType: Record<string, number> = {};
  for (const name of ['Baking', 'Counter service', 'Deliveries']) workType[name] = WithId.parse(await call(service, auth, 'POST', `${B}/worktype`, { name })).id;
  const kioskAt = async (name: string, locationId: number, extra: { timesheetDimensionsEnabled?: boolean } = {}) =>
    WithId.parse(
      await call(service, auth, 'POST', `${B}/kiosk`, {
        name,
        locationId,
        ianaTimeZone: zone,
        canAddEmployees: true,
        paidBreaksEnabled: true,
        isPhotoRequired: false,
        clockOnWindowMinutes: DEMO_WINDOW_MINUTES,
        clockOffWindowMinutes: DEMO_WINDOW_MINUTES,
        ...extra,
      }),
    );
  const kiosk = await kioskAt('Front door kiosk', bakery.id);
  // The counter's kiosk also asks for a reporting dimension: a department per shift.
  const counterKiosk = await kioskAt('Counter kiosk', counter.id, { timesheetDimensionsEnabled: true });
  await call(service, auth, 'POST', `${B}/reportingdimension`, { name: 'Department', values: ['Front of house', 'Bakery', 'Catering'] });

  await call(service, auth, 'POST', `${B}/roundingrules`, DEMO_ROUNDING);

  const allPins = distinctPins(STAFF.length + COUNTER_STAFF.length);
  const pins = allPins.slice(0, STAFF.length);
  const staff: DemoFile['staff'] = [];
  for (const [index, [firstName, surname]] of STAFF.entries()) {
    const pin = pins[index] ?? '4821';
    const handle = `${firstName}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '');
    const created = Staff.parse(
      await call(service, auth, 'POST', `${B}/kiosk/${kiosk.id}/staff`, {
        firstName,
        surname,
        email: index % 4 === 3 ? null : `${handle}@demo.kiosk-clock.dev`,
        mobileNumber: index % 3 === 2 ? null : `+44 7700 900${String(100 + index)}`,
        pin,
      }),
    );
    staff.push({ employeeId: created.employeeId, firstName, surname, pin });
  }
  const counterPins = allPins.slice(STAFF.length);
  const counterStaff: DemoFile['staff'] = [];
  for (const [index, [firstName, surname]] of COUNTER_STAFF.entries()) {
    const pin = counterPins[index] ?? '5786';
    const created = Staff.parse(await call(service, auth, 'POST', `${B}/kiosk/${counterKiosk.id}/staff`, { firstName, surname, email: null, mobileNumber: null, pin }));
    counterStaff.push({ employeeId: created.employeeId, firstName, surname, pin });
  }
  // The set-up no contract route writes (staff added at a kiosk get its location only): Chloe and
  // Dev also work the counter; Ben bakes (early starts), Chloe bakes and serves, Mia and Priya serve
  // (Priya also delivers). Everyone else is offered every work type and no shift condition. Each
  // one's roster (demoRoster.ts DEMO_PATTERNS) uses a work type they have.
  const setUp = async (employeeId: number | undefined, values: { locationIds?: number[]; workTypeIds?: number[] }) => {
    if (employeeId !== undefined) await db.update(employees).set(values).where(eq(employees.id, employeeId));
  };
  const [ben, chloe, dev] = [staff[1], staff[2], staff[3]].map((member) => member?.employeeId);
  const [mia, , priya] = counterStaff.map((member) => member.employeeId);
  const id = (name: string) => workType[name] ?? 0;
  await setUp(ben, { workTypeIds: [id('Baking'), earlyStart.id] });
  await setUp(chloe, { locationIds: [bakery.id, counter.id], workTypeIds: [id('Baking'), id('Counter service')] });
  await setUp(dev, { locationIds: [bakery.id, counter.id] });
  await setUp(mia, { workTypeIds: [id('Counter service')] });
  await setUp(priya, { workTypeIds: [id('Counter service'), id('Deliveries')] });
  return {
    baseUrl,
    businessId: business.id,
    kioskId: kiosk.id,
    apiKey,
    manager: { username: DEMO_MANAGER_EMAIL, password },
    staff,
    counterKiosk: { kioskId: counterKiosk.id, staff: counterStaff },
  };
}

/** The demo exists but its credentials file is gone: issue new credentials and PINs. */
async function reissue(db: Database, businessId: number, baseUrl: string, previous: { kioskId: number }): Promise<DemoFile> {
  const password = readablePassword();
  const manager = await ensureUser(db, { email: DEMO_MANAGER_EMAIL, name: 'Morgan Demo', password });
  const apiKey = await issueApiKey(db, manager.id, 'demo');
  const [kiosk] = await db.select({ locationId: kiosks.locationId }).from(kiosks).where(eq(kiosks.id, previous.kioskId));
  const all = await db.select().from(employees).where(eq(employees.businessId, businessId)).orderBy(employees.id);
  // demo.json's staff are the demo kiosk's (the counter kiosk's own staff keep their PINs unknown until reseeded).
  const rows = all.filter((row) => isListedAtKiosk(kiosk?.locationId ?? null, row.locationIds));
  const pins = distinctPins(rows.length);
  const staff: DemoFile['staff'] = [];
  for (const [index, row] of rows.entries()) {
    const pin = pins[index] ?? '4821';
    await db
      .update(employees)
      .set({ pinHash: await hashSecret(pin), pinExpired: false, pinFailedAttempts: 0, pinLockedUntil: null })
      .where(eq(employees.id, row.id));
    staff.push({ employeeId: row.id, firstName: row.firstName, surname: row.surname, pin });
  }
  return { baseUrl, businessId, kioskId: previous.kioskId, apiKey, manager: { username: DEMO_MANAGER_EMAIL, password }, staff };
}

export interface DemoResult {
  file: DemoFile;
  created: boolean;
}

/**
 * Seeds the demo once and keeps `<dataDir>/demo.json` current (its baseUrl follows the port), and
 * its roster a week ahead (demoRoster.ts). A fresh demo is laid around `now`: the roster's blocks
 * and the live scenes' punches (demoToday.ts) are placed relative to it, so tests (and anyone)
 * can seed at a controlled instant; the service passes its own clock's time. `now` must not be
 * ahead of the service's clock (the scenes' punches would be in its future). `firstKioskId` finds
 * the demo kiosk when credentials must be reissued.
 */
export async function ensureDemo(
  db: Database,
  service: Service,
  options: {
    dataDir: string;
    baseUrl: string;
    ianaTimeZone: string;
    firstKioskId: (businessId: number) => Promise<number>;
    now: Date;
  },
): Promise<DemoResult> {
  const path = join(options.dataDir, 'demo.json');
  const [existing] = await db.select().from(businesses).where(eq(businesses.externalId, DEMO_EXTERNAL_ID));
  // On the whole minute, so the roster's times read as the kiosk shows them.
  const seededAt = new Date(Math.floor(options.now.getTime() / 60_000) * 60_000).toISOString();
  let file: DemoFile;
  let created = false;
  if (!existing) {
    file = { ...(await seedFresh(db, service, options.baseUrl, options.ianaTimeZone)), seededAt };
    created = true;
  } else if (existsSync(path)) {
    const parsed = DemoFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    file = parsed.success
      ? { ...parsed.data, baseUrl: options.baseUrl }
      : await reissue(db, existing.id, options.baseUrl, { kioskId: await options.firstKioskId(existing.id) });
  } else {
    file = await reissue(db, existing.id, options.baseUrl, { kioskId: await options.firstKioskId(existing.id) });
  }
  // A reissued file no longer knows its roster's anchor: the blocks already laid stay, and any
  // missing ones are laid around now.
  file.seededAt ??= seededAt;
  const auth = basicAuthHeader(file.apiKey);
  const demoCall: DemoCall = (method, apiPath, body) => call(service, auth, method, apiPath, body);
  const anchor = new Date(file.seededAt);
  if (created) {
    const workedYesterday = new Set(DEMO_SCENES.filter((scene) => scene.day === -1).map((scene) => scene.name));
    await layDemoBlock(demoCall, file.businessId, file.staff.filter((person) => workedYesterday.has(`${person.firstName} ${person.surname}`)), anchor, -1);
  }
  await ensureDemoRoster(demoCall, file, anchor, options.now);
  if (created) await seedDemoScenes(demoCall, file, anchor);
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  return { file, created };
}
