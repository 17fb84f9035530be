/**
 * Step 5: names this device and enrols it. The credential is saved on the device the moment it
 * arrives (the service shows it only once), then the manager's session is ended; the app then
 * moves on to the install step by itself, because an enrolment now exists.
 */
import { useState } from 'react';
import type { BusinessModel, TimeAndAttendanceKioskModel } from '../../../client';
import type { KioskDb } from '../../../offline/db';
import { useI18n } from '../../i18n/I18nProvider';
import { Field } from '../../ui/Field';
import { FailureNotice, failureFrom, type ShownFailure } from './FailureNotice';
import styles from './Setup.module.css';
import { enrolThisDevice, kioskDisplayName, type ManagerConnection } from './setupApi';
import { StepFrame } from './StepFrame';

export interface DeviceStepProps {
  db: KioskDb;
  connection: ManagerConnection;
  business: BusinessModel;
  kiosk: TimeAndAttendanceKioskModel;
  onBack: () => void;
  onSignInAgain: () => void;
}

export function DeviceStep({ db, connection, business, kiosk, onBack, onSignInAgain }: DeviceStepProps) {
  const { t } = useI18n();
  const [name, setName] = useState(() => t('setup.device.defaultName'));
  const [nameMissing, setNameMissing] = useState(false);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const kioskName = kioskDisplayName(kiosk, (id) => t('setup.kiosk.unnamed', { id }));

  const submit = async () => {
    setFailure(null);
    setNameMissing(!name.trim());
    if (!name.trim()) return;
    setBusy(true);
    try {
      await enrolThisDevice(db, connection, { business, kiosk, kioskName, deviceName: name });
      // Nothing more to do here: the saved enrolment switches the app to the install step.
    } catch (error) {
      setFailure(failureFrom(error));
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step={5}
      title={t('setup.device.title')}
      lead={t('setup.device.lead')}
      submitLabel={busy ? t('setup.device.busy') : t('setup.device.submit')}
      onSubmit={() => void submit()}
      onBack={onBack}
      busy={busy}
      notice={<FailureNotice shown={failure} onSignInAgain={onSignInAgain} />}
    >
      <dl className={styles.summary}>
        <dt>{t('setup.device.service')}</dt>
        <dd>{connection.serviceUrl}</dd>
        <dt>{t('setup.device.business')}</dt>
        <dd>{business.name}</dd>
        <dt>{t('setup.device.kiosk')}</dt>
        <dd>{kioskName}</dd>
      </dl>
      <Field
        label={t('setup.device.name')}
        hint={t('setup.device.nameHint')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameMissing && !name.trim() ? t('setup.device.nameMissing') : null}
        autoComplete="off"
        maxLength={100}
      />
    </StepFrame>
  );
}
