import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftNotes } from '../../db/schema';
import { addKiosk, createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function punch(tenant: Tenant, kioskPath: string, step: string, employeeId: number): Promise<{ currentShiftId: number | null }> {
  const res = await t.request('POST', `${kioskPath}/${step}`, { auth: tenant.manager.auth, json: { employeeId } });
  expect(res.status, res.text).toBe(200);
  return res.body as { currentShiftId: number | null };
}

/** A business with two kiosks; a finished shift (with a note) at the first, and a device and a restricted user of the second. */
async function twoKiosks() {
  const tenant = await createTenant(t);
  const otherKioskId = await addKiosk(t, tenant, 'Back door');
  const other = `${tenant.base}/kiosk/${otherKioskId}`;
  const [first, second] = tenant.employees;
  const on = await punch(tenant, tenant.kiosk, 'clockon', first!.id);
  const shiftId = on.currentShiftId!;
  const note = await t.request('POST', `${tenant.kiosk}/shift/${shiftId}/notes`, {
    auth: tenant.manager.auth,
    json: { employeeId: first!.id, note: 'Left the till open', type: 'Shift', visibility: 'Hidden', isAdminInitiated: true },
  });
  expect(note.status, note.text).toBe(200);
  await punch(tenant, tenant.kiosk, 'clockoff', first!.id);
  return {
    tenant,
    other,
    shiftId,
    noteId: (note.body as { id: number }).id,
    first: first!,
    second: second!,
    device: await enrolDeviceAuth(t, tenant, otherKioskId),
    restricted: await restrictedUserAuth(t, tenant, [otherKioskId]),
  };
}

describe('notes of a shift are reached only through its kiosk', () => {
  it("another kiosk's device and restricted user cannot read, add, mark or delete them", async () => {
    const { tenant, other, shiftId, noteId, first, device, restricted } = await twoKiosks();
    const before = await t.db.select().from(shiftNotes).where(eq(shiftNotes.shiftId, shiftId));
    for (const auth of [device, restricted]) {
      // Through the shift's own kiosk: that kiosk is not theirs.
      const direct = await t.request('GET', `${tenant.kiosk}/shift/${shiftId}/notes`, { auth });
      expect(direct.status).toBe(403);
      // Through their own kiosk: the shift is not there.
      const attempts = [
        await t.request('GET', `${other}/shift/${shiftId}/notes`, { auth }),
        await t.request('POST', `${other}/shift/${shiftId}/notes`, { auth, json: { employeeId: first.id, note: 'x', type: 'Shift', visibility: 'Visible' } }),
        await t.request('POST', `${other}/shift/${shiftId}/notes/read-state`, { auth, json: { employeeId: first.id, noteIds: [noteId], read: true } }),
        await t.request('DELETE', `${other}/shift/${shiftId}/notes/${noteId}`, { auth }),
      ];
      for (const res of attempts) {
        expect(res.status, res.text).toBe(404);
        expect(res.text).not.toContain('Left the till open');
      }
    }
    expect(await t.db.select().from(shiftNotes).where(eq(shiftNotes.shiftId, shiftId))).toEqual(before);
  });

  it("lets any kiosk annotate an employee's open shift, as the employee, since it could clock them off", async () => {
    const { tenant, other, second, first, device } = await twoKiosks();
    const open = await punch(tenant, tenant.kiosk, 'clockon', second.id);
    const shiftId = open.currentShiftId!;
    const path = `${other}/shift/${shiftId}/notes`;
    const asSomeoneElse = await t.request('POST', path, { auth: device, json: { employeeId: first.id, note: 'Not mine', type: 'Shift', visibility: 'Visible' } });
    expect(asSomeoneElse.status).toBe(400);
    expect(asSomeoneElse.body).toMatchObject({ code: 'invalid-reference' });
    const own = await t.request('POST', path, { auth: device, json: { employeeId: second.id, note: 'Covering lunch', type: 'Shift', visibility: 'Visible' } });
    expect(own.status, own.text).toBe(200);
    const listed = await t.request('GET', path, { auth: device });
    expect(listed.status).toBe(200);
    expect((listed.body as { note: string }[]).map((n) => n.note)).toEqual(['Covering lunch']);
    // Once the shift is closed it belongs to its own kiosk again.
    await punch(tenant, tenant.kiosk, 'clockoff', second.id);
    expect((await t.request('GET', path, { auth: device })).status).toBe(404);
  });
});
