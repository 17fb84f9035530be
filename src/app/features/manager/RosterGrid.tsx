/**
 * The week roster as a grid: people down the side, the seven days across, each shift a button in
 * its cell (times, place, coloured by where it stands) that opens it for editing, and an empty
 * cell's "+" that adds a shift for that person on that day. A real table (the person and the day
 * name every cell for a screen reader), scrolling sideways with the names kept in view where the
 * screen is narrow.
 */
import { useMemo } from 'react';
import type { RosterAttendance } from '../../../domain/roster';
import { formatLocaleFor } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { PlusIcon } from '../../ui/icons';
import type { BoardDay, BoardShift } from './rosterBoard';
import { isLate } from './rosterBoard';
import { rosterGrid, type GridPerson } from './rosterGrid';
import own from './RosterGrid.module.css';

function toneOf(attendance: RosterAttendance): string {
  if (attendance.kind === 'absent') return own.absent ?? '';
  if (isLate(attendance)) return own.late ?? '';
  if (attendance.kind === 'arrived') return own.arrived ?? '';
  if (attendance.kind === 'due') return own.due ?? '';
  return own.upcoming ?? '';
}

export interface RosterGridProps {
  days: readonly BoardDay[];
  people: readonly GridPerson[];
  today: string;
  /** Midday of a date on the kiosk's clock (so a date formats as that date). */
  noonOf: (day: string) => Date;
  onEdit: (shift: BoardShift) => void;
  onAdd: (employeeId: number | null, day: string) => void;
}

export function RosterGrid({ days, people, today, noonOf, onEdit, onAdd }: RosterGridProps) {
  const { t, format, locale } = useI18n();
  const rows = rosterGrid(days, people, t('manager.roster.unassigned'));
  // Column heads are short ("Mon 23"); the cells' accessible names carry the whole date.
  const dayHead = useMemo(() => new Intl.DateTimeFormat(formatLocaleFor(locale, navigator.languages), { timeZone: format.zone, weekday: 'short', day: 'numeric' }), [locale, format.zone]);
  return (
    <div className={own.scroller} data-testid="roster-grid">
      <table className={own.grid}>
        <caption className="visually-hidden">{t('roster.grid')}</caption>
        <thead>
          <tr>
            <th scope="col" className={own.corner}>
              {t('roster.person')}
            </th>
            {days.map(({ day }) => (
              <th key={day} scope="col" className={day === today ? own.todayHead : own.dayHead}>
                <abbr title={format.weekdayDate(noonOf(day))} className={own.dayAbbr}>
                  {dayHead.format(noonOf(day))}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.employeeId ?? 'open'} data-testid="roster-grid-row" data-employee-id={row.employeeId ?? undefined}>
              <th scope="row" className={own.person}>
                <span className={own.personName}>{row.name}</span>
              </th>
              {row.cells.map((cell, index) => {
                const day = days[index]?.day ?? '';
                return (
                  <td key={day} className={day === today ? own.todayCell : own.cell} data-day={day}>
                    {cell.map(({ shift, attendance }) => {
                      const times = t('manager.roster.times', { start: format.time(shift.startUtc), end: format.time(shift.endUtc) });
                      const where = shift.model.locationName ?? shift.model.workTypeName;
                      return (
                        <button
                          key={shift.id}
                          type="button"
                          className={`${own.shift} ${toneOf(attendance)}`}
                          data-testid="roster-grid-shift"
                          data-roster-shift-id={shift.id}
                          data-attendance={attendance.kind}
                          onClick={() => onEdit(shift)}
                          aria-label={t('manager.roster.editFor', { name: row.name, date: format.weekdayDate(shift.startUtc), times })}
                        >
                          <span className={own.times}>{times}</span>
                          {where ? <span className={own.where}>{where}</span> : null}
                        </button>
                      );
                    })}
                    {cell.length === 0 && row.employeeId !== null ? (
                      <button type="button" className={own.add} onClick={() => onAdd(row.employeeId, day)} aria-label={t('roster.addFor', { name: row.name, date: format.weekdayDate(noonOf(day)) })}>
                        <PlusIcon />
                      </button>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
