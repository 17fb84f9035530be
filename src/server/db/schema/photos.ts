/**
 * What the photo retention job keeps about itself: every run (when, how many photos in all), and per
 * business the photos one run deleted and the cut-off it applied. Counts only, never an image: a
 * manager reads their business's part, an operator the runs. Beside it, who has acknowledged the
 * business's photo notice (asked once per person, on whichever tablet takes their first photo).
 */
import { index, integer, pgTable, primaryKey, serial } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { businesses } from './businesses';
import { employees } from './employees';
import { kiosks } from './kiosks';

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

/**
 * A person's acknowledgement of the business's photo notice, kept once (the first one that reached
 * the service), so no other tablet asks them again. Goes with the person.
 */
export const photoNoticeAcknowledgements = pgTable(
  'photo_notice_acknowledgements',
  {
    employeeId: integer('employee_id')
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    /** Where they acknowledged it (a kiosk deleted later leaves the acknowledgement standing). */
    kioskId: integer('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    /** When the person tapped it, by the tablet's corrected clock (it may have been offline). */
    acknowledgedUtc: instant('acknowledged_utc').notNull(),
    receivedUtc: instant('received_utc').notNull(),
  },
  (t) => [index('photo_notice_acknowledgements_business_idx').on(t.businessId)],
);
