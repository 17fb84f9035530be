/** Businesses and their settings documents: the root every other table hangs off. */
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const businesses = pgTable('businesses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  externalId: text('external_id'),
  ianaTimeZone: text('iana_time_zone').notNull(),
  smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(false),
  /** ISO 3166-1 alpha-2; selects the regional models (domain/regions.ts: AU, NZ, SG, MY; else UK). */
  country: text('country').notNull().default('GB'),
  createdAt: createdAt(),
});

/** Per-business settings documents (employee portal, timesheet settings), kept as the model. */
export const businessSettings = pgTable(
  'business_settings',
  {
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    model: jsonb('model').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.kind] })],
);
