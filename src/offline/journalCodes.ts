/**
 * The punch journal's codes on the kiosk: the service answers each live punch with its journal
 * entry (the `Journal-Entry` header, `<number>:<hash>`); the kiosk keeps the receipt's short code
 * under the punch's outbox id (its Idempotency-Key) for a day, so the receipt shows it whether the
 * page or the service worker delivered the punch. An offline punch has none until it is sent.
 */
import { z } from 'zod';
import type { KioskDb } from './db';

const PREFIX = 'journal:';
const KEPT_MS = 24 * 60 * 60 * 1000;

const JournalCode = z.object({ code: z.string(), at: z.number() });

/** The receipt's short code of an entry header: the entry's number and its hash's first eight hex digits ("57-3FA9C01B"); null when malformed. */
export function journalCodeOf(header: string | null): string | null {
  const match = header === null ? null : /^(\d+):([0-9a-f]{64})$/.exec(header);
  return match ? `${match[1]}-${match[2]!.slice(0, 8).toUpperCase()}` : null;
}

/** Keeps the code of a delivered punch's answer (and forgets codes older than a day). Never throws. */
export async function rememberJournalCode(db: KioskDb, request: Request, response: Response, now = Date.now()): Promise<void> {
  const code = journalCodeOf(response.headers.get('journal-entry'));
  const key = request.headers.get('idempotency-key');
  if (!code || !key) return;
  try {
    await db.meta.put({ key: `${PREFIX}${key}`, value: { code, at: now } });
    const old = await db.meta.where('key').startsWith(PREFIX).filter((row) => {
      const parsed = JournalCode.safeParse(row.value);
      return !parsed.success || parsed.data.at < now - KEPT_MS;
    }).primaryKeys();
    if (old.length > 0) await db.meta.bulkDelete(old);
  } catch (error) {
    console.error('could not keep a journal code', error);
  }
}

/** The kept code of the punch queued as `entryId`, or null. */
export async function readJournalCode(db: KioskDb, entryId: string): Promise<string | null> {
  const row = await db.meta.get(`${PREFIX}${entryId}`);
  const parsed = JournalCode.safeParse(row?.value);
  return parsed.success ? parsed.data.code : null;
}
