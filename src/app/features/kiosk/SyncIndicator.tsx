/**
 * The small sync status on the kiosk screen: whether the service answers, and how many punches
 * and notes wait to be sent (not the entries riding along with them: one unverified punch is one).
 * "Online" only when the service answered recently (the runtime's reachability), never because the browser thinks a network is up; "Offline" when the browser has no network,
 * "Can't reach the service" when it has one and the service does not answer.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { useKioskBase } from '../../runtime/RuntimeContext';
import { usePendingCount, usePendingPunchCount, useSyncStatus } from '../../runtime/useKioskData';
import { CloudIcon, CloudOffIcon } from '../../ui/icons';
import shell from './KioskShell.module.css';
import styles from './SyncIndicator.module.css';

function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function SyncIndicator() {
  const { t } = useI18n();
  const { db, reachability } = useKioskBase();
  const pending = usePendingPunchCount(db);
  const total = usePendingCount(db);
  const status = useSyncStatus(db);
  const browserOnline = useBrowserOnline();
  const reach = useSyncExternalStore(reachability.subscribe, () => reachability.snapshot().state);
  const state = status?.current.state ?? 'idle';
  const unreachable = browserOnline && (reach === 'unreachable' || (reach !== 'reachable' && state === 'offline'));
  const offline = !browserOnline || unreachable;
  const retrying = state === 'retrying' && total > 0;
  const label = !browserOnline
    ? t('common.offline')
    : unreachable
      ? t('common.unreachable')
      : state === 'error'
      ? t('common.syncError')
      : retrying
        ? t('common.syncRetrying')
        : state === 'pushing' && total > 0
          ? t('common.syncing')
          : t('common.online');
  const warn = state === 'error' || retrying;
  // Only punches and notes are counted; entries riding along with them wait quietly.
  const detail = pending > 0 ? t('common.pending', { count: pending }) : total > 0 ? t('common.punchesSent') : t('common.allSent');
  return (
    <div
      className={`${styles.indicator} ${offline ? styles.offline : warn ? styles.error : ''}`}
      role="status"
      aria-label={`${t('kiosk.header.sync')}: ${label}. ${detail}`}
      title={detail}
      data-testid="sync-indicator"
      data-state={!browserOnline ? 'offline' : unreachable ? 'unreachable' : state}
      data-pending={pending}
    >
      <span className={styles.icon} aria-hidden="true">
        {offline ? <CloudOffIcon /> : <CloudIcon />}
      </span>
      <span className={shell.compactLabel}>{label}</span>
      {pending > 0 ? (
        <span className={styles.count} aria-hidden="true">
          <span>{pending}</span>
        </span>
      ) : null}
    </div>
  );
}
