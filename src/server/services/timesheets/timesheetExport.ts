/**
 * The timesheet CSV export (project-designed; `GET B/timesheet/export`): the
 * Approved and Processed lines whose local start date lies in the period, one CSV row per line
 * (with the answers given at its clock-off),
 * in the column order of TIMESHEET_EXPORT_COLUMNS (documented on the route and in docs/timesheets-and-rosters.md).
 * The per-line figures come from domain/timesheetExport.ts; quoting from csv-stringify.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TIMESHEET_EXPORT_COLUMNS } from '../../../contract/routes/timesheets';
import { exportTimesOf } from '../../../domain/timesheetExport';
import { answersText } from '../../../domain/attestations';
import { readWrittenWordings } from '../businesses/attestationWording';
import { answersOfLines } from '../shifts/shiftAttestations';
import type { Database } from '../../db/openDatabase';
import { employees, timesheetLines } from '../../db/schema';
import { invalidField } from '../../errors/apiError';
import { referencesOfLines, StoredBreaks } from './timesheetLineShapes';

/** The longest period one export covers, and the most lines it writes. */
export const EXPORT_PERIOD_DAYS_MAX = 366;
export const EXPORT_LINES_MAX = 20_000;
const DAY_MS = 86_400_000;

export interface ExportQuery {
  FromDate: string;
  ToDate: string;
  EmployeeId?: number | undefined;
  LocationId?: number | undefined;
}

function periodOf(query: ExportQuery): { from: string; to: string } {
  const from = query.FromDate.slice(0, 10);
  const to = query.ToDate.slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (days < 0) throw invalidField('validation-failed', 'ToDate', 'toDate must not be before fromDate.');
  if (days >= EXPORT_PERIOD_DAYS_MAX) {
    throw invalidField('validation-failed', 'ToDate', `A period of at most ${EXPORT_PERIOD_DAYS_MAX} days can be exported at once.`);
  }
  return { from, to };
}

/** The CSV text of the period's approved and processed lines. */
export async function exportTimesheetCsv(db: Database, businessId: number, query: ExportQuery): Promise<string> {
  const { from, to } = periodOf(query);
  const line = timesheetLines;
  const conditions: SQL[] = [
    eq(line.businessId, businessId),
    inArray(line.status, ['Approved', 'Processed']),
    sql`(${line.startUtc} AT TIME ZONE ${line.ianaTimeZone})::date BETWEEN ${from}::date AND ${to}::date`,
  ];
  if (query.EmployeeId !== undefined) conditions.push(eq(line.employeeId, query.EmployeeId));
  if (query.LocationId !== undefined) conditions.push(eq(line.locationId, query.LocationId));
  const rows = await db
    .select({ line, firstName: employees.firstName, surname: employees.surname, externalId: employees.externalId })
    .from(line)
    .innerJoin(employees, eq(employees.id, line.employeeId))
    .where(and(...conditions))
    .orderBy(asc(line.employeeId), asc(line.startUtc), asc(line.id))
    .limit(EXPORT_LINES_MAX + 1);
  if (rows.length > EXPORT_LINES_MAX) {
    throw invalidField('validation-failed', 'ToDate', `The period has more than ${EXPORT_LINES_MAX} lines: export a shorter one.`);
  }
  const refs = await referencesOfLines(db, businessId, rows.map((r) => r.line));
  const written = await readWrittenWordings(db, businessId);
  const attested = await answersOfLines(db, businessId, rows.map((r) => r.line.id), written);
  const records = rows.map(({ line: row, firstName, surname, externalId }) => {
    const breaks = StoredBreaks.parse(row.breaks).map((b) => ({
      startUtc: new Date(b.startUtc),
      endUtc: b.endUtc ? new Date(b.endUtc) : null,
      isPaidBreak: b.isPaidBreak,
    }));
    const times = exportTimesOf({
      startUtc: row.startUtc,
      endUtc: row.endUtc,
      units: row.units === null ? null : Number(row.units),
      breaks,
      zone: row.ianaTimeZone,
    });
    return [
      externalId ?? '',
      row.employeeId,
      `${firstName} ${surname}`.trim(),
      times.date,
      times.start,
      times.end,
      times.unpaidBreakMinutes,
      times.paidBreakMinutes,
      times.hours,
      row.locationId === null ? '' : (refs.locations.get(row.locationId)?.fullyQualifiedName ?? ''),
      row.workTypeId === null ? '' : (refs.workTypes.get(row.workTypeId)?.name ?? ''),
      row.status,
      row.id,
      answersText(attested.get(row.id) ?? [], written),
    ];
  });
  return stringify([[...TIMESHEET_EXPORT_COLUMNS], ...records], { record_delimiter: 'windows' });
}
