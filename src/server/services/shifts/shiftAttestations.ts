/**
 * Attestations at clock-off (project extension). The kiosk asks the business's questions as a
 * person clocks off and sends the answers right after the clock-off, from its outbox; they are
 * kept with the shift and its timesheet line, with the version of each question's wording, and
 * raised as `ShiftAttested`. An answer reporting a missed break flags the line: it is not
 * approved by itself, and managers see the flag on Timesheets.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AttestationAnswerModel, type AttestationInputModel, type AttestationModel } from '../../../contract/supporting/attestations';
import { answersProblem, reportsMissedBreak, writtenWording, type AttestationAnswerRecord, type WrittenWordings } from '../../../domain/attestations';
import { describePrincipal, type Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { clockShifts, shiftAttestations } from '../../db/schema';
import { withTransaction } from '../../db/transactions';
import { invalidField } from '../../errors/apiError';
import type { Page } from '../../lists/odata/planList';
import { readWrittenWordings } from '../businesses/attestationWording';
import { employeeName, findOwnPunch, requireEmployeeOf } from '../punches/devicePunches';
import { timeOfRecord } from '../punches/punchChecks';
import { holdLineForManager } from '../timesheets/lineReview';
import { recordWebhookEvent } from '../webhooks/webhookEvents';

type AttestationRow = typeof shiftAttestations.$inferSelect;

const LINE_SLICE = 1000;

const StoredAnswers = z.array(AttestationAnswerModel).min(1);

/** The stored answers, parsed and checked against the business's versions: a row that no longer fits is a clear error, never passed on. */
function storedAnswers(row: AttestationRow, written: WrittenWordings): AttestationAnswerRecord[] {
  const parsed = StoredAnswers.safeParse(row.answers);
  const problem = parsed.success ? answersProblem(parsed.data, written) : (parsed.error.issues[0]?.message ?? 'unknown problem');
  if (!parsed.success || problem) throw new Error(`Stored answers of attestation ${row.id} are not valid: ${problem}`);
  return parsed.data;
}

/** The answers with the words shown, where the version is the business's own wording. */
export function attestedAnswers(answers: readonly AttestationAnswerRecord[], written: WrittenWordings): AttestationModel['answers'] {
  return answers.map((a) => {
    const own = writtenWording(a.question, a.version, written);
    if (!own) return { ...a };
    return { ...a, questionText: own.text, answerText: own.answers.find((w) => w.answer === a.answer)?.text ?? '' };
  });
}

async function toModel(db: Database, row: AttestationRow, written: WrittenWordings): Promise<AttestationModel> {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: await employeeName(db, row.employeeId),
    kioskId: row.kioskId,
    shiftId: row.shiftId,
    timesheetLineId: row.timesheetLineId,
    clockOffUtc: row.clockOffUtc.toISOString(),
    answers: attestedAnswers(storedAnswers(row, written), written),
    reportsMissedBreak: row.reportsMissedBreak,
    receivedUtc: row.receivedUtc.toISOString(),
  };
}

export interface AttestationContext {
  businessId: number;
  kioskId: number;
  principal: Principal;
  now: Date;
}

/**
 * Keeps the answers given at one clock-off: this device's clock-off of that employee at that
 * recorded time, at this kiosk. Answers for a clock-off already answered (any key) return the
 * first ones. The row, the line's hold and the event are one transaction.
 */
export async function submitAttestation(db: Database, ctx: AttestationContext, body: AttestationInputModel): Promise<AttestationModel> {
  const clockOffAt = timeOfRecord(body.clockOffRecordedTimeUtc, ctx.now, 'clockOffRecordedTimeUtc');
  const answers = StoredAnswers.parse(body.answers);
  await requireEmployeeOf(db, ctx.businessId, body.employeeId);
  // Any version the business ever had is accepted (a kiosk offline since an edit asks the old one);
  // one it never had is refused in words, so the kiosk's outbox sets it aside for a person.
  const written = await readWrittenWordings(db, ctx.businessId);
  const problem = answersProblem(answers, written);
  if (problem) throw invalidField('validation-failed', 'answers', problem);
  const byKey = and(eq(shiftAttestations.businessId, ctx.businessId), eq(shiftAttestations.kioskId, ctx.kioskId), eq(shiftAttestations.punchKey, body.punchKey));
  const [existing] = await db.select().from(shiftAttestations).where(byKey);
  if (existing) return toModel(db, existing, written);
  const punch = await findOwnPunch(db, ctx, body.employeeId, 'clockOff', clockOffAt);
  const [shift] = punch?.shiftId ? await db.select().from(clockShifts).where(eq(clockShifts.id, punch.shiftId)) : [];
  if (shift) {
    const [already] = await db.select().from(shiftAttestations).where(eq(shiftAttestations.shiftId, shift.id));
    if (already) return toModel(db, already, written);
  }
  const missed = reportsMissedBreak(answers, written);
  const lineId = shift?.timesheetLineId ?? null;
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(shiftAttestations)
      .values({
        businessId: ctx.businessId,
        kioskId: ctx.kioskId,
        employeeId: body.employeeId,
        punchKey: body.punchKey,
        shiftId: shift?.id ?? null,
        timesheetLineId: lineId,
        clockOffUtc: shift?.endUtc ?? clockOffAt,
        answers,
        reportsMissedBreak: missed,
        receivedUtc: ctx.now,
        principal: describePrincipal(ctx.principal),
      })
      .returning();
    if (!row) throw new Error('insert returned no attestation');
    // A line reporting a missed break is not approved by itself: a manager looks first.
    if (missed && lineId !== null) await holdLineForManager(tx, ctx.businessId, lineId, ctx.now);
    const attestation = await toModel(tx, row, written);
    await recordWebhookEvent(tx, {
      businessId: ctx.businessId,
      action: 'ShiftAttested',
      data: { businessId: ctx.businessId, kioskId: ctx.kioskId, shiftId: row.shiftId, employeeId: row.employeeId, attestation },
      occurredAt: ctx.now,
    });
    return attestation;
  });
}

/** One page of the business's attestations, newest first; only those reporting a missed break when asked. */
export async function listAttestations(db: Database, businessId: number, missedBreakOnly: boolean, page: Page): Promise<AttestationModel[]> {
  const conditions: SQL[] = [eq(shiftAttestations.businessId, businessId)];
  if (missedBreakOnly) conditions.push(eq(shiftAttestations.reportsMissedBreak, true));
  const rows = await db
    .select()
    .from(shiftAttestations)
    .where(and(...conditions))
    .orderBy(desc(shiftAttestations.id))
    .limit(page.limit)
    .offset(page.offset);
  const written = rows.length > 0 ? await readWrittenWordings(db, businessId) : [];
  const out: AttestationModel[] = [];
  for (const row of rows) out.push(await toModel(db, row, written));
  return out;
}

/** The answers kept with each of these lines (for the export), by line id, checked against the business's versions. */
export async function answersOfLines(db: Database, businessId: number, lineIds: readonly number[], written: WrittenWordings): Promise<Map<number, AttestationAnswerRecord[]>> {
  const out = new Map<number, AttestationAnswerRecord[]>();
  if (lineIds.length === 0) return out;
  // In slices: an export holds up to 20,000 lines, more than one statement's parameters should carry.
  for (let from = 0; from < lineIds.length; from += LINE_SLICE) {
    const slice = lineIds.slice(from, from + LINE_SLICE);
    const rows = await db
      .select()
      .from(shiftAttestations)
      .where(and(eq(shiftAttestations.businessId, businessId), inArray(shiftAttestations.timesheetLineId, slice)));
    for (const row of rows) if (row.timesheetLineId !== null) out.set(row.timesheetLineId, storedAnswers(row, written));
  }
  return out;
}
