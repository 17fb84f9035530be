import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { effectiveMinimumRestMinutes, NO_BREAK_RULES } from '../domain/breakRules';
import { KioskDb } from './db';
import { breakRulesAt, POLICY_KEY, readKioskBreakRules } from './kioskBreakRules';

let counter = 0;
const freshDb = () => new KioskDb(`kiosk-break-rules-${(counter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });

describe("the business's break rules a kiosk keeps with its policy", () => {
  it("reads a policy cached before the business's own minimum rest existed as the profile's minimum", async () => {
    const db = freshDb();
    await db.meta.put({ key: POLICY_KEY, value: { longShiftMinutes: 600, breakRules: { profile: 'AU', blockShortRest: true } } });
    const rules = (await readKioskBreakRules(db)).business;
    expect(rules).toEqual({ profile: 'AU', blockShortRest: true });
    expect(effectiveMinimumRestMinutes(rules)).toBe(12 * 60);
  });

  it("reads the business's own minimum, and null as the profile's", async () => {
    const db = freshDb();
    await db.meta.put({ key: POLICY_KEY, value: { breakRules: { profile: 'AU', blockShortRest: false, minimumRestMinutes: 600 } } });
    expect(effectiveMinimumRestMinutes((await readKioskBreakRules(db)).business)).toBe(600);
    await db.meta.put({ key: POLICY_KEY, value: { breakRules: { profile: 'UK', blockShortRest: false, minimumRestMinutes: null } } });
    expect(effectiveMinimumRestMinutes((await readKioskBreakRules(db)).business)).toBe(11 * 60);
  });

  it("reads a location's own minimum rest with its override, and a cached override without one as its profile's", async () => {
    const db = freshDb();
    const locationRules = [
      { locationId: 4, breakRules: { profile: 'UK', blockShortRest: true, minimumRestMinutes: 540 }, attestations: null },
      { locationId: 5, breakRules: { profile: 'UK', blockShortRest: true }, attestations: null },
    ];
    await db.meta.put({ key: POLICY_KEY, value: { breakRules: { profile: 'AU', blockShortRest: false, minimumRestMinutes: 600 }, locationRules, locationParents: [] } });
    const rules = await readKioskBreakRules(db);
    expect(effectiveMinimumRestMinutes(breakRulesAt(rules, 4))).toBe(540);
    expect(effectiveMinimumRestMinutes(breakRulesAt(rules, 5))).toBe(11 * 60);
    expect(effectiveMinimumRestMinutes(breakRulesAt(rules, null))).toBe(600);
  });

  it('has no rules before the first policy, or from one it cannot read', async () => {
    const db = freshDb();
    expect((await readKioskBreakRules(db)).business).toEqual(NO_BREAK_RULES);
    await db.meta.put({ key: POLICY_KEY, value: { breakRules: { profile: 'AU', blockShortRest: false, minimumRestMinutes: 'ten hours' } } });
    expect((await readKioskBreakRules(db)).business).toEqual(NO_BREAK_RULES);
  });
});
