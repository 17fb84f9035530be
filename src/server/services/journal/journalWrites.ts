/**
 * How a punch joins its business's journal. A live punch: two CTEs of the punch's own statement
 * (store/punchWrites.ts), so it costs no statement more: the business's head row is inserted or
 * updated (the update takes the row's lock and, under READ COMMITTED, chains from the head as the
 * previous punch committed it, so two kiosks punching at once for one business wait for each other
 * there and never fork the chain), and the entry is inserted from the head's new number and hash.
 * The hash is computed by the database (sha256, PostgreSQL 11+) as journalPayload.entryHash does.
 * Several punches at once (a complete shift): journalPunches locks the head and chains them in
 * order. Either way the entry's hash is known only once written, so the answer carries it
 * afterwards (the Journal-Entry header).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { punchJournal, punchJournalHeads, type punches } from '../../db/schema';
import { entryHash, GENESIS_HASH, punchPayload } from './journalPayload';

/** The response header that names a punch's journal entry: `<seq>:<hash hex>`. */
export const JOURNAL_ENTRY_HEADER = 'Journal-Entry';

/** `sha256(previous || sha256(payload))` in SQL, hex, for `previous` (hex text). */
function hashAfter(previous: SQL): SQL {
  return sql`encode(sha256(decode(${previous}, 'hex') || sha256(convert_to(${bind<string>('journal.payload')}::text, 'UTF8'))), 'hex')`;
}

/**
 * The journal's CTEs for the punch inserted by the CTE `punch` (which returns its id): `journal_head`
 * (the head, returning seq and hash) and `journal_entry`. `source`: the CTE whose row the writes
 * wait for (an optimistic write's `recorded`), or null. The values fill their placeholders.
 */
export function journalParts(punch: Omit<typeof punches.$inferInsert, 'id'>, source: SQL | null): { values: Record<string, unknown>; ctes: () => SQL[]; entry: SQL } {
  const businessId = bind<number>('journal.businessId');
  const from = source ? sql` from ${source}` : sql``;
  return {
    values: { 'journal.businessId': punch.businessId, 'journal.payload': punchPayload(punch) },
    ctes: () => [
      sql`journal_head as (insert into ${punchJournalHeads} (business_id, seq, hash) select ${businessId}::integer, 1, ${hashAfter(sql.raw(`'${GENESIS_HASH}'`))}${from}
        on conflict (business_id) do update set seq = ${punchJournalHeads.seq} + 1, hash = ${hashAfter(sql`${punchJournalHeads.hash}`)}
        returning seq, hash)`,
      sql`journal_entry as (insert into ${punchJournal} (business_id, seq, punch_id, payload, hash)
        select ${businessId}::integer, seq, (select id from punch), ${bind<string>('journal.payload')}::text, hash from journal_head)`,
    ],
    entry: sql`(select seq || ':' || hash from journal_head)`,
  };
}

/** Chains punches just inserted (in order) in `tx`, which must be a transaction; answers the last entry as `<seq>:<hash>`. */
export async function journalPunches(tx: Database, businessId: number, rows: ReadonlyArray<typeof punches.$inferSelect>): Promise<string | null> {
  if (rows.length === 0) return null;
  // The head's lock (inserted first when the business has none) is what orders the chain.
  await tx.insert(punchJournalHeads).values({ businessId, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx.select().from(punchJournalHeads).where(eq(punchJournalHeads.businessId, businessId)).for('update');
  if (!head) throw new Error('the journal head vanished');
  let { seq, hash } = head;
  const entries = rows.map((row) => {
    const { id, ...values } = row;
    const payload = punchPayload(values);
    seq += 1;
    hash = entryHash(hash, payload);
    return { businessId, seq, punchId: id, payload, hash };
  });
  await tx.insert(punchJournal).values(entries);
  await tx.update(punchJournalHeads).set({ seq, hash }).where(eq(punchJournalHeads.businessId, businessId));
  return `${seq}:${hash}`;
}
