/**
 * A business's own wording of its questions at clock-off, through the real app and database: each
 * edit is a new version and the old one is kept; kiosks receive the current version with their
 * policy; an answer under an old version is still accepted and read back (list, web hook event,
 * CSV export) in the words the person was shown, and keeps its meaning (a missed break flags the
 * line); a version the business never had is refused in words; hostile or malformed wording and
 * callers outside their scope are refused, and nothing is written for them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttestationModel, AttestationWordingModel } from '../../../contract/supporting/attestations';
import { DeviceIdentityModel } from '../../../contract/supporting/devices';
import { attestationWordings, shiftAttestations, timesheetLines, webhookEvents } from '../../db/schema';
import { readWrittenWordings } from '../../services/businesses/attestationWording';
import { addRestrictedUser, createTenant, enrolDeviceAuth } from '../../testing/fixtures';
import { insertRegistration } from '../../testing/webhookFixture';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const START = '2026-06-04T08:00:00Z';
const END = '2026-06-04T16:00:00Z';

const mealWording = (text: string, notAble = 'No, too busy') => ({
  question: 'MealBreak',
  text,
  answers: [
    { answer: 'Yes', text: 'Yes, I had lunch' },
    { answer: 'NotAble', text: notAble },
    { answer: 'ChoseToSkip', text: 'No, my choice' },
  ],
});

async function fixture() {
  const tenant = await createTenant(t);
  const auth = tenant.manager.auth;
  const device = await enrolDeviceAuth(t, tenant);
  const employeeId = tenant.employees[0]!.id;
  const write = (json: unknown, as = auth) => t.request('POST', `${tenant.base}/attestationwording`, { auth: as, json });
  const list = async () => {
    const res = await t.request('GET', `${tenant.base}/attestationwording`, { auth });
    expect(res.status, res.text).toBe(200);
    return AttestationWordingModel.array().parse(res.body);
  };
  const punch = async (op: string, at: string, key = randomUUID()) => {
    t.clock.set(at);
    const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth: device, json: { employeeId, recordedTimeUtc: at }, headers: { 'idempotency-key': key } });
    expect(res.status, `${op}: ${res.text}`).toBe(200);
    return res.body as { currentShiftId: number | null };
  };
  /** A shift clocked on and off, and the answers sent after its clock-off. */
  const attest = async (on: string, off: string, answers: unknown[]) => {
    const shiftId = (await punch('clockon', on)).currentShiftId!;
    const punchKey = randomUUID();
    await punch('clockoff', off, punchKey);
    const res = await t.request('POST', `${tenant.kiosk}/attestations`, {
      auth: device,
      json: { employeeId, punchKey, clockOffRecordedTimeUtc: off, answers },
      headers: { 'idempotency-key': randomUUID() },
    });
    return { shiftId, res };
  };
  return { tenant, auth, device, employeeId, write, list, attest };
}

describe("a business's own wording", () => {
  it('is the built-in wording until a manager writes one; each edit is a new version, the old kept, the latest sent to kiosks', async () => {
    const f = await fixture();
    expect(await f.list()).toEqual([]);
    const before = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: f.device })).body);
    expect(before.policy.attestationWording).toEqual([]);

    const first = await f.write(mealWording('  Lunch taken?  '));
    expect(first.status, first.text).toBe(200);
    expect(AttestationWordingModel.parse(first.body)).toMatchObject({ question: 'MealBreak', version: 2, basedOn: 1, text: 'Lunch taken?' });
    // Answers given in another order are kept in the built-in order.
    const reordered = { ...mealWording('Did you take your lunch?'), answers: [...mealWording('x').answers].reverse() };
    const second = await f.write(reordered);
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ version: 3, answers: mealWording('x').answers });

    const all = await f.list();
    expect(all.map((w) => [w.question, w.version, w.text])).toEqual([
      ['MealBreak', 2, 'Lunch taken?'],
      ['MealBreak', 3, 'Did you take your lunch?'],
    ]);
    const policy = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: f.device })).body).policy;
    expect(policy.attestationWording.map((w) => [w.question, w.version, w.text])).toEqual([['MealBreak', 3, 'Did you take your lunch?']]);
  });

  it('two managers saving at once take different versions, never the same one', async () => {
    const f = await fixture();
    const results = await Promise.all([f.write(mealWording('One?')), f.write(mealWording('Two?')), f.write(mealWording('Three?'))]);
    for (const res of results) expect(res.status, res.text).toBe(200);
    expect((await f.list()).map((w) => w.version)).toEqual([2, 3, 4]);
  });

  it('reads an answer under an old version back in its words after a newer one exists, and a missed break still flags the line', async () => {
    const f = await fixture();
    await insertRegistration(t, f.tenant, { filters: ['ShiftAttested'] });
    expect((await f.write(mealWording('Lunch taken?', 'No, too busy'))).status).toBe(200);
    expect((await f.write(mealWording('Did you take your lunch?', 'No, I could not'))).status).toBe(200);

    // A kiosk offline since the first edit asked version 2.
    const { shiftId, res } = await f.attest(START, END, [
      { question: 'MealBreak', version: 2, answer: 'NotAble' },
      { question: 'Injury', version: 1, answer: 'NoInjury' },
    ]);
    expect(res.status, res.text).toBe(200);
    const attestation = AttestationModel.parse(res.body);
    expect(attestation.reportsMissedBreak).toBe(true);
    expect(attestation.answers).toEqual([
      { question: 'MealBreak', version: 2, answer: 'NotAble', questionText: 'Lunch taken?', answerText: 'No, too busy' },
      { question: 'Injury', version: 1, answer: 'NoInjury' },
    ]);
    const listed = AttestationModel.array().parse((await t.request('GET', `${f.tenant.base}/attestations`, { auth: f.auth })).body);
    expect(listed[0]?.answers[0]).toMatchObject({ version: 2, questionText: 'Lunch taken?', answerText: 'No, too busy' });
    const [event] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.businessId, f.tenant.businessId));
    expect(event?.data).toMatchObject({ attestation: { answers: [{ version: 2, questionText: 'Lunch taken?', answerText: 'No, too busy' }, { version: 1 }] } });

    const [line] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.clockShiftId, shiftId));
    await t.db.update(timesheetLines).set({ status: 'Approved' }).where(eq(timesheetLines.id, line!.id));
    const csv = await t.request('GET', `${f.tenant.base}/timesheet/export?FromDate=2026-06-04&ToDate=2026-06-04`, { auth: f.auth });
    expect(csv.status, csv.text).toBe(200);
    const row = csv.text.trim().split('\r\n')[1]!;
    expect(row.endsWith(',"MealBreak v2 (Lunch taken?): NotAble (No, too busy); Injury v1: NoInjury"')).toBe(true);
  });

  it('refuses, in words, an answer to a version the business never had, and keeps nothing', async () => {
    const f = await fixture();
    const unknown = await f.attest(START, END, [{ question: 'MealBreak', version: 2, answer: 'Yes' }]);
    expect(unknown.res.status, unknown.res.text).toBe(400);
    expect(unknown.res.text).toMatch(/MealBreak has no version 2/);
    // Another business's version is not this one's.
    const other = await fixture();
    expect((await other.write(mealWording('Lunch?'))).status).toBe(200);
    const again = await f.attest('2026-06-05T08:00:00Z', '2026-06-05T16:00:00Z', [{ question: 'MealBreak', version: 2, answer: 'Yes' }]);
    expect(again.res.status, again.res.text).toBe(400);
    expect(await t.db.select().from(shiftAttestations).where(eq(shiftAttestations.businessId, f.tenant.businessId))).toEqual([]);
  });

  it('refuses hostile or malformed wording, and writes nothing', async () => {
    const f = await fixture();
    const answers = mealWording('x').answers;
    const cases: [unknown, RegExp][] = [
      [{ ...mealWording('   ') }, /blank/],
      [{ ...mealWording('') }, /blank/],
      [{ ...mealWording('a'.repeat(201)) }, /at most 200/],
      [{ ...mealWording('Lunch?\nor not'), }, /one line/],
      [{ ...mealWording('Lunch?\u202Etxt') }, /one line/],
      [{ ...mealWording('Lunch?\u0000') }, /NUL|one line/],
      [{ ...mealWording('Lunch?'), answers: [{ answer: 'Yes', text: 'b'.repeat(101) }, ...answers.slice(1)] }, /at most 100/],
      [{ ...mealWording('Lunch?'), answers: [{ answer: 'Yes', text: ' ' }, ...answers.slice(1)] }, /blank/],
      [{ ...mealWording('Lunch?'), answers: answers.slice(1) }, /exactly these answers/],
      [{ ...mealWording('Lunch?'), answers: [...answers, answers[0]] }, /exactly these answers/],
      [{ ...mealWording('Lunch?'), answers: [answers[0], answers[1], { answer: 'Injured', text: 'Hurt' }] }, /exactly these answers/],
      [{ ...mealWording('Lunch?'), question: 'Lunch' }, /question/],
      [{ ...mealWording('Lunch?'), version: 7 }, /version|unrecognized/i],
      [{ ...mealWording('Lunch?'), text: 42 }, /string/],
      [[mealWording('Lunch?')], /object/],
    ];
    for (const [json, message] of cases) {
      const res = await f.write(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.text, JSON.stringify(json)).toMatch(message);
    }
    expect(await t.db.select().from(attestationWordings).where(eq(attestationWordings.businessId, f.tenant.businessId))).toEqual([]);
  });

  it('refuses callers outside their scope: a restricted user, a kiosk device, another business, nobody', async () => {
    const f = await fixture();
    const other = await fixture();
    const restricted = await addRestrictedUser(t, f.tenant, [f.tenant.kioskId]);
    expect((await f.write(mealWording('Lunch?'), restricted.auth)).status).toBe(403);
    expect((await f.write(mealWording('Lunch?'), f.device)).status).toBe(403);
    // Another business's manager is told nothing about this one (404, as for every business route).
    expect((await f.write(mealWording('Lunch?'), other.auth)).status).toBe(404);
    const nobody = await t.request('POST', `${f.tenant.base}/attestationwording`, { json: mealWording('Lunch?') });
    expect(nobody.status).toBe(401);
    expect((await t.request('GET', `${f.tenant.base}/attestationwording`, { auth: other.auth })).status).toBe(404);
    expect(await t.db.select().from(attestationWordings).where(eq(attestationWordings.businessId, f.tenant.businessId))).toEqual([]);
  });

  it('says which stored wording is damaged instead of passing it on', async () => {
    const f = await fixture();
    expect((await f.write(mealWording('Lunch?'))).status).toBe(200);
    const [written] = await t.db.select().from(attestationWordings).where(eq(attestationWordings.businessId, f.tenant.businessId));
    if (!written) throw new Error('no wording stored');
    await t.db.update(attestationWordings).set({ text: '' }).where(eq(attestationWordings.businessId, f.tenant.businessId));
    await expect(readWrittenWordings(t.db, f.tenant.businessId)).rejects.toThrow(`Stored attestation wording ${written.id} of business ${f.tenant.businessId} is not valid`);
    expect((await t.request('GET', `${f.tenant.base}/attestationwording`, { auth: f.auth })).status).toBe(500);
  });
});
