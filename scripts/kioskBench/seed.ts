/**
 * The kiosk bench's businesses, written through the service's own provisioning and the history
 * seed (no history): a "kiosks" business whose staff the service punches, one enrolled device per
 * kiosk (the bearer token a tablet holds), and a "ceiling" business with the same staff and set-up
 * that the equivalent-transaction ceiling writes to, in the same tables of the same database,
 * without disturbing the service's employees.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashSecret } from '../../src/server/auth/secrets';
import type { Database } from '../../src/server/db/openDatabase';
import { enrolDevice } from '../../src/server/services/kiosks/devices';
import { createBusiness, ensureUser } from '../../src/server/services/businesses/provisioning';
import { seedHistory } from '../../src/server/testing/seedHistory';

export interface SeededKiosks {
  businessId: number;
  /** Kiosk ids and their devices' bearer tokens, one device per kiosk. */
  kiosks: Array<{ id: number; token: string }>;
  /** Current employees (one in 25 starts clocked on, as the history seed leaves them), `staff` of them. */
  employeeIds: number[];
}

export interface SeededCeiling {
  businessId: number;
  kioskId: number;
  /** The bearer token of the kiosk's one device (pgbench and the PGlite floor punch as it). */
  token: string;
  employeeIds: number[];
}

const IdRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

async function currentStaff(db: Database, businessId: number, count: number): Promise<number[]> {
  const rows = IdRows.parse(
    await db.execute(
      sql`SELECT id FROM employees WHERE business_id = ${businessId}::integer AND end_date IS NULL ORDER BY id LIMIT ${count}::integer`,
    ),
  ).rows;
  if (rows.length < count) throw new Error(`bench set-up: only ${rows.length} current staff of ${count}`);
  return rows.map((row) => row.id);
}

/** Seeds both businesses; `staff` current employees each (the history seed retires one in 40, so a few more are written). */
export async function seedKioskBench(db: Database, staff: number, kiosks: number): Promise<{ service: SeededKiosks; ceiling: SeededCeiling }> {
  const owner = await ensureUser(db, { email: 'kiosk-bench@example.test', name: 'Kiosk bench' });
  const pinHash = await hashSecret('4821');
  const now = new Date();
  const seed = async (name: string) => {
    const business = await createBusiness(db, { name, ianaTimeZone: 'Europe/London', owner });
    const seeded = await seedHistory(db, {
      businessId: business.id,
      employees: Math.ceil((staff * 40) / 39) + 2,
      shifts: 0,
      days: 1,
      kiosks,
      now,
      pinHash,
      ianaTimeZone: 'Europe/London',
    });
    return { businessId: business.id, kioskIds: seeded.kioskIds, employeeIds: await currentStaff(db, business.id, staff) };
  };
  const service = await seed('Kiosk bench');
  // A kiosk at a location lists and accepts only that location's staff: the load punches
  // every employee at any kiosk and reads their states from one kiosk, so these kiosks stand at no
  // location (they list everyone; a clock-on still takes the employee's own location by default).
  await db.execute(sql`UPDATE kiosks SET location_id = NULL WHERE business_id = ${service.businessId}::integer`);
  const ceiling = await seed('Kiosk bench ceiling');
  await db.execute(sql`UPDATE kiosks SET location_id = NULL WHERE business_id = ${ceiling.businessId}::integer`);
  const ceilingKiosk = ceiling.kioskIds[0] ?? 0;
  const ceilingDevice = await enrolDevice(db, { businessId: ceiling.businessId, kioskId: ceilingKiosk, name: 'Bench ceiling tablet', enrolledByUserId: owner.id }, now);
  const devices = [];
  for (const kioskId of service.kioskIds) {
    const device = await enrolDevice(db, { businessId: service.businessId, kioskId, name: `Bench tablet ${kioskId}`, enrolledByUserId: owner.id }, now);
    devices.push({ id: kioskId, token: device.token });
  }
  return {
    service: { businessId: service.businessId, kiosks: devices, employeeIds: service.employeeIds },
    ceiling: { businessId: ceiling.businessId, kioskId: ceilingKiosk, token: ceilingDevice.token, employeeIds: ceiling.employeeIds },
  };
}
