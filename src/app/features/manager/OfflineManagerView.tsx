/**
 * Manager mode with no service: what this tablet holds, read only (offline/offlineOverview.ts):
 * its queue, who is on site as it knows it, the unverified punches waiting, and the entries the
 * service refused. Opened by a manager PIN this tablet's verifier accepted; no data leaves the
 * tablet and nothing can be changed here.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KioskManager } from '../../../offline/managerPins';
import { readOfflineOverview, type QueuedItem } from '../../../offline/offlineOverview';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskSettings } from '../../runtime/useKioskSettings';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { LogoutIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card, Page } from '../../ui/Page';
import { SyncIndicator } from '../kiosk/SyncIndicator';
import styles from './Manager.module.css';
import { OPERATION_KEYS } from './operationWords';

function QueueList({ items, id, testId }: { items: readonly QueuedItem[]; id: string; testId: string }) {
  const { t, format } = useI18n();
  return (
    <ul className={styles.list} aria-labelledby={id}>
      {items.map((item) => {
        const name = item.name ?? t('offlineView.someone', { id: item.employeeId });
        return (
          <li key={item.id} className={styles.row} data-testid={testId} data-op={item.op}>
            <Avatar name={name} size={44} />
            <div className={styles.rowMain}>
              <span className={styles.name}>{name}</span>
              <span className={styles.sub}>
                {item.op === 'identityClaim' && item.punchKind ? t('offlineView.unverifiedPunch', { punch: t(OPERATION_KEYS[item.punchKind]) }) : t(OPERATION_KEYS[item.op])} · {format.dateTime(item.at)}
              </span>
              {item.lastError ? <span className={styles.meta}>{item.lastError}</span> : null}
            </div>
            <span className={styles.meta}>{item.attempts === 0 ? t('offlineView.notSent') : t('offlineView.tries', { count: item.attempts })}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function OfflineManagerView({ manager, onExit }: { manager: KioskManager; onExit: () => void }) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const settings = useKioskSettings(runtime.db);
  const overview = useLiveQuery(() => readOfflineOverview(runtime.db), [runtime.db]);

  return (
    <Page
      title={t('offlineView.bar', { kiosk: settings?.name ?? runtime.enrolment.kioskName })}
      tools={
        <div className={styles.headTools}>
          <SyncIndicator />
          <Button variant="onDark" icon={<LogoutIcon />} onClick={onExit}>
            {t('offlineView.exit')}
          </Button>
        </div>
      }
    >
      <div>
        <h1 className={styles.title}>{t('offlineView.title')}</h1>
        <p className={styles.lead}>{t('offlineView.lead', { name: manager.name })}</p>
      </div>
      {overview === undefined ? (
        <p className={styles.empty}>{t('common.loading')}</p>
      ) : (
        <>
          <Card labelledBy="offline-on-site">
            <h2 id="offline-on-site" className={styles.cardTitle}>
              {t('offlineView.onSiteTitle', { count: overview.onSite.length })}
            </h2>
            {overview.onSite.length === 0 ? (
              <p className={styles.empty}>{t('offlineView.onSiteEmpty')}</p>
            ) : (
              <ul className={styles.list} aria-labelledby="offline-on-site">
                {overview.onSite.map((person) => (
                  <li key={person.employeeId} className={styles.row} data-testid="offline-on-site-row">
                    <Avatar name={person.name} size={44} />
                    <div className={styles.rowMain}>
                      <span className={styles.name}>{person.name}</span>
                      <span className={styles.sub}>
                        {t(`status.${person.status}`)}
                        {person.since ? ` · ${t('offlineView.since', { time: format.time(person.since) })}` : ''}
                        {person.hasUnsent ? ` · ${t('offlineView.notSent')}` : ''}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card labelledBy="offline-unverified">
            <h2 id="offline-unverified" className={styles.cardTitle}>
              {t('offlineView.unverifiedTitle', { count: overview.unverified.length })}
            </h2>
            <p className={styles.meta}>{t('offlineView.unverifiedLead')}</p>
            {overview.unverified.length === 0 ? <p className={styles.empty}>{t('offlineView.unverifiedEmpty')}</p> : <QueueList items={overview.unverified} id="offline-unverified" testId="offline-unverified-row" />}
          </Card>
          <Card labelledBy="offline-queue">
            <h2 id="offline-queue" className={styles.cardTitle}>
              {t('offlineView.queueTitle', { count: overview.queue.length })}
            </h2>
            {overview.queue.length === 0 ? <p className={styles.empty}>{t('offlineView.queueEmpty')}</p> : <QueueList items={overview.queue} id="offline-queue" testId="offline-queue-row" />}
          </Card>
          {overview.attention.length > 0 ? (
            <Card labelledBy="offline-attention">
              <h2 id="offline-attention" className={styles.cardTitle}>
                {t('offlineView.attentionTitle', { count: overview.attention.length })}
              </h2>
              <Notice tone="warning">{t('offlineView.attentionLead')}</Notice>
              <QueueList items={overview.attention} id="offline-attention" testId="offline-attention-row" />
            </Card>
          ) : null}
        </>
      )}
    </Page>
  );
}
