/**
 * Roster shifts (contract 2.8): their contract shapes, loading one, and create/update. Start, end
 * and break times are stored as instants with the business's zone and emitted as wall-clock
 * times in it (contract 1.4 infers un-suffixed roster times are local). The checks of a submitted
 * shift live in rosterShiftInput.ts; lists in rosterShiftList.ts; matching in rosterMatching.ts.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  QualificationModel,
  RosterShiftRole,
  ShiftAssignmentStatusEnum,
  type RosterShiftEditModelInput,
  type UkEssRosterShiftModel,
} from '../../../contract/generated/models';
import { toLocalDateTime } from '../../../domain/time';
import type { RosteredShift } from '../../../domain/roster';
import type { Database } from '../../db/openDatabase';
import { employees, rosterShiftBreaks, rosterShifts } from '../../db/schema';
import { notFound } from '../../errors/apiError';
import { loadReferencesFor, type ReferenceData } from '../referenceData/references';
import { checkRosterShiftInput } from './rosterShiftInput';
import { readInTurn, withTransaction } from '../../db/transactions';
import { recordRosterShiftEvent } from '../webhooks/webhookPayloads';

export type RosterShiftRow = typeof rosterShifts.$inferSelect;
export type RosterBreakRow = typeof rosterShiftBreaks.$inferSelect;

/** What a page of shifts needs beside its rows: breaks, names of people, locations and work types. */
export interface RosterDetails {
  breaks: Map<number, RosterBreakRow[]>;
  employeeNames: Map<number, string>;
  refs: ReferenceData;
}

const StoredRole = z.union([RosterShiftRole, z.null()]);
const StoredQualifications = z.array(QualificationModel);

/** The matching view of a row (domain/roster.ts). */
export function toRosteredShift(row: RosterShiftRow): RosteredShift {
  return {
    id: row.id,
    employeeId: row.employeeId,
    startUtc: row.startUtc,
    endUtc: row.endUtc,
    locationId: row.locationId,
    workTypeId: row.workTypeId,
  };
}

/** Loads the breaks, names and references of some shifts of one business, in three queries at most. */
export async function loadRosterDetails(db: Database, businessId: number, rows: readonly RosterShiftRow[]): Promise<RosterDetails> {
  const shiftIds = rows.map((row) => row.id);
  const employeeIds = [...new Set(rows.flatMap((row) => (row.employeeId === null ? [] : [row.employeeId])))];
  const [breakRows, people, refs] = await readInTurn(
    async () =>
    shiftIds.length === 0
      ? []
      : db
          .select()
          .from(rosterShiftBreaks)
          .where(inArray(rosterShiftBreaks.rosterShiftId, shiftIds))
          .orderBy(asc(rosterShiftBreaks.startUtc), asc(rosterShiftBreaks.id)),
    async () =>
    employeeIds.length === 0
      ? []
      : db
          .select({ id: employees.id, firstName: employees.firstName, surname: employees.surname })
          .from(employees)
          .where(and(eq(employees.businessId, businessId), inArray(employees.id, employeeIds))),
    () =>
      loadReferencesFor(db, businessId, {
        locationIds: rows.flatMap((row) => (row.locationId === null ? [] : [row.locationId])),
        workTypeIds: rows.flatMap((row) => (row.workTypeId === null ? [] : [row.workTypeId])),
      }),
  );
  const breaks = new Map<number, RosterBreakRow[]>();
  for (const row of breakRows) breaks.set(row.rosterShiftId, [...(breaks.get(row.rosterShiftId) ?? []), row]);
  return { breaks, employeeNames: new Map(people.map((p) => [p.id, `${p.firstName} ${p.surname}`])), refs };
}

/** The contract's shape of a roster shift (UkEssRosterShiftModel). */
export function toEssRosterShift(row: RosterShiftRow, details: RosterDetails): UkEssRosterShiftModel {
  const zone = row.ianaTimeZone;
  const local = (instant: Date | null) => (instant === null ? null : toLocalDateTime(instant, zone));
  return {
    id: row.id,
    token: row.token,
    qualifications: StoredQualifications.safeParse(row.qualifications).data ?? [],
    breaks: (details.breaks.get(row.id) ?? []).map((b) => ({
      id: b.id,
      startTime: toLocalDateTime(b.startUtc, zone),
      endTime: toLocalDateTime(b.endUtc, zone),
      isPaidBreak: b.isPaidBreak,
    })),
    employeeId: row.employeeId,
    employeeName: row.employeeId === null ? null : (details.employeeNames.get(row.employeeId) ?? null),
    locationId: row.locationId,
    locationName: row.locationId === null ? null : (details.refs.locations.get(row.locationId)?.name ?? null),
    workTypeId: row.workTypeId,
    workTypeName: row.workTypeId === null ? null : (details.refs.workTypes.get(row.workTypeId)?.name ?? null),
    role: StoredRole.safeParse(row.role).data ?? null,
    startTime: toLocalDateTime(row.startUtc, zone),
    endTime: toLocalDateTime(row.endUtc, zone),
    notes: row.notes,
    published: row.published,
    accepted: row.accepted,
    pendingSwap: null,
    datePublished: local(row.datePublished),
    biddable: row.biddable,
    shiftSwapCutoffTime: local(row.shiftSwapCutoffTime),
    shiftAssignmentStatus: ShiftAssignmentStatusEnum.safeParse(row.shiftAssignmentStatus).data ?? null,
  };
}

/** Several rows of one business in the contract's shape, with their details loaded together. */
export async function toEssRosterShifts(db: Database, businessId: number, rows: readonly RosterShiftRow[]): Promise<UkEssRosterShiftModel[]> {
  const details = await loadRosterDetails(db, businessId, rows);
  return rows.map((row) => toEssRosterShift(row, details));
}

export async function loadRosterShift(db: Database, businessId: number, rosterShiftId: number): Promise<RosterShiftRow> {
  const [row] = await db
    .select()
    .from(rosterShifts)
    .where(and(eq(rosterShifts.id, rosterShiftId), eq(rosterShifts.businessId, businessId)));
  if (!row) throw notFound(`Roster shift ${rosterShiftId}`);
  return row;
}

/** An opaque token for a new shift (the contract's `token`; nothing is derived from it). */
function newToken(): string {
  return randomBytes(16).toString('hex');
}

export interface RosterWriteOptions {
  publish: boolean;
  clearBreaks?: boolean;
  now: Date;
}

/** Creates a roster shift (published at once with `publish`) and returns its contract shape. */
export async function createRosterShift(
  db: Database,
  businessId: number,
  input: RosterShiftEditModelInput,
  options: RosterWriteOptions,
): Promise<UkEssRosterShiftModel> {
  return withTransaction(db, async (tx) => {
    const checked = await checkRosterShiftInput(tx, businessId, input, null);
    const [row] = await tx
      .insert(rosterShifts)
      .values({
        businessId,
        ...checked.values,
        token: newToken(),
        published: options.publish,
        datePublished: options.publish ? options.now : null,
        updatedAt: options.now,
      })
      .returning();
    if (!row) throw new Error('insert returned no roster shift');
    const breaks = checked.breaks ?? [];
    if (breaks.length > 0) await tx.insert(rosterShiftBreaks).values(breaks.map((b) => ({ ...b, rosterShiftId: row.id })));
    const model = (await toEssRosterShifts(tx, businessId, [row]))[0]!;
    await recordRosterShiftEvent(tx, businessId, 'RosterShiftCreated', model, options.now);
    return model;
  });
}

/**
 * Changes a roster shift. Given breaks replace the stored ones; an empty or absent list keeps
 * them, unless `clearBreaks` drops them. `publish` publishes an unpublished shift; without it the
 * published state stays as it is.
 */
export async function updateRosterShift(
  db: Database,
  businessId: number,
  rosterShiftId: number,
  input: RosterShiftEditModelInput,
  options: RosterWriteOptions,
): Promise<UkEssRosterShiftModel> {
  return withTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(rosterShifts)
      .where(and(eq(rosterShifts.id, rosterShiftId), eq(rosterShifts.businessId, businessId)))
      .for('update');
    if (!current) throw notFound(`Roster shift ${rosterShiftId}`);
    const kept = options.clearBreaks
      ? []
      : await tx.select().from(rosterShiftBreaks).where(eq(rosterShiftBreaks.rosterShiftId, rosterShiftId));
    const checked = await checkRosterShiftInput(tx, businessId, input, kept);
    const publishNow = options.publish && !current.published;
    const [row] = await tx
      .update(rosterShifts)
      .set({
        ...checked.values,
        ...(publishNow ? { published: true, datePublished: options.now } : {}),
        updatedAt: options.now,
      })
      .where(eq(rosterShifts.id, rosterShiftId))
      .returning();
    if (!row) throw new Error(`roster shift ${rosterShiftId} vanished`);
    if (checked.breaks !== null || options.clearBreaks) {
      await tx.delete(rosterShiftBreaks).where(eq(rosterShiftBreaks.rosterShiftId, rosterShiftId));
      const breaks = checked.breaks ?? [];
      if (breaks.length > 0) await tx.insert(rosterShiftBreaks).values(breaks.map((b) => ({ ...b, rosterShiftId })));
    }
    const model = (await toEssRosterShifts(tx, businessId, [row]))[0]!;
    await recordRosterShiftEvent(tx, businessId, 'RosterShiftUpdated', model, options.now);
    return model;
  });
}
