/**
 * Roster: today's roster shifts for this kiosk's location (all locations when the kiosk has none)
 * as a list, the week as a people x days grid (RosterGrid), who has arrived (early, on time,
 * late), who is due, running late or absent (rosterBoard.ts over domain rosterAttendance), and
 * adding or changing a shift (RosterShiftCard, opened from a shift or an empty day of a person).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Arrival } from '../../../domain/roster';
import { useNow } from '../../hooks/useNow';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { PlusIcon, RefreshIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import styles from './Manager.module.css';
import { useLiveStaff, useSayFailure } from './ManagerContext';
import { displayName } from './onSite';
import { RosterGrid } from './RosterGrid';
import own from './Roster.module.css';
import { addDays, boardShift, clockedStart, countBoard, rosterBoard, weekOf, type BoardRow, type BoardShift } from './rosterBoard';
import { blankRosterForm, rosterFormOf, type RosterShiftForm } from './rosterForms';
import { RosterShiftCard } from './RosterShiftCard';
import { dateIn, instantOf } from './shiftForms';
import { rosterKeys, useBusinessZone, useRosterData } from './useRosterData';

type View = 'today' | 'week';
type Editing = { shift: BoardShift | null; initial: RosterShiftForm } | null;

function Status({ row }: { row: BoardRow }) {
  const { t, format } = useI18n();
  const a = row.attendance;
  const arrival = (value: Arrival) =>
    value.kind === 'onTime' ? t('manager.roster.onTime') : t(value.kind === 'early' ? 'manager.roster.early' : 'manager.roster.late', { minutes: value.minutes });
  switch (a.kind) {
    case 'arrived':
      return (
        <span className={styles.chips}>
          <span className={a.arrival.kind === 'late' ? styles.chipBreak : styles.chipOn}>
            {t(a.open ? 'manager.roster.arrivedAt' : 'manager.roster.workedFrom', { time: format.time(a.clockOnUtc) })} · {arrival(a.arrival)}
          </span>
        </span>
      );
    case 'due':
      return (
        <span className={styles.chips}>
          <span className={styles.chipInfo}>{t('manager.roster.due')}</span>
        </span>
      );
    case 'overdue':
      return (
        <span className={styles.chips}>
          <span className={styles.chipBreak}>{t('manager.roster.overdue', { minutes: a.minutes })}</span>
        </span>
      );
    case 'absent':
      return (
        <span className={styles.chips}>
          <span className={styles.chipAlert}>{t('manager.roster.absent')}</span>
        </span>
      );
    case 'upcoming':
      return (
        <span className={styles.chips}>
          <span className={styles.chip}>{t('manager.roster.upcoming')}</span>
        </span>
      );
  }
}

function ShiftRow({ row, onEdit }: { row: BoardRow; onEdit: () => void }) {
  const { t, format } = useI18n();
  const { model } = row.shift;
  const name = model.employeeName ?? t('manager.roster.unassigned');
  const where = [model.fullyQualifiedLocationName ?? model.locationName, model.workTypeName].filter(Boolean).join(' · ');
  const times = t('manager.roster.times', { start: format.time(row.shift.startUtc), end: format.time(row.shift.endUtc) });
  return (
    <li className={styles.row} data-testid="roster-row" data-roster-shift-id={row.shift.id} data-attendance={row.attendance.kind}>
      <Avatar name={name} size={52} />
      <div className={styles.rowMain}>
        <span className={styles.name}>{name}</span>
        <span className={styles.sub}>
          <span className={own.times}>{times}</span>
          {where ? ` · ${where}` : ''}
        </span>
        <Status row={row} />
      </div>
      <Button variant="secondary" onClick={onEdit} aria-label={t('manager.roster.editFor', { name, date: format.weekdayDate(row.shift.startUtc), times })}>
        {t('manager.roster.edit')}
      </Button>
    </li>
  );
}

export function RosterSection() {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const sayFailure = useSayFailure();
  const queryClient = useQueryClient();
  const now = useNow(useCallback(() => runtime.clock.now(), [runtime]), 30_000);
  const today = dateIn(format.zone, now);
  const [view, setView] = useState<View>('today');
  const [weekDay, setWeekDay] = useState(today);
  const [editing, setEditing] = useState<Editing>(null);
  const [done, setDone] = useState<string | null>(null);
  const week = weekOf(view === 'today' ? today : weekDay);
  const businessZone = useBusinessZone();
  const data = useRosterData(week, now);
  const locationRequired = data.kioskModel?.isLocationRequired ?? false;
  const workTypeRequired = data.kioskModel?.isWorkTypeRequired ?? false;

  const board = useMemo(() => {
    const shifts = (data.roster.data ?? []).flatMap((m) => boardShift(m, businessZone, format.zone) ?? []);
    const clocked = (data.clocked.data ?? []).flatMap((s) => clockedStart(s) ?? []);
    return rosterBoard(shifts, clocked, view === 'today' ? [today] : week.days, now, data.windowMinutes);
  }, [data.roster.data, data.clocked.data, data.windowMinutes, businessZone, format.zone, view, today, week.days, now]);
  const todayRows = board.find((d) => d.day === today)?.rows ?? [];
  const counts = countBoard(todayRows);
  const error = data.roster.error ?? data.clocked.error;
  /** Midday of a date on the kiosk's clock: that date, whatever the zone. */
  const noonOf = (day: string) => instantOf(day, '12:00', format.zone) ?? new Date(`${day}T12:00:00Z`);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: rosterKeys.all(runtime.kiosk.kioskId) });
  const staff = useLiveStaff();
  const people = useMemo(() => (staff.data ?? []).map((person) => ({ employeeId: person.employeeId, name: displayName(person) })), [staff.data]);
  const editor = useRef<HTMLDivElement>(null);
  // The form opens above the board: bring it into view (the grid may be scrolled far down).
  const open = (next: Editing) => {
    setDone(null);
    setEditing(next);
    requestAnimationFrame(() => editor.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };
  const startAdd = (employeeId: number | null = null, day?: string) => {
    const date = day ?? (view === 'today' ? today : weekDay < today ? today : weekDay);
    open({ shift: null, initial: { ...blankRosterForm(date, data.locationId), employeeId } });
  };
  const startEdit = (shift: BoardShift) => open({ shift, initial: rosterFormOf(shift, businessZone, format.zone) });

  return (
    <>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('manager.roster.title')}</h1>
          <p className={styles.meta}>
            {data.locationId === null ? t('manager.roster.allLocations') : t('manager.roster.kioskLocation')}
            {' · '}
            {data.windowMinutes === null ? t('manager.roster.noWindow') : t('manager.roster.window', { minutes: data.windowMinutes })}
          </p>
        </div>
        <div className={styles.headTools}>
          <div className={own.segmented} role="group" aria-label={t('manager.roster.view')}>
            <Button variant={view === 'today' ? 'primary' : 'secondary'} aria-pressed={view === 'today'} onClick={() => setView('today')}>
              {t('manager.roster.today')}
            </Button>
            <Button
              variant={view === 'week' ? 'primary' : 'secondary'}
              aria-pressed={view === 'week'}
              onClick={() => {
                setWeekDay(today);
                setView('week');
              }}
            >
              {t('manager.roster.week')}
            </Button>
          </div>
          <Button variant="secondary" icon={<RefreshIcon />} onClick={refresh} disabled={data.roster.isFetching}>
            {t('manager.refresh')}
          </Button>
          <Button icon={<PlusIcon />} onClick={() => startAdd()}>
            {t('manager.roster.add')}
          </Button>
        </div>
      </div>
      {view === 'today' && data.roster.data ? (
        <span className={styles.chips} data-testid="roster-counts">
          <span className={styles.chipOn}>{t('manager.roster.countArrived', { count: counts.arrived })}</span>
          <span className={styles.chipInfo}>{t('manager.roster.countDue', { count: counts.due })}</span>
          <span className={styles.chipBreak}>{t('manager.roster.countLate', { count: counts.late })}</span>
          <span className={styles.chipAlert}>{t('manager.roster.countAbsent', { count: counts.absent })}</span>
        </span>
      ) : null}
      {view === 'week' ? (
        <div className={own.weekNav}>
          <Button variant="secondary" onClick={() => setWeekDay(addDays(week.from, -7))}>
            {t('manager.roster.previousWeek')}
          </Button>
          <span className={styles.lead} aria-live="polite">
            {t('manager.roster.weekOf', { from: format.date(noonOf(week.from)), to: format.date(noonOf(week.to)) })}
          </span>
          <Button variant="secondary" onClick={() => setWeekDay(addDays(week.from, 7))}>
            {t('manager.roster.nextWeek')}
          </Button>
        </div>
      ) : null}
      {done ? <Notice tone="success">{done}</Notice> : null}
      {error ? <Notice tone="error">{sayFailure(error)}</Notice> : null}
      <div ref={editor} className={own.editorAnchor} />
      {editing ? (
        <RosterShiftCard
          key={editing.shift?.id ?? 'new'}
          editing={editing.shift}
          initial={editing.initial}
          locationRequired={locationRequired}
          workTypeRequired={workTypeRequired}
          onCancel={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setDone(message);
            refresh();
          }}
        />
      ) : null}
      {view === 'week' ? (
        data.roster.isPending ? (
          <p className={styles.empty}>{t('common.loading')}</p>
        ) : (
          <>
            {board.every(({ rows }) => rows.length === 0) ? <p className={styles.meta}>{t('roster.emptyWeek')}</p> : null}
            <RosterGrid days={board} people={people} today={today} noonOf={noonOf} onEdit={startEdit} onAdd={(employeeId, day) => startAdd(employeeId, day)} />
          </>
        )
      ) : (
        board.map(({ day, rows }) => {
          const headingId = `roster-day-${day}`;
          return (
            <Card key={day} labelledBy={headingId}>
              <h2 id={headingId} className={own.dayTitle}>
                {day === today ? t('manager.roster.todayHeading', { date: format.weekdayDate(noonOf(day)) }) : format.weekdayDate(noonOf(day))}
              </h2>
              {data.roster.isPending ? (
                <p className={styles.empty}>{t('common.loading')}</p>
              ) : rows.length === 0 ? (
                <p className={styles.meta}>{t('manager.roster.noShifts')}</p>
              ) : (
                <ul className={styles.list} aria-labelledby={headingId}>
                  {rows.map((row) => (
                    <ShiftRow key={row.shift.id} row={row} onEdit={() => startEdit(row.shift)} />
                  ))}
                </ul>
              )}
            </Card>
          );
        })
      )}
    </>
  );
}
