/** The page's one handle on the kiosk's IndexedDB database. */
import { openKioskDb, type KioskDb } from '../../offline/db';

let db: KioskDb | null = null;

export function kioskDb(): KioskDb {
  db ??= openKioskDb();
  return db;
}
