/**
 * On site: a live board of who is clocked on or on a break, since when (kiosk zone) and for how
 * long, with the long-shift flag. The service's live status, refetched every 15 seconds.
 */
import { useCallback } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { useNow } from '../../hooks/useNow';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { RefreshIcon } from '../../ui/icons';
import styles from './Manager.module.css';
import { useLiveStaff, useSayFailure } from './ManagerContext';
import { countOnSite, onSiteBoard, type OnSiteRow } from './onSite';
import { UnverifiedPunchesCard } from './UnverifiedPunchesCard';

export const ON_SITE_REFRESH_MS = 15_000;

function Row({ row }: { row: OnSiteRow }) {
  const { t, format } = useI18n();
  const onBreak = row.status === 'OnBreak';
  return (
    <li className={styles.row} data-testid="on-site-row" data-employee-id={row.employeeId}>
      <Avatar name={row.name} size={52} />
      <div className={styles.rowMain}>
        <span className={styles.name}>{row.name}</span>
        <span className={styles.sub}>
          {row.shiftStart ? t('manager.onSite.onSince', { time: format.time(row.shiftStart) }) : t('manager.onSite.startUnknown')}
          {onBreak && row.breakStart ? ` · ${t('manager.onSite.breakSince', { time: format.time(row.breakStart), duration: format.duration(row.breakMs) })}` : ''}
        </span>
        <span className={styles.chips}>
          <span className={onBreak ? styles.chipBreak : styles.chipOn}>{t(`status.${row.status}`)}</span>
          {row.longShift ? <span className={styles.chipAlert}>{t('manager.onSite.longShift')}</span> : null}
        </span>
      </div>
      <div className={styles.rowEnd}>
        <span className={styles.big}>{format.duration(row.shiftMs)}</span>
        <span className={styles.meta}>{t('manager.onSite.onShift')}</span>
      </div>
    </li>
  );
}

export function OnSiteSection() {
  const { t, format } = useI18n();
  const sayFailure = useSayFailure();
  const runtime = useRuntime();
  const staff = useLiveStaff(ON_SITE_REFRESH_MS);
  const now = useNow(useCallback(() => runtime.clock.now(), [runtime]), ON_SITE_REFRESH_MS);
  const rows = staff.data ? onSiteBoard(staff.data, now) : [];
  const counts = countOnSite(rows);

  return (
    <>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('manager.onSite.title')}</h1>
          <p className={styles.meta} aria-live="polite">
            {staff.dataUpdatedAt ? t('manager.onSite.updated', { time: format.time(new Date(staff.dataUpdatedAt)) }) : t('common.loading')}
          </p>
        </div>
        <div className={styles.headTools}>
          {staff.data ? (
            <span className={styles.chips}>
              <span className={styles.chipOn}>{t('manager.onSite.working', { count: counts.working })}</span>
              <span className={styles.chipBreak}>{t('manager.onSite.onBreak', { count: counts.onBreak })}</span>
            </span>
          ) : null}
          <Button variant="secondary" icon={<RefreshIcon />} onClick={() => void staff.refetch()} disabled={staff.isFetching}>
            {t('manager.refresh')}
          </Button>
        </div>
      </div>
      {staff.error ? <Notice tone="error">{sayFailure(staff.error)}</Notice> : null}
      {counts.longShifts > 0 ? <Notice tone="warning">{t('manager.onSite.longShiftsNotice', { count: counts.longShifts })}</Notice> : null}
      <UnverifiedPunchesCard />
      <Card labelledBy="on-site-list">
        <h2 id="on-site-list" className="visually-hidden">
          {t('manager.onSite.listLabel')}
        </h2>
        {staff.isPending ? (
          <p className={styles.empty}>{t('common.loading')}</p>
        ) : rows.length === 0 ? (
          <p className={styles.empty}>{t('manager.onSite.nobody')}</p>
        ) : (
          <ul className={styles.list} aria-labelledby="on-site-list">
            {rows.map((row) => (
              <Row key={row.employeeId} row={row} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
