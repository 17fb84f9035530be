/** The roster this tablet keeps (src/offline/kioskRoster.ts), live; null until one was fetched. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KioskDb } from '../../../offline/db';
import { readKeptRoster, type KeptRoster } from '../../../offline/kioskRoster';

export function useKeptRoster(db: KioskDb): KeptRoster | null {
  return useLiveQuery(() => readKeptRoster(db), [db]) ?? null;
}
