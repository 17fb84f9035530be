import { describe, expect, it } from 'vitest';
import type { UkRosterShiftGenerateTimesheetModel } from '../../../contract/generated/models';
import type { BoardDay, BoardRow } from './rosterBoard';
import { rosterGrid } from './rosterGrid';

const row = (id: number, employeeId: number | null, employeeName: string | null): BoardRow =>
  ({ shift: { id, model: { employeeId, employeeName } as UkRosterShiftGenerateTimesheetModel }, attendance: { kind: 'upcoming' } }) as unknown as BoardRow;

describe('rosterGrid', () => {
  it('puts each person on a row and each shift in its day, with the open shifts last', () => {
    const days: BoardDay[] = [
      { day: '2026-07-06', rows: [row(1, 7, 'Zoë Hart'), row(2, null, null), row(3, 7, 'Zoë Hart')] },
      { day: '2026-07-07', rows: [row(4, 9, 'Ana Ruiz')] },
    ];
    const grid = rosterGrid(days, [{ employeeId: 5, name: 'Ben Okafor' }, { employeeId: 7, name: 'Zoë Hart' }], 'Open shift');
    expect(grid.map((r) => [r.name, r.cells.map((cell) => cell.map((c) => c.shift.id))])).toEqual([
      ['Ana Ruiz', [[], [4]]],
      ['Ben Okafor', [[], []]],
      ['Zoë Hart', [[1, 3], []]],
      ['Open shift', [[2], []]],
    ]);
    expect(grid.at(-1)?.employeeId).toBeNull();
  });

  it('has no open-shift row when every shift has a person', () => {
    const grid = rosterGrid([{ day: '2026-07-06', rows: [row(1, 7, 'Zoë Hart')] }], [], 'Open shift');
    expect(grid.map((r) => r.name)).toEqual(['Zoë Hart']);
  });
});
