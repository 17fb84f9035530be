/**
 * The health of this kiosk as a manager needs to see it: is it sending, how much waits and since
 * when, does its clock agree with the service, will the browser keep its data, which version runs,
 * does the screen stay on, and which entries the service refused (to send again or dismiss).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { SKEW_WARNING_MS } from '../../../offline/clock';
import { dismissAttention, retryAttention } from '../../../offline/attention';
import { OutboxRecord, readRecord, type AttentionRecord } from '../../../offline/records';
import { recordedTimeOf } from '../../../offline/localState';
import { APP_VERSION } from '../../appVersion';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useAttention, usePendingCount, useStaff, useSyncStatus } from '../../runtime/useKioskData';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import styles from './DeviceHealth.module.css';
import { OPERATION_KEYS } from './operationWords';

function useStorageState() {
  return useQuery({
    queryKey: ['device', 'storage'],
    queryFn: async () => {
      const storage = navigator.storage as StorageManager | undefined;
      if (!storage?.persisted) return { persisted: null as boolean | null, usedMb: null as number | null };
      const [persisted, estimate] = await Promise.all([storage.persisted(), storage.estimate?.() ?? Promise.resolve(undefined)]);
      return { persisted, usedMb: estimate?.usage === undefined ? null : Math.round((estimate.usage / 1_048_576) * 10) / 10 };
    },
  });
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function DeviceHealth() {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const sync = useSyncStatus(runtime.db);
  const pending = usePendingCount(runtime.db);
  const attention = useAttention(runtime.db);
  const staff = useStaff(runtime.db);
  const oldest = useLiveQuery(async () => readRecord(OutboxRecord, await runtime.db.outbox.orderBy('seq').first()), [runtime.db]);
  const storage = useStorageState();
  const applyUpdate = useUiStore((s) => s.applyUpdate);
  const wakeLock = useUiStore((s) => s.wakeLock);
  const [dismissing, setDismissing] = useState<AttentionRecord | null>(null);

  const state = sync?.current;
  const syncText =
    state?.state === 'error' ? t('health.sync.error', { message: state.message }) : t(`health.sync.${state?.state ?? 'idle'}`);
  const offset = runtime.clock.offsetMs();
  const clockText =
    Math.abs(offset) < SKEW_WARNING_MS
      ? t('health.clockOk', { seconds: Math.max(1, Math.round(Math.abs(offset) / 1000)) })
      : t(offset > 0 ? 'health.clockBehind' : 'health.clockAhead', { duration: format.duration(Math.abs(offset)) });
  const nameOf = (employeeId: number) => staff?.find((s) => s.employeeId === employeeId)?.name ?? t('health.unknownPerson', { id: employeeId });
  const storageText =
    storage.data?.persisted === true
      ? t('health.storagePersistent')
      : storage.data?.persisted === false
        ? t('health.storageBestEffort')
        : t('health.storageUnknown');

  return (
    <>
      <Card labelledBy="health-title">
        <div className={styles.header}>
          <h2 id="health-title" className={styles.title}>
            {t('health.title')}
          </h2>
          <Button variant="primary" onClick={() => runtime.sync.sendNow()}>
            {t('health.sendNow')}
          </Button>
        </div>
        {Math.abs(offset) >= SKEW_WARNING_MS ? <Notice tone="warning">{clockText}</Notice> : null}
        <dl className={styles.list} data-testid="device-health">
          <Row term={t('health.sync')}>
            <span data-state={state?.state ?? 'idle'}>{syncText}</span>
          </Row>
          <Row term={t('health.lastSuccess')}>{sync?.lastSuccessAt ? format.dateTime(new Date(sync.lastSuccessAt)) : t('health.never')}</Row>
          <Row term={t('health.queue')}>
            <span data-testid="health-queue">{t('health.queueCount', { count: pending })}</span>
          </Row>
          <Row term={t('health.oldest')}>{oldest ? format.dateTime(oldest.createdAt) : t('health.none')}</Row>
          <Row term={t('health.clock')}>{clockText}</Row>
          <Row term={t('health.storage')}>
            {storageText}
            {storage.data?.usedMb !== null && storage.data?.usedMb !== undefined ? ` · ${t('health.storageUsage', { used: storage.data.usedMb })}` : ''}
            {storage.data?.persisted === false ? (
              <Button
                variant="ghost"
                onClick={() => void navigator.storage.persist().finally(() => void queryClient.invalidateQueries({ queryKey: ['device', 'storage'] }))}
              >
                {t('health.keepStorage')}
              </Button>
            ) : null}
          </Row>
          <Row term={t('health.version')}>
            {APP_VERSION}
            {applyUpdate ? (
              <Button variant="ghost" onClick={() => void applyUpdate()}>
                {t('health.updateNow')}
              </Button>
            ) : null}
          </Row>
          <Row term={t('health.wakeLock')}>{t(`health.wakeLock.${wakeLock}`)}</Row>
        </dl>
      </Card>
      <Card labelledBy="attention-title">
        <h2 id="attention-title" className={styles.title}>
          {t('health.attention')} ({attention.length})
        </h2>
        {attention.length === 0 ? (
          <p className={styles.muted}>{t('health.attentionNone')}</p>
        ) : (
          <>
            <p className={styles.muted}>{t('health.attentionLead')}</p>
            <ul className={styles.attention} data-testid="attention-list">
              {attention.map((entry) => (
                <li key={entry.id} className={styles.item}>
                  <div>
                    <strong>
                      {t('health.attentionItem', {
                        operation: t(OPERATION_KEYS[entry.op]),
                        name: nameOf(entry.employeeId),
                        time: format.dateTime(recordedTimeOf(entry)),
                      })}
                    </strong>
                    <p className={styles.message}>
                      {entry.message}
                      {entry.status ? ` (${entry.status}${entry.code ? ` ${entry.code}` : ''})` : ''}
                    </p>
                  </div>
                  <div className={styles.itemActions}>
                    <Button variant="secondary" onClick={() => void retryAttention(runtime.db, entry.id).then(() => runtime.sync.trigger())}>
                      {t('health.retry')}
                    </Button>
                    <Button variant="ghost" onClick={() => setDismissing(entry)}>
                      {t('health.dismiss')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      <ConfirmDialog
        open={dismissing !== null}
        title={t('health.dismissTitle')}
        confirmLabel={t('health.dismiss')}
        cancelLabel={t('health.keep')}
        tone="danger"
        onConfirm={() => {
          if (dismissing) void dismissAttention(runtime.db, dismissing.id);
          setDismissing(null);
        }}
        onCancel={() => setDismissing(null)}
      >
        <p>{t('health.dismissText')}</p>
      </ConfirmDialog>
    </>
  );
}
