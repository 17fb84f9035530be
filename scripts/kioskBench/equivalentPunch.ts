/**
 * The ceiling a punch is compared with: the database committing an equivalent punch transaction
 * with nothing else in the way. Defined as what a punch must do: lock the employee's row, insert the punch,
 * update the employee, insert the idempotency record (once, with its answer). The same statements
 * against the real schema's tables, for pgbench (a custom script, each client on its own
 * employees) and for PGlite (in this process, one connection, as PGlite has).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/openDatabase';

/** About the size of a clock-on's answer (the employee model), stored with its idempotency key. */
const ANSWER = JSON.stringify({
  id: 0,
  firstName: 'Ada',
  surname: 'History000001',
  name: 'Ada History000001',
  hasEmail: true,
  profileImageUrl: null,
  mobileNumber: '+44 7700 000001',
  status: 'ClockedOn',
  longShiftThreshold: null,
  clockOnTimeUtc: '2026-11-26T01:00:00.000Z',
  breakStartTimeUtc: null,
  recordedTimeUtc: '2026-11-26T01:00:00.000Z',
  currentShiftId: 1,
  employeeGroupIds: [1],
  employeeStartDate: '2024-09-17T00:00:00.000Z',
  pinExpired: false,
  hasOpenShiftElsewhere: false,
  shiftTimeUtc: '2026-11-26T01:00:00.000Z',
});

/**
 * A text constant with no colon in the script: pgbench takes `:name` anywhere, even inside a
 * quoted literal, for one of its variables (the answer's JSON is full of them).
 */
const text = (value: string) => `convert_from(decode('${Buffer.from(value).toString('base64')}', 'base64'), 'UTF8')`;

/** The transaction's statements; `:e`, `:b`, `:k` are the employee, business and kiosk. */
function statements(v: { e: string; b: string; k: string }): string[] {
  return [
    'BEGIN;',
    `SELECT id, attendance_status, current_shift_id, last_punch_time_utc FROM employees WHERE id = ${v.e} AND business_id = ${v.b} FOR UPDATE;`,
    `INSERT INTO punches (business_id, employee_id, kiosk_id, kind, time_of_record_utc, recorded_time_utc, received_utc, utc_offset, principal) ` +
      `VALUES (${v.b}, ${v.e}, ${v.k}, 'clockOn', now(), now(), now(), '00:00:00', 'device:1');`,
    `UPDATE employees SET attendance_status = CASE WHEN attendance_status = 'ClockedOn' THEN 'NotClockedOn' ELSE 'ClockedOn' END, ` +
      `clock_on_time_utc = now(), last_punch_time_utc = now() WHERE id = ${v.e};`,
    `INSERT INTO idempotency_keys (scope, key, fingerprint, response_status, response_body, response_content_type) ` +
      `VALUES (${text('business:')} || ${v.b} || ${text('|device:1|kiosk.clockInEmployee')}, gen_random_uuid()::text, md5(random()::text), 200, ${text(ANSWER)}, 'application/json');`,
    'END;',
  ];
}

/**
 * The pgbench script: client `client_id` punches its own employees, `per` of them in turn (ids
 * from `first`, `span` in all), as a kiosk's staff do, so clients never wait on each other's locks.
 */
export function pgbenchScript(): string {
  return [
    '\\set e :first + (:client_id * :per + random(0, :per - 1)) % :span',
    ...statements({ e: ':e', b: ':b', k: ':k' }),
    '',
  ].join('\n');
}

/** Runs the transaction on `db` (PGlite) for `seconds`, one at a time; answers transactions per second. */
export async function equivalentRateOn(db: Database, target: { businessId: number; kioskId: number; employeeIds: number[] }, seconds: number): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  for (let i = 0; performance.now() < deadline && i < 10_000_000; i += 1) {
    const employee = target.employeeIds[i % target.employeeIds.length] ?? 0;
    // One statement per round trip, as the service sends them (PGlite runs one statement per query).
    for (const text of statements({ e: String(employee), b: String(target.businessId), k: String(target.kioskId) })) await db.execute(sql.raw(text));
    done += 1;
  }
  return done / ((performance.now() - started) / 1000);
}
