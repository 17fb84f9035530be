/**
 * Every business's journal verified, as lines for a terminal (`npm run verify-journal`): one line
 * per business, then each problem found; `intact` is false when any business has one.
 */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { businesses } from '../../db/schema';
import { verifyJournal, type JournalReport } from './journalVerify';

function describe(name: string, report: JournalReport): string[] {
  const covered = report.punchesBeforeJournal > 0 ? `; ${report.punchesBeforeJournal} punches from before the journal began are not covered` : '';
  const head = report.head ? `, last entry ${report.head.code}` : '';
  const summary = `Business ${report.businessId} (${name}): ${report.intact ? 'intact' : `${report.problemCount} problem(s)`}, ${report.entries} entries${head}${covered}`;
  const first = report.firstProblem ? [`  First: entry ${report.firstProblem.seq ?? '-'}: ${report.firstProblem.message}`] : [];
  return [summary, ...first, ...report.problems.filter((p) => p !== report.firstProblem).map((p) => `  ${p.message}`)];
}

/** Verifies each business (or only `businessId`): the lines to print and whether all were intact. */
export async function verifyAllJournals(db: Database, businessId: number | null = null): Promise<{ intact: boolean; lines: string[] }> {
  const all = await db.select({ id: businesses.id, name: businesses.name }).from(businesses).orderBy(asc(businesses.id));
  const chosen = businessId === null ? all : all.filter((b) => b.id === businessId);
  if (businessId !== null && chosen.length === 0) return { intact: false, lines: [`No business ${businessId}.`] };
  const lines: string[] = [];
  let intact = true;
  for (const business of chosen) {
    const report = await verifyJournal(db, business.id);
    intact &&= report.intact;
    lines.push(...describe(business.name, report));
  }
  if (chosen.length === 0) lines.push('No businesses.');
  return { intact, lines };
}
