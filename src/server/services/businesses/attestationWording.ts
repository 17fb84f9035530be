/**
 * A business's own wording of its questions at clock-off (project extension). Each edit inserts a
 * new version (rows are never updated), numbered after every built-in and earlier version, and
 * keeping the answers of the question's current built-in version, so an answer given under any
 * version can be read back in the words the person was shown and keeps its meaning. Kiosks receive
 * the current version of each question with their policy; the service checks every answer against
 * all of them.
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AttestationWordingInputModel, AttestationWordingModel } from '../../../contract/supporting/attestations';
import {
  ATTESTATION_ANSWERS,
  ATTESTATION_QUESTION,
  ATTESTATION_QUESTIONS,
  nextWrittenVersion,
  type WrittenWording,
  type WrittenWordings,
} from '../../../domain/attestations';
import { describePrincipal, type Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { attestationWordings } from '../../db/schema';

/** Two managers saving the same question at once take the next numbers in turn; more tries than that is a fault. */
const INSERT_TRIES = 5;

const StoredWording = z.object({
  question: z.enum(ATTESTATION_QUESTIONS),
  version: z.number().int().min(2),
  basedOn: z.number().int().min(1),
  text: z.string().min(1),
  answers: z.array(z.object({ answer: z.enum(ATTESTATION_ANSWERS), text: z.string().min(1) })).min(1),
});

type WordingRow = typeof attestationWordings.$inferSelect;

/** A stored version, parsed: one that no longer fits is a clear error, never passed on. */
function fromRow(row: WordingRow): WrittenWording {
  const parsed = StoredWording.safeParse(row);
  if (!parsed.success) throw new Error(`Stored attestation wording ${row.id} of business ${row.businessId} is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
  return parsed.data;
}

const toModel = (row: WordingRow): AttestationWordingModel => ({ ...fromRow(row), createdUtc: row.createdAt.toISOString() });

/** Every version the business wrote, by question and version. */
async function rowsOf(db: Database, businessId: number): Promise<WordingRow[]> {
  return db
    .select()
    .from(attestationWordings)
    .where(eq(attestationWordings.businessId, businessId))
    .orderBy(asc(attestationWordings.question), asc(attestationWordings.version));
}

/** Every version the business wrote (empty: it asks in the built-in wording). */
export async function readWrittenWordings(db: Database, businessId: number): Promise<WrittenWording[]> {
  return (await rowsOf(db, businessId)).map(fromRow);
}

/** Every version the business wrote, as managers read them (oldest first per question). */
export async function listAttestationWordings(db: Database, businessId: number): Promise<AttestationWordingModel[]> {
  return (await rowsOf(db, businessId)).map(toModel);
}

/** The version of each question a kiosk asks now (the latest the business wrote), for its policy. */
export function currentWordings(written: WrittenWordings): WrittenWording[] {
  const latest = new Map<string, WrittenWording>();
  for (const wording of written) if ((latest.get(wording.question)?.version ?? 0) < wording.version) latest.set(wording.question, wording);
  return [...latest.values()];
}

/**
 * Writes a new version of the question's wording. The answers are put in the built-in order; the
 * model already refused blank, overlong or missing words.
 */
export async function writeAttestationWording(db: Database, businessId: number, principal: Principal, input: AttestationWordingInputModel): Promise<AttestationWordingModel> {
  const builtIn = ATTESTATION_QUESTION[input.question];
  const offered = builtIn.versions[builtIn.current]?.answers ?? [];
  const answers = offered.map((answer) => ({ answer, text: (input.answers.find((a) => a.answer === answer)?.text ?? '').trim() }));
  for (let attempt = 0; attempt < INSERT_TRIES; attempt += 1) {
    const written = (await rowsOf(db, businessId)).filter((row) => row.question === input.question).map(fromRow);
    const [row] = await db
      .insert(attestationWordings)
      .values({
        businessId,
        question: input.question,
        version: nextWrittenVersion(input.question, written),
        basedOn: builtIn.current,
        text: input.text.trim(),
        answers,
        principal: describePrincipal(principal),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return toModel(row);
  }
  throw new Error(`Could not number a new wording of ${input.question} for business ${businessId}`);
}

