/**
 * The punch journal: a per-business hash chain over the punches as they were received, so a punch
 * altered or removed in the database afterwards is found (services/journal/). Entries are only
 * ever inserted; nothing in the service updates or deletes them. The entry keeps its own copy of
 * the punch (its canonical JSON), so the punch row and its copy can be compared, and the chain
 * proves the copies were not changed either. A head row per business holds the last entry, so the
 * next entry is chained under that row's lock and two kiosks punching at once never fork it.
 * Hashes are lowercase hex text (the same on both drivers).
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt } from './columns';

/** Each business's last journal entry: its number and hash (the chain's head). */
export const punchJournalHeads = pgTable('punch_journal_heads', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});

/**
 * One entry per recorded punch. `punchId` has no foreign key on purpose: removing the punch must
 * leave its entry (that is how a removal is found), not take it along or be refused.
 */
export const punchJournal = pgTable(
  'punch_journal',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    punchId: integer('punch_id').notNull(),
    /** The punch as received, canonical JSON (RFC 8785). */
    payload: text('payload').notNull(),
    /** sha256(previous entry's hash bytes || sha256(payload)), hex; the first entry's previous hash is 32 zero bytes. */
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.seq] })],
);

/**
 * Where the journal began: punches with an id at or below `lastPunchIdBefore` were recorded
 * before it existed and are not covered (docs/punch-journal.md). One row, written by the migration.
 */
export const punchJournalOrigin = pgTable('punch_journal_origin', {
  id: integer('id').primaryKey().default(1),
  lastPunchIdBefore: integer('last_punch_id_before').notNull(),
  createdAt: createdAt(),
});

