/**
 * The receipt's punch-journal code, read where the receipt is: kept out of the first screen's
 * JavaScript (the names need none of it).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KioskDb } from '../../../offline/db';
import { readJournalCode } from '../../../offline/journalCodes';

/** The journal code of the punch queued as `entryId` once the service answered it (offline/journalCodes.ts), else null. */
export function useJournalCode(db: KioskDb, entryId: string | null): string | null {
  return useLiveQuery(() => (entryId ? readJournalCode(db, entryId) : null), [db, entryId]) ?? null;
}
