/**
 * watchWrites is what the route fuzz and the authorization matrix trust to say "nothing was
 * written": it must see a write through the API, a write straight to the database and a delete,
 * and stay quiet for reads and rolled-back transactions.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTables, watchWrites, type WriteWatch } from './databaseState';
import { createTenant, type Tenant } from './fixtures';
import { startTestService, type TestService } from './testService';

let t: TestService;
let tenant: Tenant;
let writes: WriteWatch;

beforeAll(async () => {
  t = await startTestService();
  tenant = await createTenant(t);
  writes = await watchWrites(t.db, await listTables(t.db));
});
afterAll(() => t.close());

describe('watchWrites', () => {
  it('says nothing for reads', async () => {
    const res = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect(res.status).toBe(200);
    expect(await writes.written()).toEqual([]);
  });

  it('names the table an API write changed, once', async () => {
    const res = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name: 'Loading bay' } });
    expect(res.status).toBeLessThan(300);
    expect(await writes.written()).toContain('locations');
    expect(await writes.written()).toEqual([]);
  });

  it('sees an update and a delete made straight in the database', async () => {
    await t.db.execute(sql`update locations set name = 'Yard' where name = 'Loading bay'`);
    expect(await writes.written()).toEqual(['locations']);
    await t.db.execute(sql`delete from locations where name = 'Yard'`);
    expect(await writes.written()).toEqual(['locations']);
  });

  it('says nothing for a rolled-back write, which still takes a transaction id', async () => {
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update locations set name = name || ' (rolled back)'`);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect(await writes.written()).toEqual([]);
  });
});
