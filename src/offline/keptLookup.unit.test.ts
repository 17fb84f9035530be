/**
 * The kiosk's kept pick-lists: an AU business's lookupdata keeps its award
 * classifications on the tablet, so the options step offers them offline too; a UK one's has none.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { KioskDb } from './db';
import { readKeptLookup } from './refreshKioskData';

let counter = 0;
const freshDb = () => new KioskDb(`kept-lookup-${(counter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });

const uk = {
  locations: [{ id: 1, description: 'Shop' }],
  workTypes: [],
  defaultLocation: { id: 1, description: 'Shop' },
  shiftConditions: [],
  locationShiftConditions: [],
  reportingDimensionsEnabled: false,
  reportingDimensionGroups: [],
  reportingDimensionValues: [],
};

describe('kept lookup data', () => {
  it("keeps an AU business's classifications, and reads a UK one without them", async () => {
    const db = freshDb();
    const now = new Date('2026-07-06T08:00:00Z');
    await db.lookups.put({ employeeId: 7, data: { ...uk, classifications: [{ id: 3, description: 'Level 2' }] }, refreshedAt: now.toISOString() });
    await db.lookups.put({ employeeId: 8, data: uk, refreshedAt: now.toISOString() });
    expect((await readKeptLookup(db, 7, now))?.data.classifications).toEqual([{ id: 3, description: 'Level 2' }]);
    const plain = await readKeptLookup(db, 8, now);
    expect(plain?.data.locations).toEqual(uk.locations);
    expect(plain?.data.classifications).toBeUndefined();
  });
});
