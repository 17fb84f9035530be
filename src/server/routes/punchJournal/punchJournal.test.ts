/**
 * The punch journal through the real app and database: every live punch and every punch of a
 * complete shift gets one entry, a replayed punch (same Idempotency-Key) none; kiosks punching at
 * once for one business never fork or break the chain; and the verify route names the first entry
 * whose punch was changed or removed directly in the database, or whose entry was; the copy keeps
 * the photo's link and the photo exemption (a photo deleted stays verifiable, a link altered does
 * not), and entries written in the first version, without them, still verify.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalReportModel } from '../../../contract/supporting/punchJournal';
import { punchJournal, punchJournalHeads, punches } from '../../db/schema';
import { entryHash, GENESIS_HASH, punchPayload } from '../../services/journal/journalPayload';
import { verifyAllJournals } from '../../services/journal/journalReport';
import { addKiosk, createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function verify(tenant: Tenant): Promise<JournalReportModel> {
  const res = await t.request('GET', `${tenant.base}/punchjournal/verify`, { auth: tenant.manager.auth });
  expect(res.status, res.text).toBe(200);
  return res.body as JournalReportModel;
}

function punch(tenant: Tenant, auth: string, op: string, employeeId: number, key: string | null = randomUUID(), kiosk = tenant.kiosk) {
  return t.request('POST', `${kiosk}/${op}`, { auth, json: { employeeId }, headers: key ? { 'idempotency-key': key } : {} });
}

const entriesOf = (tenant: Tenant) => t.db.select().from(punchJournal).where(eq(punchJournal.businessId, tenant.businessId)).orderBy(asc(punchJournal.seq));

describe('the punch journal', () => {
  it('chains every punch once, answers its entry, and a replay adds none', async () => {
    t.clock.set('2026-06-01T07:00:00Z');
    const tenant = await createTenant(t, { employees: 2 });
    const device = await enrolDeviceAuth(t, tenant);
    const [a, b] = tenant.employees.map((e) => e.id) as [number, number];
    const key = randomUUID();
    const on = await punch(tenant, device, 'clockon', a, key);
    expect(on.status, on.text).toBe(200);
    const replay = await punch(tenant, device, 'clockon', a, key);
    expect(replay.status, replay.text).toBe(200);
    // Without a key (the write runs at once) and by a manager (in a transaction) too.
    const plain = await punch(tenant, device, 'clockon', b, null);
    expect(plain.status, plain.text).toBe(200);
    t.clock.set('2026-06-01T15:00:00Z');
    const off = await punch(tenant, tenant.manager.auth, 'clockoff', a);
    expect(off.status, off.text).toBe(200);

    const entries = await entriesOf(tenant);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    const stored = await t.db.select().from(punches).where(eq(punches.businessId, tenant.businessId)).orderBy(asc(punches.id));
    expect(entries.map((e) => e.punchId)).toEqual(stored.map((p) => p.id));
    // The chain as the verifier recomputes it, from the genesis hash.
    let previous = GENESIS_HASH;
    for (const entry of entries) {
      expect(entry.hash).toBe(entryHash(previous, entry.payload));
      previous = entry.hash;
    }
    expect(JSON.parse(entries[0]!.payload)).toMatchObject({ employeeId: a, kind: 'clockOn', timeOfRecordUtc: '2026-06-01T07:00:00.000Z' });
    expect([on, plain, off].map((r) => r.headers.get('journal-entry'))).toEqual(entries.map((e) => `${e.seq}:${e.hash}`));

    const report = await verify(tenant);
    expect(report).toMatchObject({ intact: true, entries: 3, problemCount: 0, firstProblem: null, punchesBeforeJournal: 0 });
    expect(report.head).toEqual({ seq: 3, hash: previous, code: `3-${previous.slice(0, 8).toUpperCase()}` });
  });

  it('chains the punches of a complete shift in order', async () => {
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    t.clock.set('2026-06-02T18:00:00Z');
    const json = {
      employeeId,
      recordedStartTimeUtc: '2026-06-02T08:00:00Z',
      recordedEndTimeUtc: '2026-06-02T16:00:00Z',
      breaks: [{ start: { recordedTimeUtc: '2026-06-02T12:00:00Z' }, end: { recordedTimeUtc: '2026-06-02T12:30:00Z' } }],
    };
    const res = await t.request('POST', `${tenant.kiosk}/addshift`, { auth: tenant.manager.auth, json });
    expect(res.status, res.text).toBe(200);
    t.clock.set('2026-06-03T08:00:00Z');
    expect((await punch(tenant, tenant.manager.auth, 'clockon', employeeId)).status).toBe(200);
    const entries = await entriesOf(tenant);
    expect(entries.map((e) => (JSON.parse(e.payload) as { kind: string }).kind)).toEqual(['clockOn', 'startBreak', 'endBreak', 'clockOff', 'clockOn']);
    expect(await verify(tenant)).toMatchObject({ intact: true, entries: 5 });
  });

  it('never forks when kiosks punch at once for one business', async () => {
    t.clock.set('2026-06-04T07:00:00Z');
    const tenant = await createTenant(t, { employees: 12 });
    const second = await addKiosk(t, tenant, 'Back door');
    const devices = [await enrolDeviceAuth(t, tenant), await enrolDeviceAuth(t, tenant, second)];
    const kiosks = [tenant.kiosk, `${tenant.base}/kiosk/${second}`];
    const sent = await Promise.all(
      tenant.employees.map((e, i) => punch(tenant, devices[i % 2]!, 'clockon', e.id, i % 3 === 0 ? null : randomUUID(), kiosks[i % 2])),
    );
    for (const res of sent) expect(res.status, res.text).toBe(200);
    const entries = await entriesOf(tenant);
    expect(entries.map((e) => e.seq)).toEqual(tenant.employees.map((_, i) => i + 1));
    expect(new Set(entries.map((e) => e.punchId)).size).toBe(tenant.employees.length);
    expect(new Set(sent.map((r) => r.headers.get('journal-entry'))).size).toBe(tenant.employees.length);
    expect(await verify(tenant)).toMatchObject({ intact: true, entries: tenant.employees.length });
  });

  describe('tampering found by the verify route', () => {
    let tenant: Tenant;
    let untouched: Tenant;
    beforeAll(async () => {
      t.clock.set('2026-06-05T07:00:00Z');
      untouched = await createTenant(t, { employees: 1 });
      expect((await punch(untouched, untouched.manager.auth, 'clockon', untouched.employees[0]!.id)).status).toBe(200);
      tenant = await createTenant(t, { employees: 3 });
      for (const e of tenant.employees) expect((await punch(tenant, tenant.manager.auth, 'clockon', e.id)).status).toBe(200);
      t.clock.set('2026-06-05T15:00:00Z');
      for (const e of tenant.employees) expect((await punch(tenant, tenant.manager.auth, 'clockoff', e.id)).status).toBe(200);
      expect(await verify(tenant)).toMatchObject({ intact: true, entries: 6 });
    });

    it('names a punch altered directly in the database, and the field', async () => {
      const [, second] = await entriesOf(tenant);
      await t.db.execute(sql`update punches set time_of_record_utc = time_of_record_utc + interval '1 hour' where id = ${second!.punchId}`);
      const report = await verify(tenant);
      expect(report).toMatchObject({ intact: false, problemCount: 1 });
      expect(report.firstProblem).toMatchObject({ kind: 'punchChanged', seq: 2, punchId: second!.punchId, fields: ['timeOfRecordUtc'] });
      await t.db.execute(sql`update punches set time_of_record_utc = time_of_record_utc - interval '1 hour' where id = ${second!.punchId}`);
      expect(await verify(tenant)).toMatchObject({ intact: true });
    });

    it('names a punch deleted directly in the database', async () => {
      const entries = await entriesOf(tenant);
      const fifth = entries[4]!;
      await t.db.execute(sql`delete from punches where id = ${fifth.punchId}`);
      const report = await verify(tenant);
      expect(report.firstProblem).toMatchObject({ kind: 'punchRemoved', seq: 5, punchId: fifth.punchId });
      expect(report.intact).toBe(false);
    });

    it("names an entry whose copy was rewritten to match a changed punch, and removed entries", async () => {
      const entries = await entriesOf(tenant);
      const third = entries[2]!;
      const forged = third.payload.replace('"kind":"clockOn"', '"kind":"startBreak"');
      expect(forged).not.toBe(third.payload);
      await t.db.execute(sql`update punches set kind = 'startBreak' where id = ${third.punchId}`);
      await t.db.execute(sql`update punch_journal set payload = ${forged} where business_id = ${tenant.businessId} and seq = 3`);
      const report = await verify(tenant);
      expect(report.firstProblem).toMatchObject({ kind: 'entryChanged', seq: 3 });

      await t.db.execute(sql`delete from punch_journal where business_id = ${tenant.businessId} and seq = 6`);
      const truncated = await verify(tenant);
      expect(truncated.problems.map((p) => [p.kind, p.seq])).toContainEqual(['entryMissing', 6]);

      // What `npm run verify-journal` prints for the business, and that it fails.
      const printed = await verifyAllJournals(t.db, tenant.businessId);
      expect(printed.intact).toBe(false);
      expect(printed.lines[1]).toBe(`  First: entry 3: ${truncated.firstProblem!.message}`);
      expect(await verifyAllJournals(t.db, untouched.businessId)).toMatchObject({ intact: true, lines: [expect.stringMatching(/: intact, 1 entries, last entry 1-[0-9A-F]{8}$/)] });
    });
  });

  describe('the photo link and the photo exemption', () => {
    /** A tiny valid JPEG (the magic number and an end marker). */
    const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x01, 0xff, 0xd9]).toString('base64');
    let tenant: Tenant;
    beforeAll(async () => {
      t.clock.set('2026-06-06T07:00:00Z');
      tenant = await createTenant(t, { employees: 2 });
      const [a, b] = tenant.employees.map((e) => e.id) as [number, number];
      for (const employeeId of [a, b]) {
        const res = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId, image: JPEG }, headers: { 'idempotency-key': randomUUID() } });
        expect(res.status, res.text).toBe(200);
      }
    });

    const punchOf = async (seq: number) => {
      const entry = (await entriesOf(tenant))[seq - 1]!;
      const [row] = await t.db.select().from(punches).where(eq(punches.id, entry.punchId));
      return { entry, row: row! };
    };

    it('keeps both in the copy, as the punch was received', async () => {
      const { entry, row } = await punchOf(1);
      expect(row.photoId).not.toBeNull();
      expect(JSON.parse(entry.payload)).toMatchObject({ v: 2, photoId: row.photoId, photoExempt: false });
      expect(await verify(tenant)).toMatchObject({ intact: true, entries: 2 });
    });

    it('names the entry whose photo exemption was altered directly in the database', async () => {
      const { entry } = await punchOf(2);
      await t.db.execute(sql`update punches set photo_exempt = true where id = ${entry.punchId}`);
      const report = await verify(tenant);
      expect(report).toMatchObject({ intact: false, problemCount: 1 });
      expect(report.firstProblem).toMatchObject({ kind: 'punchChanged', seq: 2, punchId: entry.punchId, fields: ['photoExempt'] });
      await t.db.execute(sql`update punches set photo_exempt = false where id = ${entry.punchId}`);
      expect(await verify(tenant)).toMatchObject({ intact: true });
    });

    it('names the entry whose photo link was swapped, or emptied while the photo is stored', async () => {
      const first = await punchOf(1);
      const second = await punchOf(2);
      await t.db.execute(sql`update punches set photo_id = ${second.row.photoId} where id = ${first.row.id}`);
      const swapped = await verify(tenant);
      expect(swapped.firstProblem).toMatchObject({ kind: 'punchChanged', seq: 1, punchId: first.row.id, fields: ['photoId'] });
      await t.db.execute(sql`update punches set photo_id = null where id = ${first.row.id}`);
      const emptied = await verify(tenant);
      expect(emptied).toMatchObject({ intact: false, problemCount: 1 });
      expect(emptied.firstProblem).toMatchObject({ kind: 'punchChanged', seq: 1, punchId: first.row.id, fields: ['photoId'] });
      await t.db.execute(sql`update punches set photo_id = ${first.row.photoId} where id = ${first.row.id}`);
      expect(await verify(tenant)).toMatchObject({ intact: true });
    });

    it("stays intact when a person's photos are deleted (the link goes with the photo)", async () => {
      const { row } = await punchOf(1);
      const erased = await t.request('DELETE', `${tenant.base}/employee/${row.employeeId}/photos`, { auth: tenant.manager.auth });
      expect(erased.status, erased.text).toBe(200);
      const [after] = await t.db.select().from(punches).where(eq(punches.id, row.id));
      expect(after?.photoId).toBeNull();
      expect(await verify(tenant)).toMatchObject({ intact: true, entries: 2 });
    });
  });

  it('still verifies entries written before the copy kept the photo link, in their own version', async () => {
    t.clock.set('2026-06-07T07:00:00Z');
    const tenant = await createTenant(t, { employees: 2 });
    for (const e of tenant.employees) expect((await punch(tenant, tenant.manager.auth, 'clockon', e.id)).status).toBe(200);
    // The chain as the first version wrote it: copies without `v`, the photo link or the exemption.
    const rows = await t.db.select().from(punches).where(eq(punches.businessId, tenant.businessId)).orderBy(asc(punches.id));
    let previous = GENESIS_HASH;
    for (const [i, { id, ...values }] of rows.entries()) {
      const payload = punchPayload(values, 1);
      expect(JSON.parse(payload)).not.toHaveProperty('photoExempt');
      previous = entryHash(previous, payload);
      await t.db.update(punchJournal).set({ payload, hash: previous }).where(and(eq(punchJournal.businessId, tenant.businessId), eq(punchJournal.seq, i + 1), eq(punchJournal.punchId, id)));
    }
    await t.db.update(punchJournalHeads).set({ hash: previous }).where(eq(punchJournalHeads.businessId, tenant.businessId));
    expect(await verify(tenant)).toMatchObject({ intact: true, entries: 2 });

    // A later punch is written in the current version and chains on from the old entries.
    t.clock.set('2026-06-07T15:00:00Z');
    expect((await punch(tenant, tenant.manager.auth, 'clockoff', tenant.employees[0]!.id)).status).toBe(200);
    const entries = await entriesOf(tenant);
    expect(entries.map((e) => (JSON.parse(e.payload) as { v?: number }).v)).toEqual([undefined, undefined, 2]);
    expect(await verify(tenant)).toMatchObject({ intact: true, entries: 3 });

    // An old entry's punch altered in a field its version kept is still named.
    await t.db.execute(sql`update punches set kind = 'startBreak' where id = ${entries[1]!.punchId}`);
    expect((await verify(tenant)).firstProblem).toMatchObject({ kind: 'punchChanged', seq: 2, fields: ['kind'] });
  });
});
