/**
 * Creating the records everything else hangs off: users, businesses (with their owner's access and
 * default settings), API keys and employees. Used by the routes, the demo seed and test fixtures,
 * so all three create the same, complete records.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { apiKeys, businessAccess, businesses, employees, users } from '../../db/schema';
import { normaliseEmail } from '../../auth/normaliseEmail';
import { hashSecret, newToken, digest, TOKEN_PREFIX } from '../../auth/secrets';
import { accessModel } from '../access/accessModels';
import { writeDefaultSettings } from './settings';
import { clearSignInLockout } from '../access/signInLockouts';

export type UserRow = typeof users.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A plausible e-mail address for an employee: something@something.something, no spaces. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** Creates a user, or returns the existing one with that e-mail (setting the password if given). */
export async function ensureUser(db: Database, input: { email: string; name: string; password?: string }): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const passwordHash = input.password ? await hashSecret(input.password) : undefined;
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) {
    if (!passwordHash) return existing;
    const [updated] = await db.update(users).set({ passwordHash }).where(eq(users.id, existing.id)).returning();
    await clearSignInLockout(db, email);
    return updated ?? existing;
  }
  const [created] = await db.insert(users).values({ email, name: input.name, passwordHash: passwordHash ?? null }).returning();
  if (!created) throw new Error('insert returned no user');
  return created;
}

export async function createBusiness(
  db: Database,
  input: { name: string; ianaTimeZone: string; externalId?: string | null; smsNotificationsEnabled?: boolean; country?: string; owner: UserRow },
) {
  const [business] = await db
    .insert(businesses)
    .values({
      name: input.name,
      ianaTimeZone: input.ianaTimeZone,
      externalId: input.externalId ?? null,
      smsNotificationsEnabled: input.smsNotificationsEnabled ?? false,
      ...(input.country ? { country: input.country } : {}),
    })
    .returning();
  if (!business) throw new Error('insert returned no business');
  await db.insert(businessAccess).values({
    businessId: business.id,
    userId: input.owner.id,
    accessType: 'Unrestricted',
    model: accessModel(input.owner.name, input.owner.email, 'Unrestricted'),
  });
  await writeDefaultSettings(db, business.id);
  return business;
}

/** Issues a new API key for a user and returns it; only its digest is stored. */
export async function issueApiKey(db: Database, userId: number, label: string): Promise<string> {
  const key = newToken(TOKEN_PREFIX.apiKey);
  await db.insert(apiKeys).values({ userId, keyHash: digest(key), label });
  return key;
}

export interface NewEmployee {
  firstName: string;
  surname: string;
  email?: string | null;
  mobilePhone?: string | null;
  externalId?: string | null;
  startDate?: Date | null;
  endDate?: Date | null;
  pin?: string | null;
  isKioskEnabled?: boolean;
  locationIds?: number[];
  workTypeIds?: number[];
  details?: Record<string, unknown>;
}

/** Creates an employee. The PIN, when given, must already satisfy the PIN policy. */
export async function createEmployee(db: Database, businessId: number, input: NewEmployee): Promise<EmployeeRow> {
  const [row] = await db
    .insert(employees)
    .values({
      businessId,
      firstName: input.firstName,
      surname: input.surname,
      email: input.email ?? null,
      mobilePhone: input.mobilePhone ?? null,
      externalId: input.externalId ?? null,
      startDate: input.startDate ?? null,
      endDate: input.endDate ?? null,
      pinHash: input.pin ? await hashSecret(input.pin) : null,
      isKioskEnabled: input.isKioskEnabled ?? false,
      locationIds: input.locationIds ?? [],
      workTypeIds: input.workTypeIds ?? [],
      details: input.details ?? {},
    })
    .returning();
  if (!row) throw new Error('insert returned no employee');
  return row;
}
