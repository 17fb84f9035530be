/**
 * The kiosk bench measures the right thing: its seeded tablets' punches, sent exactly as the load
 * sends them, are accepted by the real app (clock on, clock off, clock on again from ClockedOff, a
 * replay by the same key). The floor and pgbench running the service's SQL: floorPunch.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestService, type TestService } from '../../src/server/testing/testService';
import { kioskPunch } from './load';
import { seedKioskBench } from './seed';

const Count = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });
const count = async (t: TestService, query: ReturnType<typeof sql>) => Count.parse(await t.db.execute(query)).rows[0]?.n ?? -1;

describe('kiosk bench', () => {
  let t: TestService;
  beforeEach(async () => {
    t = await startTestService();
  });
  afterEach(async () => {
    await t.close();
  });

  it("sends punches the service accepts, as a tablet delivers them, and reads the staff's states", async () => {
    const { service } = await seedKioskBench(t.db, 6, 2);
    expect(service.employeeIds).toHaveLength(6);
    expect(service.kiosks).toHaveLength(2);
    const kiosk = service.kiosks[1]!;
    const employeeId = service.employeeIds[0]!;
    const send = async (kind: 'clockon' | 'clockoff', again?: ReturnType<typeof kioskPunch>) => {
      const punch = again ?? kioskPunch(service, kiosk, employeeId, kind);
      const answer = await t.request(punch.method, punch.path, { headers: punch.headers, body: punch.body });
      return { punch, answer };
    };
    const on = await send('clockon');
    expect(on.answer.status, on.answer.text).toBe(200);
    expect(on.answer.body).toMatchObject({ status: 'ClockedOn' });
    const replay = await send('clockon', on.punch);
    expect(replay.answer.headers.get('idempotent-replayed')).toBe('true');
    expect((await send('clockoff')).answer.body).toMatchObject({ status: 'ClockedOff' });
    const staff = await t.request('GET', `/api/v2/business/${service.businessId}/kiosk/${kiosk.id}/staff`, { headers: { authorization: `Bearer ${kiosk.token}` } });
    expect(staff.body).toEqual(expect.arrayContaining([expect.objectContaining({ employeeId, status: 'ClockedOff' })]));
    // A clocked-off employee clocks on again (the load cycles each person).
    expect((await send('clockon')).answer.body).toMatchObject({ status: 'ClockedOn' });
    expect(await count(t, sql`SELECT count(*) AS n FROM punches WHERE employee_id = ${employeeId}::integer`)).toBe(3);
  });
});
