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
import { reportsMissedBreak } from '../../../domain/attestations';
import { describePrincipal, type Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { clockShifts, shiftAttestations } from '../../db/schema';
import { withTransaction } from '../../db/transactions';
import type { Page } from '../../lists/odata/planList';
import { employeeName, findOwnPunch, requireEmployeeOf } from '../punches/devicePunches';
import { timeOfRecord } from '../punches/punchChecks';
import { holdLineForManager } from '../timesheets/lineReview';
import { recordWebhookEvent } from '../webhooks/webhookEvents';

type AttestationRow = typeof shiftAttestations.$inferSelect;

const LINE_SLICE = 1000;

const StoredAnswers = z.array(AttestationAnswerModel).min(1);

/** The stored answers, parsed: a row that no longer fits the catalogue is a clear error, never passed on. */
function storedAnswers(row: AttestationRow): AttestationModel['answers'] {
  const parsed = StoredAnswers.safeParse(row.answers);
  if (!parsed.success) throw new Error(`Stored answers of attestation ${row.id} are not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
  return parsed.data;
}

async function toModel(db: Database, row: AttestationRow): Promise<AttestationModel> {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: await employeeName(db, row.employeeId),
    kioskId: row.kioskId,
    shiftId: row.shiftId,
    timesheetLineId: row.timesheetLineId,
    clockOffUtc: row.clockOffUtc.toISOString(),
    answers: storedAnswers(row),
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
  const byKey = and(eq(shiftAttestations.businessId, ctx.businessId), eq(shiftAttestations.kioskId, ctx.kioskId), eq(shiftAttestations.punchKey, body.punchKey));
  const [existing] = await db.select().from(shiftAttestations).where(byKey);
  if (existing) return toModel(db, existing);
  const punch = await findOwnPunch(db, ctx, body.employeeId, 'clockOff', clockOffAt);
  const [shift] = punch?.shiftId ? await db.select().from(clockShifts).where(eq(clockShifts.id, punch.shiftId)) : [];
  if (shift) {
    const [already] = await db.select().from(shiftAttestations).where(eq(shiftAttestations.shiftId, shift.id));
    if (already) return toModel(db, already);
  }
  const missed = reportsMissedBreak(answers);
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
    const attestation = await toModel(tx, row);
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
  const out: AttestationModel[] = [];
  for (const row of rows) out.push(await toModel(db, row));
  return out;
}

/** The answers kept with each of these lines (for the export), by line id. */
export async function answersOfLines(db: Database, businessId: number, lineIds: readonly number[]): Promise<Map<number, AttestationModel['answers']>> {
  const out = new Map<number, AttestationModel['answers']>();
  if (lineIds.length === 0) return out;
  // In slices: an export holds up to 20,000 lines, more than one statement's parameters should carry.
  for (let from = 0; from < lineIds.length; from += LINE_SLICE) {
    const slice = lineIds.slice(from, from + LINE_SLICE);
    const rows = await db
      .select()
      .from(shiftAttestations)
      .where(and(eq(shiftAttestations.businessId, businessId), inArray(shiftAttestations.timesheetLineId, slice)));
    for (const row of rows) if (row.timesheetLineId !== null) out.set(row.timesheetLineId, storedAnswers(row));
  }
  return out;
}
