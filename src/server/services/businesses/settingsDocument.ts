/**
 * A business setting kept as one document (business_settings, one row per business and kind):
 * read and parsed with its wire schema on every read (a stored document that no longer fits is a
 * clear error, never trusted), a default until a manager saves one, and saved whole. Rounding
 * rules, break rules and attestation questions are all such documents; this is their one
 * read/parse/save, so each setting's module only names its kind, schema and default.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/openDatabase';
import { businessSettings } from '../../db/schema';

export interface SettingsDocument<T> {
  kind: string;
  /** The stored setting, or the default. */
  read: (db: Database, businessId: number) => Promise<T>;
  /** The setting of a stored document (undefined: none stored, so the default), for a caller that read it with others. */
  from: (model: unknown, businessId: number) => T;
  /** Replaces the stored setting. */
  save: (db: Database, businessId: number, value: T) => Promise<T>;
}

/** The read, parse and save of one kind of settings document; `name` words the error of a stored one that does not parse. */
export function settingsDocument<T>(kind: string, schema: z.ZodType<T>, fallback: T, name: string): SettingsDocument<T> {
  const from = (model: unknown, businessId: number): T => {
    if (model === undefined) return fallback;
    const parsed = schema.safeParse(model);
    if (!parsed.success) throw new Error(`Stored ${name} of business ${businessId} are not valid`);
    return parsed.data;
  };
  return {
    kind,
    from,
    read: async (db, businessId) => {
      const [row] = await db
        .select({ model: businessSettings.model })
        .from(businessSettings)
        .where(and(eq(businessSettings.businessId, businessId), eq(businessSettings.kind, kind)));
      return from(row?.model, businessId);
    },
    save: async (db, businessId, value) => {
      await db
        .insert(businessSettings)
        .values({ businessId, kind, model: value })
        .onConflictDoUpdate({ target: [businessSettings.businessId, businessSettings.kind], set: { model: value } });
      return value;
    },
  };
}
