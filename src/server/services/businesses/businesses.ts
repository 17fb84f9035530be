/** Loading a business (its zone and switches steer kiosks, resets and timesheets). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { businesses } from '../../db/schema';
import { notFound } from '../../errors/apiError';

export type BusinessRow = typeof businesses.$inferSelect;

export async function loadBusiness(db: Database, businessId: number): Promise<BusinessRow> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound(`Business ${businessId}`);
  return row;
}
