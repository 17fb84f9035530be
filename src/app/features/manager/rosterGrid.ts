/**
 * The week roster as a people x days grid, without React: one row per person (everyone the kiosk
 * lists, and anyone with a shift this week), one cell per day holding that person's shifts of the
 * day in order; shifts with nobody assigned get a row of their own, last. The board (rosterBoard.ts)
 * has already said where each shift stands.
 */
import type { BoardDay, BoardRow } from './rosterBoard';

export interface GridPerson {
  employeeId: number;
  name: string;
}

export interface GridRow {
  /** null: the open (unassigned) shifts' row. */
  employeeId: number | null;
  name: string;
  /** One list per day of the week, in the board's day order. */
  cells: BoardRow[][];
}

export function rosterGrid(days: readonly BoardDay[], people: readonly GridPerson[], openShiftsName: string): GridRow[] {
  const names = new Map(people.map((p) => [p.employeeId, p.name]));
  for (const { rows } of days) {
    for (const { shift } of rows) {
      const id = shift.model.employeeId;
      if (id !== null && id !== undefined && !names.has(id)) names.set(id, shift.model.employeeName ?? `#${id}`);
    }
  }
  const rows: GridRow[] = [...names]
    .sort(([aId, a], [bId, b]) => a.localeCompare(b) || aId - bId)
    .map(([employeeId, name]) => ({ employeeId, name, cells: days.map(({ rows: day }) => day.filter((row) => row.shift.model.employeeId === employeeId)) }));
  const open = days.map(({ rows: day }) => day.filter((row) => row.shift.model.employeeId === null || row.shift.model.employeeId === undefined));
  if (open.some((cell) => cell.length > 0)) rows.push({ employeeId: null, name: openShiftsName, cells: open });
  return rows;
}
