/**
 * Column helpers every table file shares: instants, CHECKs from the domain's lists, byte strings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { customType, integer, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const intArray = (name: string) => integer(name).array().notNull().default(sql`'{}'::integer[]`);
/**
 * A CHECK that the column holds one of the domain's values: the database says which states exist,
 * from the same list the code uses (the values are identifiers, so they are inlined as literals).
 */
export const oneOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
