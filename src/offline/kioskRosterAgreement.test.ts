/**
 * The tablet and the service agree on the roster, against the real service:
 * the roster the kiosk keeps (KioskRosterModel through refreshKioskRoster) gives, offline, the same
 * match as the service's clocked shift remembers (clock_shifts.roster_shift_id), for a person who
 * picked a shift (sent as its location) and for one who did not, and the pick is offered only
 * with allowEmployeeShiftSelection.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockShifts } from '../server/db/schema';
import { rosterHelpers } from '../server/testing/rosterFixtures';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { punchAtKiosk } from './kioskOperations';
import { choiceOf, clockOnRoster, readKeptRoster } from './kioskRoster';
import { createOfflineHarness } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
const { create, makeLocation } = rosterHelpers(() => t);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('offline matching agrees with the service', () => {
  it("the kiosk's match is the roster shift the service's clocked shift remembers", async () => {
    const tenant = await createTenant(t, { employees: 3, kiosk: { clockOnWindowMinutes: 30, allowEmployeeShiftSelection: true } });
    const [ada, ben] = tenant.employees;
    const front = await makeLocation(tenant, 'Front counter');
    const back = await makeLocation(tenant, 'Back office');
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(ms).toISOString();
    const first = await create(tenant, { employeeId: ada!.id, locationId: front, startTime: at(now + 10 * MINUTE), endTime: at(now + 4 * HOUR) });
    const second = await create(tenant, { employeeId: ada!.id, locationId: back, startTime: at(now + 20 * MINUTE), endTime: at(now + 5 * HOUR) });
    const late = await create(tenant, { employeeId: ben!.id, startTime: at(now - 15 * MINUTE), endTime: at(now + 6 * HOUR) });

    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    const roster = await readKeptRoster(h.db);
    expect(roster).toMatchObject({ clockOnWindowMinutes: 30, allowEmployeeShiftSelection: true });
    expect(roster?.shifts.map((s) => s.id)).toEqual([late.id, first.id, second.id]);
    expect(roster?.shifts.find((s) => s.id === first.id)?.locationName).toBe('Front counter');

    // Offline, the kiosk works out the match from what it keeps.
    h.setFaults(() => 'down');
    const clockOnAt = h.runtime.clock.now();
    const adaView = clockOnRoster(roster, ada!.id, clockOnAt);
    expect(adaView.pickable.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(adaView.match?.id).toBe(first.id);
    const picked = clockOnRoster(roster, ada!.id, clockOnAt, choiceOf(adaView.pickable[1]!));
    expect(picked.match?.id).toBe(second.id);
    expect(picked.arrival).toMatchObject({ kind: 'early' });
    const benView = clockOnRoster(roster, ben!.id, clockOnAt);
    expect(benView.match?.id).toBe(late.id);
    expect(benView.arrival).toMatchObject({ kind: 'late' });
    expect(benView.pickable).toEqual([]);

    expect((await punchAtKiosk(h.runtime, ada!.id, 'clockOn', choiceOf(adaView.pickable[1]!))).ok).toBe(true);
    expect((await punchAtKiosk(h.runtime, ben!.id, 'clockOn')).ok).toBe(true);
    h.setFaults(null);
    await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);

    const remembered = async (employeeId: number) => (await t.db.select().from(clockShifts).where(eq(clockShifts.employeeId, employeeId))).map((s) => s.rosterShiftId);
    expect(await remembered(ada!.id)).toEqual([second.id]);
    expect(await remembered(ben!.id)).toEqual([late.id]);
  });

  it('without allowEmployeeShiftSelection there is no pick, and without a window no match', async () => {
    const tenant = await createTenant(t, { employees: 1, kiosk: { clockOnWindowMinutes: null, allowEmployeeShiftSelection: false } });
    const ada = tenant.employees[0]!;
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(ms).toISOString();
    await create(tenant, { employeeId: ada.id, startTime: at(now + 5 * MINUTE), endTime: at(now + 4 * HOUR) });
    await create(tenant, { employeeId: ada.id, startTime: at(now + 10 * MINUTE), endTime: at(now + 5 * HOUR) });
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    const roster = await readKeptRoster(h.db);
    expect(roster?.shifts).toHaveLength(2);
    expect(clockOnRoster(roster, ada.id, h.runtime.clock.now())).toEqual({ match: null, arrival: null, pickable: [] });
  });
});
