/**
 * Timesheets: the lines of a week (GET timesheet with a wall-clock `$filter`, paged to the end),
 * forgotten clock-offs and disputed lines waiting for a manager first, each line editable and decided in place, and
 * the week's approved lines exported as CSV (the service's export, saved through a Blob link; with
 * nothing approved it says so instead of saving a file with only a header).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { readAllPages } from '../../../client';
import { PAGE_LIMITS } from '../../../contract/paging';
import { listAttestations } from '../../../contract/routes/attestations';
import { useNow } from '../../hooks/useNow';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { RefreshIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { saveFile } from '../../ui/saveFile';
import { CorrectionsCard } from './CorrectionsCard';
import { DisputesCard } from './DisputesCard';
import styles from './Manager.module.css';
import { MANAGER_KEY, useLiveStaff, useManagerApi, useSayFailure } from './ManagerContext';
import { displayName } from './onSite';
import own from './Roster.module.css';
import { addDays, weekOf } from './rosterBoard';
import { dateIn, instantOf } from './shiftForms';
import { TimesheetLineItem } from './TimesheetLineItem';
import { exportedLineCount, exportFileName, orderLines, periodFilter } from './timesheetForms';

/** Lines read at most for one week (pages of the history maximum). */
const MAX_LINES = 5_000;

export function TimesheetsSection() {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const runtime = useRuntime();
  const { kiosk } = runtime;
  const sayFailure = useSayFailure();
  const queryClient = useQueryClient();
  const now = useNow(useCallback(() => runtime.clock.now(), [runtime]), 60_000);
  const [day, setDay] = useState(() => dateIn(format.zone, now));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const [exported, setExported] = useState<{ tone: 'info' | 'success'; text: string } | null>(null);
  const week = weekOf(day);
  const staff = useLiveStaff();
  const base = [MANAGER_KEY, kiosk.kioskId, 'timesheets'] as const;
  const noonOf = (date: string) => instantOf(date, '12:00', format.zone) ?? new Date(`${date}T12:00:00Z`);

  const lines = useQuery({
    queryKey: [...base, 'lines', week.from],
    queryFn: () =>
      api.call((client) =>
        readAllPages((page) => client.timesheets.list(kiosk.businessId, { $filter: periodFilter(week), $orderby: 'startTime', ...page }), PAGE_LIMITS.history, MAX_LINES),
      ),
  });
  const corrections = useQuery({
    queryKey: [...base, 'corrections'],
    queryFn: () => api.call((client) => client.shiftCorrections.list(kiosk.businessId, { status: 'Pending' })),
    refetchInterval: 30_000,
  });
  // The answers given at clock-off, newest first: enough for the week on screen.
  const attested = useQuery({
    queryKey: [...base, 'attestations'],
    queryFn: () => api.call((client) => client.call(listAttestations, { path: { businessId: kiosk.businessId }, query: { $top: PAGE_LIMITS.history.maxTop } })),
    refetchInterval: 30_000,
  });
  const attestationOf = useMemo(() => new Map((attested.data ?? []).flatMap((a) => (a.timesheetLineId === null ? [] : [[a.timesheetLineId, a] as const]))), [attested.data]);
  const names = useMemo(() => new Map((staff.data ?? []).map((p) => [p.employeeId, displayName(p)])), [staff.data]);
  const flagged = useMemo(() => new Set((corrections.data ?? []).flatMap((c) => (c.timesheetLineId === null ? [] : [c.timesheetLineId]))), [corrections.data]);
  // Lines with a forgotten clock-off or a reported missed break come first.
  const needsLook = useMemo(() => new Set([...flagged, ...[...attestationOf.values()].flatMap((a) => (a.reportsMissedBreak && a.timesheetLineId !== null ? [a.timesheetLineId] : []))]), [flagged, attestationOf]);
  const ordered = orderLines(lines.data ?? [], needsLook);
  const refresh = () => queryClient.invalidateQueries({ queryKey: base });

  const changeDay = (next: string) => {
    setExported(null);
    setDay(next);
  };

  const exportWeek = async () => {
    setExporting(true);
    setExportError(null);
    setExported(null);
    try {
      const csv = await api.call((client) => client.timesheets.exportCsv(kiosk.businessId, { FromDate: week.from, ToDate: week.to }));
      // A file with only its header helps nobody: say there is nothing approved instead.
      const count = exportedLineCount(csv);
      if (count === 0) {
        setExported({ tone: 'info', text: t('export.empty') });
        return;
      }
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), exportFileName(week));
      setExported({ tone: 'success', text: t('export.done', { count }) });
    } catch (caught) {
      setExportError(caught);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('manager.timesheets.title')}</h1>
          <p className={styles.meta}>{t('manager.timesheets.lead')}</p>
        </div>
        <div className={styles.headTools}>
          <Button variant="secondary" icon={<RefreshIcon />} onClick={() => void refresh()} disabled={lines.isFetching}>
            {t('manager.refresh')}
          </Button>
          <Button onClick={() => void exportWeek()} disabled={exporting}>
            {t('manager.timesheets.export')}
          </Button>
        </div>
      </div>
      <div className={own.weekNav}>
        <Button variant="secondary" onClick={() => changeDay(addDays(week.from, -7))}>
          {t('manager.roster.previousWeek')}
        </Button>
        <Field label={t('manager.timesheets.weekOfDay')} type="date" value={day} onChange={(event) => event.target.value && changeDay(event.target.value)} />
        <Button variant="secondary" onClick={() => changeDay(addDays(week.from, 7))}>
          {t('manager.roster.nextWeek')}
        </Button>
        <span className={styles.lead} aria-live="polite" data-testid="timesheet-period">
          {t('manager.roster.weekOf', { from: format.date(noonOf(week.from)), to: format.date(noonOf(week.to)) })}
        </span>
      </div>
      {exportError ? <Notice tone="error">{sayFailure(exportError)}</Notice> : null}
      {exported ? <Notice tone={exported.tone}>{exported.text}</Notice> : null}
      {corrections.error ? <Notice tone="error">{sayFailure(corrections.error)}</Notice> : null}
      <CorrectionsCard corrections={corrections.data ?? []} onDecided={refresh} />
      <DisputesCard onResolved={refresh} />
      {lines.error ? <Notice tone="error">{sayFailure(lines.error)}</Notice> : null}
      <Card labelledBy="timesheet-lines">
        <h2 id="timesheet-lines" className={styles.cardTitle}>
          {t('manager.timesheets.linesTitle', { count: ordered.length })}
        </h2>
        {lines.isPending ? (
          <p className={styles.empty}>{t('common.loading')}</p>
        ) : ordered.length === 0 ? (
          <p className={styles.empty}>{t('manager.timesheets.none')}</p>
        ) : (
          <ul className={styles.list} aria-labelledby="timesheet-lines">
            {ordered.map((line) => (
              <TimesheetLineItem
                key={line.id}
                line={line}
                name={names.get(line.employeeId) ?? t('manager.timesheets.employeeN', { id: line.employeeId })}
                flagged={flagged.has(line.id)}
                attestation={attestationOf.get(line.id)}
                onChanged={refresh}
              />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
