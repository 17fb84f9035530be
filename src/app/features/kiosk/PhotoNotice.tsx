/**
 * The photo notice a person reads before the kiosk takes their first photo: the business's own
 * words (its photo policy's `notice`), or the kiosk's default in its language saying why the photo
 * is taken, how long it is kept and how to opt out. `PhotoNoticeGate` puts it in front of any step
 * that may photograph someone; once they acknowledge it (kept here at once, queued for the service:
 * offline/photoNotice.ts) the step itself shows, and neither this tablet nor any other asks again.
 * Exempt people never see it: no photo is taken of them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type ReactNode } from 'react';
import { acknowledgePhotoNoticeAtKiosk } from '../../../offline/kioskOperations';
import { acknowledgedHere, mustReadPhotoNotice } from '../../../offline/photoNotice';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskPolicy } from '../../runtime/useKioskSettings';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import steps from './Steps.module.css';
import styles from './PhotoNotice.module.css';
import { PHOTO_RETENTION_DAYS } from '../../../domain/photoRetention';
import { registerMessages } from '../../i18n/catalogue';
import { photoNotice } from '../../i18n/messages/photoNotice';

registerMessages(photoNotice);

interface GateProps {
  employeeId: number;
  name: string;
  /** Leaves without acknowledging: no photo is taken, nothing is recorded. */
  onBack: () => void;
  backLabel?: string;
  children: ReactNode;
}

export function PhotoNoticeGate({ employeeId, name, onBack, backLabel, children }: GateProps) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const policy = useKioskPolicy(runtime.db);
  const seen = useLiveQuery(() => acknowledgedHere(runtime.db), [runtime.db]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  if (policy === undefined || seen === undefined) return null;
  if (!mustReadPhotoNotice(policy, seen, employeeId)) return <>{children}</>;

  const acknowledge = async () => {
    setBusy(true);
    try {
      await acknowledgePhotoNoticeAtKiosk(runtime, employeeId);
    } catch (caught) {
      setFailed(t('common.unexpectedError', { message: caught instanceof Error ? caught.message : String(caught) }));
      setBusy(false);
    }
  };

  const words = policy?.photoNotice ?? t('kiosk.photoNotice.default', { count: policy?.photoRetentionDays ?? PHOTO_RETENTION_DAYS.default });
  return (
    <section className={`${steps.narrow} ${styles.notice}`} aria-labelledby="photo-notice-title">
      <div>
        <h1 id="photo-notice-title" className={steps.title}>
          {t('kiosk.photoNotice.title')}
        </h1>
        <p className={steps.forName}>{t('kiosk.forName', { name })}</p>
      </div>
      <div className={steps.card}>
        <p className={styles.words} data-testid="photo-notice-words" tabIndex={0}>
          {words}
        </p>
        <p className={styles.once}>{t('kiosk.photoNotice.once')}</p>
      </div>
      {failed ? <Notice tone="error">{failed}</Notice> : null}
      <div className={styles.buttons}>
        <Button variant="secondary" size="large" onClick={onBack} disabled={busy}>
          {backLabel ?? t('common.back')}
        </Button>
        <Button size="large" icon={<CheckIcon />} disabled={busy} onClick={() => void acknowledge()}>
          {t('kiosk.photoNotice.ok')}
        </Button>
      </div>
    </section>
  );
}
