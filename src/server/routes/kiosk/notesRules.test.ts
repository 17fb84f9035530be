/**
 * Who a note's read state may name, and when a kiosk reaches the notes of a shift clocked at
 * another kiosk (services/shifts/shiftNotes.ts loadShiftAtKiosk): only while the shift is open and
 * its person may clock off there (kiosk access granted, not terminated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKiosk, createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function clockOn(tenant: Tenant, employeeId: number): Promise<number> {
  const res = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { currentShiftId: number }).currentShiftId;
}

async function addNote(tenant: Tenant, shiftId: number, employeeId: number): Promise<number> {
  const res = await t.request('POST', `${tenant.kiosk}/shift/${shiftId}/notes`, {
    auth: tenant.manager.auth,
    json: { employeeId, note: 'Till counted', type: 'Shift', visibility: 'Visible' },
  });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

describe("a note's read state", () => {
  it('names an employee of the business, or nobody (0); anything else is refused naming employeeId', async () => {
    const tenant = await createTenant(t);
    const stranger = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const shiftId = await clockOn(tenant, employeeId);
    const noteId = await addNote(tenant, shiftId, employeeId);
    const mark = (reader: number) =>
      t.request('POST', `${tenant.kiosk}/shift/${shiftId}/notes/read-state`, { auth: tenant.manager.auth, json: { employeeId: reader, noteIds: [noteId], read: true } });
    for (const reader of [-1, -2147483648]) {
      const refused = await mark(reader);
      expect(refused.status, `${reader}: ${refused.text}`).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation-failed', errors: [{ field: 'employeeId' }] });
    }
    for (const reader of [stranger.employees[0]!.id, 2147483647]) {
      const refused = await mark(reader);
      expect(refused.status, `${reader}: ${refused.text}`).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'employeeId' }] });
    }
    const notes = async () => (await t.request('GET', `${tenant.kiosk}/shift/${shiftId}/notes`, { auth: tenant.manager.auth })).body as { read: boolean }[];
    expect((await notes()).map((n) => n.read)).toEqual([false]);
    expect((await mark(0)).status).toBe(200);
    expect((await mark(employeeId)).status).toBe(200);
    expect((await notes()).map((n) => n.read)).toEqual([true]);
  });
});

describe('notes of a shift clocked at another kiosk', () => {
  it('are reached there only while its person may clock off there', async () => {
    const tenant = await createTenant(t);
    const otherKioskId = await addKiosk(t, tenant, 'Back door');
    const device = await enrolDeviceAuth(t, tenant, otherKioskId);
    const employeeId = tenant.employees[0]!.id;
    const shiftId = await clockOn(tenant, employeeId);
    const noteId = await addNote(tenant, shiftId, employeeId);
    const there = `${tenant.base}/kiosk/${otherKioskId}/shift/${shiftId}/notes`;
    const attempts = () => [
      t.request('GET', there, { auth: device }),
      t.request('POST', there, { auth: device, json: { employeeId, note: 'From the back door', type: 'Shift', visibility: 'Visible' } }),
      t.request('POST', `${there}/read-state`, { auth: device, json: { employeeId, noteIds: [noteId], read: true } }),
    ];
    // Open, and the person may use kiosks: the other kiosk could clock them off, so it may annotate.
    for (const res of await Promise.all(attempts())) expect(res.status, res.text).toBe(200);
    // Kiosk access revoked while on shift: no kiosk can clock them off, so the other kiosk reaches nothing.
    const revoked = await t.request('POST', `${tenant.base}/employee/revokekioskaccess/${employeeId}`, { auth: tenant.manager.auth });
    expect(revoked.status, revoked.text).toBe(200);
    for (const res of await Promise.all(attempts())) expect(res.status, res.text).toBe(404);
    // The shift's own kiosk still reaches its notes.
    expect((await t.request('GET', `${tenant.kiosk}/shift/${shiftId}/notes`, { auth: tenant.manager.auth })).status).toBe(200);
  });
});
