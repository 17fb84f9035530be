/**
 * Step 6, once the device is enrolled: offers installation (the browser's own prompt when it
 * offered one, else short instructions for this browser, or "already installed"), shows how to pin
 * the app to the screen (PinningHelp), asks for persistent storage and says what the browser
 * answered, then starts the kiosk.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import type { DeviceEnrolment } from '../../../offline/device';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { getInstallPromptState, promptInstall, subscribeInstallPrompt, type InstallOutcome } from '../../runtime/installPrompt';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { FailureNotice, failureFrom, type ShownFailure } from './FailureNotice';
import { PinningHelp } from './PinningHelp';
import { browserTraits, detectInstallPlatform, requestPersistentStorage, type InstallPlatform, type StorageAnswer } from './installHelp';
import styles from './Setup.module.css';
import { setupQueryKeys } from './setupApi';
import { StepFrame } from './StepFrame';

const INSTRUCTIONS: Record<Exclude<InstallPlatform, 'standalone'>, readonly MessageKey[]> = {
  chromium: ['setup.install.chromium1', 'setup.install.chromium2'],
  ios: ['setup.install.ios1', 'setup.install.ios2'],
  other: ['setup.install.other1', 'setup.install.other2'],
};

const STORAGE_TEXT: Record<StorageAnswer, { tone: 'success' | 'warning'; key: MessageKey }> = {
  persistent: { tone: 'success', key: 'setup.install.storagePersistent' },
  'best-effort': { tone: 'warning', key: 'setup.install.storageBestEffort' },
  unsupported: { tone: 'warning', key: 'setup.install.storageUnsupported' },
};

export function InstallStep({ enrolment, onStart }: { enrolment: DeviceEnrolment; onStart: () => Promise<void> }) {
  const { t } = useI18n();
  const prompt = useSyncExternalStore(subscribeInstallPrompt, getInstallPromptState);
  const [platform] = useState(() => detectInstallPlatform(browserTraits()));
  const [outcome, setOutcome] = useState<InstallOutcome | null>(null);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const [busy, setBusy] = useState(false);
  // Asked once per set-up; the answer is read again after an installation (it often changes then).
  const storage = useQuery({ queryKey: [...setupQueryKeys.all, 'storage'], queryFn: () => requestPersistentStorage(), staleTime: Infinity, retry: false });

  const install = async () => {
    const result = await promptInstall();
    setOutcome(result);
    if (result === 'accepted') void storage.refetch();
  };

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onStart();
    } catch (error) {
      setFailure(failureFrom(error));
      setBusy(false);
    }
  };

  const installedNow = outcome === 'accepted' || prompt.installed;
  const storageText = storage.data ? STORAGE_TEXT[storage.data] : null;

  return (
    <StepFrame
      step={6}
      title={t('setup.install.title')}
      banner={<Notice tone="success">{t('setup.install.enrolled', { kiosk: enrolment.kioskName, business: enrolment.businessName })}</Notice>}
      submitLabel={t('setup.install.start')}
      submitSize="large"
      onSubmit={() => void start()}
      busy={busy}
      notice={<FailureNotice shown={failure} />}
    >
      <section className={styles.section} aria-labelledby="install-app-title">
        <h2 id="install-app-title" className={styles.sectionTitle}>
          {t('setup.install.appTitle')}
        </h2>
        {installedNow ? (
          <Notice tone="success">{t('setup.install.accepted')}</Notice>
        ) : platform === 'standalone' ? (
          <Notice tone="success">{t('setup.install.standalone')}</Notice>
        ) : (
          <>
            <p>{t('setup.install.why')}</p>
            {outcome === 'dismissed' ? <Notice tone="info">{t('setup.install.dismissed')}</Notice> : null}
            {prompt.canPrompt ? (
              <Button variant="primary" className={styles.installButton} onClick={() => void install()}>
                {t('setup.install.button')}
              </Button>
            ) : (
              <div className={styles.section}>
                <p className={styles.label}>{t('setup.install.howTo')}</p>
                <ol className={styles.instructions}>
                  {INSTRUCTIONS[platform].map((key) => (
                    <li key={key}>{t(key)}</li>
                  ))}
                </ol>
              </div>
            )}
          </>
        )}
      </section>
      <PinningHelp platform={platform} />
      <section className={styles.section} aria-labelledby="install-storage-title">
        <h2 id="install-storage-title" className={styles.sectionTitle}>
          {t('setup.install.storageTitle')}
        </h2>
        {storageText ? (
          <Notice tone={storageText.tone}>{t(storageText.key)}</Notice>
        ) : (
          <p className={styles.status} role="status">
            {t('setup.install.storageChecking')}
          </p>
        )}
      </section>
    </StepFrame>
  );
}
