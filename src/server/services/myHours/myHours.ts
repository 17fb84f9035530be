/**
 * What a person reads of their own record at the kiosk: their lines starting in My hours' window
 * (domain lineDisputes.ts: this week and last week in the kiosk's zone), their disputes (open, raised
 * in the window, or with a reply not yet read) and managers' changes to their lines (made in the
 * window, or not yet acknowledged). Only that person's rows are read.
 */
import { and, asc, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { MyHoursLineModel, MyHoursModel } from '../../../contract/supporting/myHours';
import { myHoursWindow } from '../../../domain/lineDisputes';
import type { Database } from '../../db/openDatabase';
import { lineChanges, lineDisputes, timesheetLines } from '../../db/schema';
import { readInTurn } from '../../db/transactions';
import { employeeName } from '../punches/devicePunches';
import { loadReferencesFor } from '../referenceData/references';
import { toChangeModel } from './lineChanges';
import { toDisputeModel } from './lineDisputes';
import { snapshotModel, snapshotOf } from './lineSnapshots';

export async function readMyHours(db: Database, ctx: { businessId: number; zone: string; now: Date }, employeeId: number): Promise<MyHoursModel> {
  const { fromUtc, toUtc } = myHoursWindow(ctx.now, ctx.zone);
  const [lines, disputes, changes, name] = await readInTurn(
    () =>
      db
        .select()
        .from(timesheetLines)
        .where(
          and(
            eq(timesheetLines.businessId, ctx.businessId),
            eq(timesheetLines.employeeId, employeeId),
            gte(timesheetLines.startUtc, fromUtc),
            lt(timesheetLines.startUtc, toUtc),
          ),
        )
        .orderBy(asc(timesheetLines.startUtc), asc(timesheetLines.id)),
    () =>
      db
        .select()
        .from(lineDisputes)
        .where(
          and(
            eq(lineDisputes.businessId, ctx.businessId),
            eq(lineDisputes.employeeId, employeeId),
            or(eq(lineDisputes.status, 'Open'), gte(lineDisputes.raisedUtc, fromUtc), isNull(lineDisputes.replySeenUtc)),
          ),
        )
        .orderBy(asc(lineDisputes.id)),
    () =>
      db
        .select()
        .from(lineChanges)
        .where(
          and(
            eq(lineChanges.businessId, ctx.businessId),
            eq(lineChanges.employeeId, employeeId),
            or(gte(lineChanges.changedUtc, fromUtc), isNull(lineChanges.acknowledgedUtc)),
          ),
        )
        .orderBy(asc(lineChanges.changedUtc), asc(lineChanges.id)),
    () => employeeName(db, employeeId),
  );
  const refs = await loadReferencesFor(db, ctx.businessId, {
    locationIds: lines.flatMap((l) => (l.locationId === null ? [] : [l.locationId])),
    workTypeIds: lines.flatMap((l) => (l.workTypeId === null ? [] : [l.workTypeId])),
  });
  const shown: MyHoursLineModel[] = lines.flatMap((row) => {
    const snapshot = snapshotModel(snapshotOf(row));
    if (!snapshot) return [];
    return [
      {
        ...snapshot,
        id: row.id,
        status: row.status,
        location: row.locationId === null ? null : (refs.locations.get(row.locationId)?.fullyQualifiedName ?? null),
        workType: row.workTypeId === null ? null : (refs.workTypes.get(row.workTypeId)?.name ?? null),
      },
    ];
  });
  return {
    employeeId,
    fromUtc: fromUtc.toISOString(),
    toUtc: toUtc.toISOString(),
    ianaTimeZone: ctx.zone,
    lines: shown,
    disputes: disputes.map((row) => toDisputeModel(row, name)),
    changes: changes.map(toChangeModel),
  };
}
