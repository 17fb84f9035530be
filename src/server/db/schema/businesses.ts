/** Businesses and their settings documents: the root every other table hangs off. */
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WrittenWording } from '../../../domain/attestations';
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

/**
 * A business's own wording of its questions at clock-off: one row per version, inserted and never
 * updated, so an answer given under any version can be read back in the words shown. The unique
 * index makes two managers saving at once take different versions, never the same one twice.
 */
export const attestationWordings = pgTable(
  'attestation_wordings',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    version: integer('version').notNull(),
    basedOn: integer('based_on').notNull(),
    text: text('text').notNull(),
    answers: jsonb('answers').$type<WrittenWording['answers']>().notNull(),
    principal: text('principal').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attestation_wordings_version').on(t.businessId, t.question, t.version)],
);
