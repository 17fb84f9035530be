/**
 * What a person the tablet cannot check is told while the service cannot be reached
 * (docs/offline-pin.md, unverified punches): plainly that their PIN can't be checked now, that the
 * punch is recorded and a manager confirms it. Where the tablet has a camera the preview shows, and
 * their photo is taken (capturePhoto) when they continue; without one, or for a person exempt from
 * photos (whose camera is never opened), they continue all the same.
 */
import { useRef, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { captureFrame } from './capturePhoto';
import { PersonHeading } from './PersonHeading';
import { useCamera } from './useCamera';
import steps from './Steps.module.css';
import styles from './UnverifiedNotice.module.css';

interface Props {
  name: string;
  firstName: string;
  photoUrl: string | null;
  /** The person is exempt from punch photos: the camera is not opened. */
  photoExempt: boolean;
  /** The photo (JPEG base64) when one was taken. */
  onContinue: (image: string | null) => void;
  onCancel: () => void;
}

export function UnverifiedNotice({ name, firstName, photoUrl, photoExempt, onContinue, onCancel }: Props) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [busy, setBusy] = useState(false);

  const { ready: camera, error: cameraError } = useCamera(video, !photoExempt);
  // The preview and its words take their room from the start, while the camera may still come: a
  // picture arriving later must not move the buttons under a finger already on its way to them
  // (the tap would miss, and the kiosk would drift back to the names with nothing recorded).
  const previewRoom = !photoExempt && cameraError === null;

  // A still that cannot be taken does not hold the punch up: it goes on without one, as without a camera.
  const proceed = () => {
    setBusy(true);
    let image: string | null = null;
    try {
      if (camera && video.current) image = captureFrame(video.current).base64;
    } catch {
      image = null;
    }
    onContinue(image);
  };

  return (
    <section className={`${steps.narrow} ${styles.notice}`} aria-labelledby="unverified-title">
      <PersonHeading name={name} photoUrl={photoUrl} title={t('kiosk.pin.hello', { name: firstName })} id="unverified-hello">
        <h2 id="unverified-title" className={steps.subtitle}>
          {t('kiosk.unverified.title')}
        </h2>
      </PersonHeading>
      <Notice tone="warning">{t('kiosk.unverified.body')}</Notice>
      <p className={styles.small}>{t('kiosk.unverified.sealed')}</p>
      <div className={`${steps.camera} ${styles.preview}`} hidden={!previewRoom}>
        <video ref={video} muted playsInline aria-label={t('kiosk.unverified.preview')} />
      </div>
      {previewRoom ? <p className={styles.text}>{t('kiosk.unverified.photo')}</p> : null}
      <div className={styles.buttons}>
        <Button variant="secondary" size="large" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button size="large" disabled={busy} onClick={proceed}>
          {t('kiosk.unverified.continue')}
        </Button>
      </div>
    </section>
  );
}
