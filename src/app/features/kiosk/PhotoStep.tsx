/**
 * The photo a kiosk with `isPhotoRequired` takes with each punch: a live preview, a still to check,
 * retake if needed, then the punch is recorded with the photo.
 */
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { useUiStore, type PendingPunch } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { CameraIcon, CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { captureFrame } from './capturePhoto';
import styles from './PhotoStep.module.css';
import steps from './Steps.module.css';
import { useCommitPunch } from './useCommitPunch';
import { useStepPerson } from './useStepPerson';

export function PhotoStep({ employeeId, pin, pending }: { employeeId: number; pin: string; pending: PendingPunch }) {
  const { t } = useI18n();
  const person = useStepPerson(employeeId);
  const go = useUiStore((s) => s.go);
  const commit = useCommitPunch();
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<{ base64: string; dataUrl: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    if (photo) return;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
      .then(async (media) => {
        stream = media;
        if (cancelled || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play();
        setReady(true);
      })
      .catch((caught: unknown) => setCameraError(caught instanceof Error ? caught.name : String(caught)));
    return () => {
      cancelled = true;
      setReady(false);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [photo]);

  if (!person) return null;

  const take = async () => {
    if (!video.current) return;
    setPhoto(await captureFrame(video.current));
  };

  const use = async () => {
    if (!photo) return;
    setBusy(true);
    setError(await commit(employeeId, person.name, { ...pending, fields: { ...pending.fields, image: photo.base64 } }));
    setBusy(false);
  };

  return (
    <section className={steps.narrow} aria-labelledby="photo-title">
      <h1 id="photo-title" className={steps.title}>
        {photo ? t('kiosk.photo.check') : t('kiosk.photo.title')}
      </h1>
      <p className={steps.forName}>{t('kiosk.forName', { name: person.name })}</p>
      {photo ? null : <p className={steps.subtitle}>{t('kiosk.photo.text')}</p>}
      {cameraError ? <Notice tone="error">{t('kiosk.photo.noCamera', { reason: cameraError })}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className={styles.frame}>
        {photo ? (
          <img src={photo.dataUrl} alt={t('kiosk.photo.preview')} />
        ) : (
          <>
            <video ref={video} muted playsInline aria-label={t('kiosk.photo.live')} />
            {!ready && !cameraError ? <div className={styles.waiting}>{t('kiosk.photo.starting')}</div> : null}
          </>
        )}
      </div>
      <div className={steps.row}>
        {photo ? (
          <>
            <Button variant="secondary" icon={<CameraIcon />} onClick={() => setPhoto(null)} disabled={busy}>
              {t('kiosk.photo.retake')}
            </Button>
            <Button variant="primary" size="large" icon={<CheckIcon />} onClick={() => void use()} disabled={busy}>
              {t('kiosk.photo.use')}
            </Button>
          </>
        ) : (
          <Button variant="primary" size="large" icon={<CameraIcon />} onClick={() => void take()} disabled={!ready}>
            {t('kiosk.photo.take')}
          </Button>
        )}
      </div>
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'actions', employeeId, pin })}>
          {t('common.back')}
        </Button>
      </div>
    </section>
  );
}
