/**
 * What the photo retention job keeps about itself: every run (when, how many photos in all), and per
 * business the photos one run deleted and the cut-off it applied. Counts only, never an image: a
 * manager reads their business's part, an operator the runs.
 */
import { index, integer, pgTable, primaryKey, serial } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { businesses } from './businesses';

export const photoRetentionRuns = pgTable(
  'photo_retention_runs',
  {
    id: serial('id').primaryKey(),
    ranUtc: instant('ran_utc').notNull(),
    photosDeleted: integer('photos_deleted').notNull(),
  },
  (t) => [index('photo_retention_runs_ran_idx').on(t.ranUtc)],
);

export const photoDeletions = pgTable(
  'photo_deletions',
  {
    runId: integer('run_id').notNull().references(() => photoRetentionRuns.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    /** Photos taken before this instant were deleted (the business's retention at the run). */
    cutoffUtc: instant('cutoff_utc').notNull(),
    photosDeleted: integer('photos_deleted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.businessId] })],
);
