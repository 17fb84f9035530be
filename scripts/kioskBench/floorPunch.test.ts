/**
 * The bench's floor runs the service's punch SQL: a tablet's keyed clock-on and clock-off through
 * the real app, and the floor's for another employee on the same database, send the very same
 * statement texts (so one prepared statement each), and the floor's punches are real ones: the
 * employee's state, the shift and its timesheet line, the punch rows and the key's records.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestService, type TestService } from '../../src/server/testing/testService';
import { floorPunch, runOnDatabase, type FloorRequest, type RunStatement } from './floorPunch';
import { kioskPunch } from './load';
import { seedKioskBench, type SeededKiosks } from './seed';

let t: TestService;
let statements: string[] | null = null;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

beforeAll(async () => {
  t = await startTestService({}, { onRows: (_rows, text) => statements?.push(...(TRANSACTION_CONTROL.test(text) ? [] : [text])) });
});
afterAll(() => t.close());

async function textsOf(send: () => Promise<void>): Promise<string[]> {
  statements = [];
  try {
    await send();
    return statements;
  } finally {
    statements = null;
  }
}

const run: RunStatement = (statement, values) => runOnDatabase(t.db)(statement, values);

const State = z.object({ rows: z.array(z.object({ status: z.string(), shift: z.coerce.number().nullable(), lines: z.coerce.number(), punches: z.coerce.number(), keys: z.coerce.number() })) });

describe('the floor punch', () => {
  let seeded: SeededKiosks;
  beforeAll(async () => {
    t.clock.set('2026-06-01T07:00:00Z');
    ({ service: seeded } = await seedKioskBench(t.db, 4, 1));
    // A device's first request records its contact (at most once a minute): not part of a punch.
    const kiosk = seeded.kiosks[0]!;
    await t.request('GET', `/api/v2/business/${seeded.businessId}/kiosk/${kiosk.id}/staff`, { headers: { authorization: `Bearer ${kiosk.token}` } });
  });

  it("sends the service's statements, word for word, and records a real punch", async () => {
    const kiosk = seeded.kiosks[0]!;
    const [byService, byFloor] = seeded.employeeIds;
    if (byService === undefined || byFloor === undefined) throw new Error('two employees were seeded');
    const service = (kind: 'clockon' | 'clockoff') =>
      textsOf(async () => {
        const punch = kioskPunch(seeded, kiosk, byService, kind, t.clock.now());
        const answer = await t.request(punch.method, punch.path, { headers: punch.headers, body: punch.body });
        expect(answer.status, answer.text).toBe(200);
      });
    const floor = (kind: 'clockOn' | 'clockOff') =>
      textsOf(async () => {
        const recordedTimeUtc = t.clock.now().toISOString();
        const request: FloorRequest = { businessId: seeded.businessId, kioskId: kiosk.id, kind, token: kiosk.token, key: randomUUID(), bodyText: '{}', employeeId: byFloor, recordedTimeUtc, utcOffset: '00:00:00', now: t.clock.now() };
        const answer = await floorPunch(run, request);
        expect(answer.status, answer.body).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({ id: byFloor, status: kind === 'clockOn' ? 'ClockedOn' : 'ClockedOff' });
      });

    const serviceOn = await service('clockon');
    const floorOn = await floor('clockOn');
    expect(serviceOn).toHaveLength(2);
    expect(floorOn).toEqual(serviceOn);
    // Within the minute the device's contact is recorded for (a later punch would record it again first).
    t.clock.set('2026-06-01T07:00:30Z');
    const serviceOff = await service('clockoff');
    const floorOff = await floor('clockOff');
    expect(serviceOff).toHaveLength(2);
    expect(floorOff).toEqual(serviceOff);

    const state = State.parse(
      await t.db.execute(sql`select e.attendance_status as status, e.current_shift_id as shift,
        (select count(*) from timesheet_lines l join clock_shifts s on s.timesheet_line_id = l.id where s.employee_id = e.id and s.status = 'completed') as lines,
        (select count(*) from punches p where p.employee_id = e.id) as punches,
        (select count(*) from idempotency_keys k where k.response_body::jsonb ->> 'id' = e.id::text) as keys
        from employees e where e.id = ${byFloor}::integer`),
    ).rows[0];
    expect(state).toEqual({ status: 'ClockedOff', shift: null, lines: 1, punches: 2, keys: 2 });
  });

  it('answers 401 for a token no device holds and writes nothing', async () => {
    const kiosk = seeded.kiosks[0]!;
    const employeeId = seeded.employeeIds[2]!;
    const request: FloorRequest = { businessId: seeded.businessId, kioskId: kiosk.id, kind: 'clockOn', token: 'kd_not-a-token', key: randomUUID(), bodyText: '{}', employeeId, recordedTimeUtc: t.clock.now().toISOString(), utcOffset: null, now: t.clock.now() };
    expect((await floorPunch(run, request)).status).toBe(401);
    const punches = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) }).parse(await t.db.execute(sql`select count(*) as n from punches where employee_id = ${employeeId}::integer`));
    expect(punches.rows[0]?.n).toBe(0);
  });
});
