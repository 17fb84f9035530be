/**
 * All devices: every kiosk tablet of the business the manager may see, from any one of them, with
 * what each last said about itself (fleet health: including badges it could not place offline, and
 * a badge lockout) and a flag for a device the service has not heard from for too long. This device reports first, so its own row is current.
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { FleetDeviceModel } from '../../../contract/routes/devices';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import styles from './Manager.module.css';
import fleetStyles from './AllDevicesCard.module.css';
import { badgeLockOf, fleetToneOf, sortFleet } from './fleet';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';

const FLEET_REFRESH_MS = 30_000;
/** How long the list waits for this device's own report before asking anyway. */
const OWN_REPORT_WAIT_MS = 1_500;

const waitAtMost = (ms: number, work: Promise<void>) => Promise.race([work, new Promise<void>((done) => setTimeout(done, ms))]);

function DeviceItem({ device, isThisDevice, now }: { device: FleetDeviceModel; isThisDevice: boolean; now: Date }) {
  const { t, format } = useI18n();
  const health = device.health;
  const tone = fleetToneOf(device, now);
  const badgeLock = badgeLockOf(device, now);
  const offsetMs = Math.abs(health?.clockOffsetMs ?? 0);
  const amount = offsetMs < 60_000 ? t('manager.fleet.seconds', { seconds: Math.round(offsetMs / 1000) }) : format.duration(offsetMs);
  const skew = health
    ? offsetMs < 1000
      ? t('manager.fleet.skewNone')
      : t(health.clockOffsetMs > 0 ? 'manager.fleet.skewBehind' : 'manager.fleet.skewAhead', { duration: amount })
    : null;
  const storage = health
    ? t(health.storagePersisted === true ? 'manager.fleet.storageKept' : health.storagePersisted === false ? 'manager.fleet.storageMayClear' : 'manager.fleet.storageUnknown')
    : null;
  const facts: Array<[string, string, string?]> = health
    ? [
        [t('manager.fleet.queue'), t('health.queueCount', { count: health.queueDepth }), 'queue'],
        [t('health.oldest'), health.oldestUnsentUtc ? format.dateTime(health.oldestUnsentUtc) : t('health.none')],
        [t('health.lastSuccess'), health.lastSyncUtc ? format.dateTime(health.lastSyncUtc) : t('health.never')],
        [t('health.clock'), skew ?? ''],
        [t('health.version'), health.appVersion],
        [t('health.storage'), storage ?? ''],
        [t('manager.fleet.attention'), String(health.needsAttention), 'attention'],
        // Older apps do not report badges they could not place offline: no row rather than a wrong 0.
        ...(health.unknownBadgesOffline === undefined
          ? []
          : [
              [
                t('manager.fleet.unknownBadges'),
                health.unknownBadgesOffline > 0 && health.lastUnknownBadgeOfflineUtc
                  ? t('manager.fleet.unknownBadgesLast', { count: health.unknownBadgesOffline, time: format.dateTime(health.lastUnknownBadgeOfflineUtc) })
                  : String(health.unknownBadgesOffline),
                'unknown-badges',
              ] as [string, string, string],
            ]),
      ]
    : [];
  return (
    <li className={fleetStyles.device} data-testid="fleet-device" data-device-id={device.id} data-tone={tone} data-silent={device.isSilent}>
      <div className={fleetStyles.top}>
        <div className={styles.rowMain}>
          <span className={styles.name}>{device.name}</span>
          <span className={styles.sub}>
            {t('manager.fleet.kiosk', { kiosk: device.kioskName })} ·{' '}
            {device.lastHeardUtc ? t('manager.fleet.lastHeard', { time: format.dateTime(device.lastHeardUtc) }) : t('manager.fleet.neverHeard')}
          </span>
        </div>
        <div className={styles.chips}>
          {isThisDevice ? <span className={styles.chipInfo}>{t('manager.fleet.thisDevice')}</span> : null}
          {device.isSilent ? (
            <span className={styles.chipAlert} data-testid="fleet-silent">
              {t('manager.fleet.silent')}
            </span>
          ) : (
            <span className={styles.chipOn}>{t('manager.fleet.heard')}</span>
          )}
          {health && health.needsAttention > 0 ? <span className={styles.chipAlert}>{t('manager.fleet.needsAttention', { count: health.needsAttention })}</span> : null}
          {badgeLock ? (
            <span className={styles.chipAlert} data-testid="fleet-badge-lock">
              {t('manager.fleet.badgeLocked', { time: format.time(badgeLock) })}
            </span>
          ) : null}
        </div>
      </div>
      {health ? (
        <dl className={fleetStyles.facts}>
          {facts.map(([term, value, id]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd {...(id ? { 'data-fact': id } : {})}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.sub}>{t('manager.fleet.noReport')}</p>
      )}
    </li>
  );
}

export function AllDevicesCard() {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const runtime = useRuntime();
  const { kiosk, enrolment, reachability } = runtime;
  const reach = useSyncExternalStore(reachability.subscribe, () => reachability.snapshot().state);
  const fleet = useQuery({
    queryKey: [MANAGER_KEY, kiosk.kioskId, 'fleet'],
    queryFn: async () => {
      await waitAtMost(OWN_REPORT_WAIT_MS, runtime.reportHealth({ force: true }));
      return api.call((client) => client.device.listFleet(kiosk.businessId));
    },
    refetchInterval: FLEET_REFRESH_MS,
  });
  const now = runtime.clock.now();
  const devices = fleet.data ? sortFleet(fleet.data, now) : null;
  const silent = devices?.filter((d) => d.isSilent).length ?? 0;

  return (
    <Card labelledBy="fleet-title">
      <div className={styles.head}>
        <h2 id="fleet-title" className={styles.cardTitle}>
          {t('manager.fleet.title')}
        </h2>
        {devices ? <span className={styles.meta}>{t('manager.fleet.count', { count: devices.length })}</span> : null}
      </div>
      <p className={styles.lead}>{t('manager.fleet.lead')}</p>
      {reach === 'unreachable' ? <Notice tone="warning">{t('manager.fleet.offline')}</Notice> : null}
      {silent > 0 ? <Notice tone="warning">{t('manager.fleet.silentCount', { count: silent })}</Notice> : null}
      {fleet.error ? <Notice tone="error">{sayFailure(fleet.error)}</Notice> : null}
      {!devices ? (
        fleet.error ? null : <p className={styles.empty}>{t('common.loading')}</p>
      ) : devices.length === 0 ? (
        <p className={styles.empty}>{t('manager.fleet.none')}</p>
      ) : (
        <ul className={fleetStyles.list} aria-labelledby="fleet-title" data-testid="fleet-list">
          {devices.map((device) => (
            <DeviceItem key={device.id} device={device} isThisDevice={device.id === enrolment.deviceId} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}
