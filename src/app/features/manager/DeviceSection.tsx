/**
 * This device: which business and kiosk the tablet serves, since when, the manager's own manager
 * PIN (and, for administrators, everyone's), and "Remove this device",
 * which revokes its credential at the service and forgets the enrolment (punches not yet sent stay
 * in the outbox); the app then shows the set-up flow.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { clearEnrolment } from '../../../offline/device';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { usePendingCount } from '../../runtime/useKioskData';
import { useKioskSettings } from '../../runtime/useKioskSettings';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { AllDevicesCard } from './AllDevicesCard';
import { DeviceHealth } from './DeviceHealth';
import { ManagerPinCard } from './ManagerPinCard';
import { ManagerPinsListCard } from './ManagerPinsListCard';
import { TrashIcon } from '../../ui/icons';
import styles from './Manager.module.css';
import { useManagerApi, useSayFailure } from './ManagerContext';
import { removeDevice } from './removeDevice';
import deviceStyles from './DeviceSection.module.css';

export function DeviceSection() {
  const { t, format } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const runtime = useRuntime();
  const { enrolment } = runtime;
  const settings = useKioskSettings(runtime.db);
  const pending = usePendingCount(runtime.db);
  const closeManager = useUiStore((s) => s.closeManager);
  const managerEmail = useUiStore((s) => s.manager?.email ?? '');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () =>
      removeDevice({
        pauseSync: () => runtime.sync.stop(),
        resumeSync: () => runtime.sync.start(),
        revokeDevice: () =>
          api.fix('device.revoke', { deviceId: enrolment.deviceId }, (client, options) => client.device.revoke(runtime.kiosk, enrolment.deviceId, options)),
        revokeManagerTokens: () => api.revokeTokens(),
        forget: () => clearEnrolment(runtime.db),
      }),
    // The app now shows the set-up flow; a later enrolment must start at the staff grid, signed out.
    onSuccess: () => closeManager(),
    onError: (caught) => {
      setConfirming(false);
      setError(sayFailure(caught));
    },
  });

  const details: Array<[string, string]> = [
    [t('manager.device.name'), enrolment.deviceName],
    [t('manager.device.number'), String(enrolment.deviceId)],
    [t('manager.device.kiosk'), settings?.name ?? enrolment.kioskName],
    [t('manager.device.business'), enrolment.businessName],
    [t('manager.device.enrolled'), `${format.weekdayDate(enrolment.enrolledAt)}, ${format.time(enrolment.enrolledAt)}`],
    [t('manager.device.service'), enrolment.serviceUrl],
    [t('manager.device.signedIn'), managerEmail],
  ];

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('manager.device.title')}</h1>
      </div>
      <Card labelledBy="device-details">
        <h2 id="device-details" className={styles.cardTitle}>
          {t('manager.device.details')}
        </h2>
        <dl className={deviceStyles.details}>
          {details.map(([term, value]) => (
            <div key={term} className={deviceStyles.detail}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <ManagerPinCard />
      <ManagerPinsListCard />
      <DeviceHealth />
      <AllDevicesCard />
      <Card labelledBy="device-remove">
        <h2 id="device-remove" className={styles.cardTitle}>
          {t('manager.device.removeTitle')}
        </h2>
        <p className={styles.lead}>{t('manager.device.removeLead', { kiosk: settings?.name ?? enrolment.kioskName })}</p>
        {pending > 0 ? <Notice tone="warning">{t('manager.device.pending', { count: pending })}</Notice> : null}
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div className={styles.actions}>
          <Button variant="danger" icon={<TrashIcon />} onClick={() => setConfirming(true)}>
            {t('manager.device.remove')}
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('manager.device.confirmTitle')}
        confirmLabel={t('manager.device.confirm')}
        cancelLabel={t('manager.device.keep')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => {
          setError(null);
          remove.mutate();
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('manager.device.confirmText', { device: enrolment.deviceName, kiosk: settings?.name ?? enrolment.kioskName })}</p>
        {pending > 0 ? <p>{t('manager.device.pending', { count: pending })}</p> : null}
      </ConfirmDialog>
    </>
  );
}
