/**
 * The photo retention job on the shared schedule (repeatingJob.ts): at start, then hourly, so a
 * photo is gone within an hour of its time. Each run is recorded in the database (counts per
 * business, services/photos/photoRetention.ts) and logged with its totals only.
 */
import type { Database } from '../db/openDatabase';
import type { Logger } from '../logger';
import { deleteExpiredPhotos, type RetentionRunResult } from '../services/photos/photoRetention';
import { startRepeatingJob, type RepeatingJob } from './repeatingJob';

const HOUR_MS = 60 * 60 * 1000;

export function startPhotoRetention(options: { db: Database; logger: Logger; now: () => Date; manual?: boolean }): RepeatingJob<RetentionRunResult> {
  const { db, logger, now } = options;
  return startRepeatingJob({
    name: 'photo retention',
    intervalMs: HOUR_MS,
    logger,
    ...(options.manual ? { manual: true } : {}),
    run: () => deleteExpiredPhotos(db, now()),
    report(result) {
      const fields = { photosDeleted: result.photosDeleted, businesses: result.businesses };
      if (result.photosDeleted > 0) logger.info('photo retention', fields);
      else logger.debug('photo retention', fields);
    },
  });
}
