/**
 * A new person's first PIN against the employee number they are given: the number is only known
 * once the row exists, so the check runs inside the creating transaction and a refusal leaves
 * nobody behind. (The API answers for every other rule are in routes/kiosk/staff.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/apiError';
import { employees } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';
import { createWithFirstPin } from './newPinRule';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/** An employee number far above anything the tests create, so it is free. */
const FREE_ID = 90_482_173;

const insertWithId = (businessId: number, id: number) => async (tx: typeof t.db) => {
  const [row] = await tx.insert(employees).values({ id, businessId, firstName: 'Noor', surname: 'Haddad' }).returning({ id: employees.id });
  if (!row) throw new Error('no row');
  return row;
};

describe('createWithFirstPin', () => {
  it('refuses a first PIN that is the new employee number, and keeps nobody', async () => {
    const tenant = await createTenant(t);
    const refused = await createWithFirstPin(t.db, String(FREE_ID), 'pin', insertWithId(tenant.businessId, FREE_ID)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'pin-too-simple' });
    expect(await t.db.select().from(employees).where(eq(employees.id, FREE_ID))).toEqual([]);
  });

  it('refuses a guessable PIN before anything is written, and creates with a good one', async () => {
    const tenant = await createTenant(t);
    let created = false;
    const refused = await createWithFirstPin(t.db, '1234', 'pin', () => {
      created = true;
      return Promise.resolve({ id: 1 });
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, code: 'pin-too-simple' });
    expect(created).toBe(false);
    const row = await createWithFirstPin(t.db, '4826', 'pin', insertWithId(tenant.businessId, FREE_ID + 1));
    expect(row.id).toBe(FREE_ID + 1);
    await t.db.delete(employees).where(eq(employees.id, FREE_ID + 1));
  });
});
