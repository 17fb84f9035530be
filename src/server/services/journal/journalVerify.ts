/**
 * Verifies a business's punch journal (the API route and `npm run verify-journal` share it): walks
 * the entries in order, recomputing each hash from the previous entry's and its payload, compares
 * each entry's copy of its punch with the punch row as it is now, checks the head names the last
 * entry, and looks for punches recorded since the journal began that have no entry. It answers the
 * first problem by entry number (and counts all), so "what was changed, and where" has one answer.
 * Each entry's copy is compared in its own version (journalPayload.ts). A photo link that is now
 * empty where the copy names a photo that no longer exists is the photo's deletion (retention, or
 * a person's photos erased: services/photos/), which unlinks it and is not an alteration of the
 * punch; an emptied link to a photo still stored, or a link to another photo, is.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { punchJournal, punchJournalHeads, punchJournalOrigin, punches, punchPhotos } from '../../db/schema';
import { entryCode, entryHash, GENESIS_HASH, payloadVersion, punchPayload } from './journalPayload';

export type JournalProblemKind = 'punchChanged' | 'punchRemoved' | 'entryChanged' | 'entryMissing' | 'headMismatch' | 'punchNotInJournal';

export interface JournalProblem {
  kind: JournalProblemKind;
  /** The entry where it was found (for punchNotInJournal: null). */
  seq: number | null;
  punchId: number | null;
  /** For punchChanged: the punch's fields that differ from the journal's copy. */
  fields: string[];
  message: string;
}

export interface JournalReport {
  businessId: number;
  intact: boolean;
  entries: number;
  /** The last entry: its number, hash and receipt code (null before the first punch). */
  head: { seq: number; hash: string; code: string } | null;
  /** Punches of the business recorded before the journal began: not covered by it. */
  punchesBeforeJournal: number;
  firstProblem: JournalProblem | null;
  problemCount: number;
  /** The first problems found, in entry order (at most MAX_LISTED). */
  problems: JournalProblem[];
}

const PAGE = 1000;
const MAX_LISTED = 20;

/** The fields of two canonical payloads that differ. */
function changedFields(copy: string, now: string): string[] {
  const a = JSON.parse(copy) as Record<string, unknown>;
  const b = JSON.parse(now) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).sort();
}

/**
 * Entries (by number) whose punch's photo link is empty while their copy names a photo that is no
 * longer stored: the photo was deleted, and the copy's link stands for the punch as received.
 */
async function deletedPhotoLinks(db: Database, businessId: number, page: ReadonlyArray<typeof punchJournal.$inferSelect>, byId: ReadonlyMap<number, typeof punches.$inferSelect>): Promise<Map<number, number>> {
  const linked = new Map<number, number>();
  for (const entry of page) {
    if (byId.get(entry.punchId)?.photoId !== null) continue;
    const copied = copiedPhotoId(entry.payload);
    if (copied !== null) linked.set(entry.seq, copied);
  }
  if (linked.size === 0) return linked;
  const stored = await db
    .select({ id: punchPhotos.id })
    .from(punchPhotos)
    .where(and(eq(punchPhotos.businessId, businessId), inArray(punchPhotos.id, [...new Set(linked.values())])));
  const still = new Set(stored.map((photo) => photo.id));
  for (const [seq, id] of linked) if (still.has(id)) linked.delete(seq);
  return linked;
}

/** The photo id an entry's copy names, or null (none, an older version, or not a copy at all). */
function copiedPhotoId(payload: string): number | null {
  try {
    const id = (JSON.parse(payload) as Record<string, unknown>).photoId;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

export async function verifyJournal(db: Database, businessId: number): Promise<JournalReport> {
  const problems: JournalProblem[] = [];
  let problemCount = 0;
  const found = (problem: JournalProblem) => {
    problemCount += 1;
    if (problems.length < MAX_LISTED) problems.push(problem);
  };

  let previous = GENESIS_HASH;
  let expected = 1;
  let entries = 0;
  for (;;) {
    const page = await db
      .select()
      .from(punchJournal)
      .where(and(eq(punchJournal.businessId, businessId), gt(punchJournal.seq, expected - 1)))
      .orderBy(asc(punchJournal.seq))
      .limit(PAGE);
    if (page.length === 0) break;
    const ids = page.map((entry) => entry.punchId);
    const rows = await db.select().from(punches).where(inArray(punches.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const deletedPhoto = await deletedPhotoLinks(db, businessId, page, byId);
    for (const entry of page) {
      entries += 1;
      if (entry.seq !== expected) {
        found({ kind: 'entryMissing', seq: expected, punchId: null, fields: [], message: `Entries ${expected} to ${entry.seq - 1} are missing.` });
      }
      if (entryHash(previous, entry.payload) !== entry.hash) {
        found({ kind: 'entryChanged', seq: entry.seq, punchId: entry.punchId, fields: [], message: `Entry ${entry.seq} does not follow from the entry before it: the journal itself was changed.` });
      }
      const row = byId.get(entry.punchId);
      const version = payloadVersion(entry.payload);
      if (!row || row.businessId !== businessId) {
        found({ kind: 'punchRemoved', seq: entry.seq, punchId: entry.punchId, fields: [], message: `Punch ${entry.punchId} (entry ${entry.seq}) was removed.` });
      } else if (version === null) {
        found({ kind: 'entryChanged', seq: entry.seq, punchId: entry.punchId, fields: [], message: `Entry ${entry.seq}'s copy of its punch cannot be read.` });
      } else {
        const { id: _id, ...values } = row;
        const photoId = values.photoId ?? deletedPhoto.get(entry.seq) ?? null;
        const now = punchPayload({ ...values, photoId }, version);
        if (now !== entry.payload) {
          const fields = changedFields(entry.payload, now);
          found({ kind: 'punchChanged', seq: entry.seq, punchId: entry.punchId, fields, message: `Punch ${entry.punchId} (entry ${entry.seq}) was changed: ${fields.join(', ')}.` });
        }
      }
      previous = entry.hash;
      expected = entry.seq + 1;
    }
    if (page.length < PAGE) break;
  }

  const [head] = await db.select().from(punchJournalHeads).where(eq(punchJournalHeads.businessId, businessId));
  const lastSeq = expected - 1;
  if (head && (head.seq !== lastSeq || head.hash !== (lastSeq === 0 ? GENESIS_HASH : previous))) {
    const message = head.seq > lastSeq ? `Entries ${lastSeq + 1} to ${head.seq} are missing.` : `The journal's head (entry ${head.seq}) does not name its last entry (${lastSeq}).`;
    found({ kind: head.seq > lastSeq ? 'entryMissing' : 'headMismatch', seq: lastSeq + 1, punchId: null, fields: [], message });
  } else if (!head && entries > 0) {
    found({ kind: 'headMismatch', seq: null, punchId: null, fields: [], message: "The journal's head was removed." });
  }

  const [origin] = await db.select().from(punchJournalOrigin);
  const since = origin?.lastPunchIdBefore ?? 0;
  const unjournaled = await db
    .select({ id: punches.id })
    .from(punches)
    .leftJoin(punchJournal, and(eq(punchJournal.businessId, punches.businessId), eq(punchJournal.punchId, punches.id)))
    .where(and(eq(punches.businessId, businessId), gt(punches.id, since), isNull(punchJournal.seq)))
    .orderBy(asc(punches.id))
    .limit(MAX_LISTED);
  for (const { id } of unjournaled) {
    found({ kind: 'punchNotInJournal', seq: null, punchId: id, fields: [], message: `Punch ${id} was recorded after the journal began but is not in it (added outside the service).` });
  }
  const [before] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(punches)
    .where(and(eq(punches.businessId, businessId), sql`${punches.id} <= ${since}`));

  const ordered = [...problems].sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
  return {
    businessId,
    intact: problemCount === 0,
    entries,
    head: lastSeq > 0 ? { seq: lastSeq, hash: previous, code: entryCode(lastSeq, previous) } : null,
    punchesBeforeJournal: Number(before?.count ?? 0),
    firstProblem: ordered[0] ?? null,
    problemCount,
    problems: ordered,
  };
}
