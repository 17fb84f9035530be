/**
 * The small sync status on the kiosk screen: online or offline, and how many punches wait to be
 * sent. One component renders every state of the sync engine.
 */
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { usePendingCount, useSyncStatus } from '../../runtime/useKioskData';
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
  const { db } = useRuntime();
  const pending = usePendingCount(db);
  const status = useSyncStatus(db);
  const browserOnline = useBrowserOnline();
  const state = status?.current.state ?? 'idle';
  const offline = !browserOnline || state === 'offline';
  const retrying = state === 'retrying' && pending > 0;
  const label = offline
    ? t('common.offline')
    : state === 'error'
      ? t('common.syncError')
      : retrying
        ? t('common.syncRetrying')
        : state === 'pushing' && pending > 0
          ? t('common.syncing')
          : t('common.online');
  const warn = state === 'error' || retrying;
  const detail = pending > 0 ? t('common.pending', { count: pending }) : t('common.allSent');
  return (
    <div
      className={`${styles.indicator} ${offline ? styles.offline : warn ? styles.error : ''}`}
      role="status"
      aria-label={`${t('kiosk.header.sync')}: ${label}. ${detail}`}
      title={detail}
      data-testid="sync-indicator"
      data-state={offline ? 'offline' : state}
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
