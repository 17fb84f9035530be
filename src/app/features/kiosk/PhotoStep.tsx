/**
 * The photo a kiosk with `isPhotoRequired` takes with each punch, without a tap of its own: the
 * camera opens, a 3-2-1 countdown runs over the live preview, the still is taken and shown, and
 * the punch is recorded with it a moment later unless the person taps "Retake" (or at once with
 * "Use this photo"). Sized to fit a landscape tablet with "Back" in full view. A person's first
 * photo waits for them to read the photo notice (PhotoNotice.tsx); the camera opens after.
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
import { CAMERA_SILENT, useCamera } from './useCamera';
import { PhotoNoticeGate } from './PhotoNotice';
import { useStepPerson } from './useStepPerson';

/** Seconds counted down on the preview before the still is taken. */
export const PHOTO_COUNTDOWN_SECONDS = 3;
/** Seconds the still is shown, with "Retake", before the punch is recorded with it. */
export const PHOTO_REVIEW_SECONDS = 2;

type Photo = { base64: string; dataUrl: string };

type StepProps = { employeeId: number; pin: string; pending: PendingPunch };

export function PhotoStep(props: StepProps) {
  const person = useStepPerson(props.employeeId);
  const go = useUiStore((s) => s.go);
  if (!person) return null;
  return (
    <PhotoNoticeGate employeeId={props.employeeId} name={person.name} onBack={() => go({ step: 'actions', employeeId: props.employeeId, pin: props.pin })}>
      <PhotoCapture {...props} />
    </PhotoNoticeGate>
  );
}

function PhotoCapture({ employeeId, pin, pending }: StepProps) {
  const { t } = useI18n();
  const person = useStepPerson(employeeId);
  const go = useUiStore((s) => s.go);
  const commit = useCommitPunch();
  const video = useRef<HTMLVideoElement>(null);
  const [countdown, setCountdown] = useState(PHOTO_COUNTDOWN_SECONDS);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [review, setReview] = useState(PHOTO_REVIEW_SECONDS);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The camera runs while there is no still; Retake starts it (and the countdown) again.
  const { ready, error: cameraError, retry: retryCamera } = useCamera(video, photo === null);
  const [captureFailed, setCaptureFailed] = useState(false);

  // 3, 2, 1 on the live preview, then the still.
  useEffect(() => {
    if (!ready || photo || captureFailed) return;
    if (countdown <= 0) {
      if (!video.current) return;
      try {
        setPhoto(captureFrame(video.current));
      } catch {
        setCaptureFailed(true);
      }
      return;
    }
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [ready, photo, countdown, captureFailed]);

  const use = async (still: Photo) => {
    if (!person || busy) return;
    setBusy(true);
    setError(await commit(employeeId, person.name, { ...pending, fields: { ...pending.fields, image: still.base64 } }));
    setBusy(false);
  };

  // The still is used by itself after a short look, unless retaken.
  useEffect(() => {
    if (!photo || busy || error) return;
    const timer = setTimeout(() => (review <= 1 ? void use(photo) : setReview((n) => n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [photo, review, busy, error]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!person) return null;

  const retake = () => {
    setError(null);
    setCaptureFailed(false);
    setReview(PHOTO_REVIEW_SECONDS);
    setCountdown(PHOTO_COUNTDOWN_SECONDS);
    setPhoto(null);
  };

  return (
    <section className={`${steps.narrow} ${styles.step}`} aria-labelledby="photo-title">
      <div>
        <h1 id="photo-title" className={steps.title}>
          {photo ? t('kiosk.photo.check') : t('kiosk.photo.title')}
        </h1>
        <p className={steps.forName}>{t('kiosk.forName', { name: person.name })}</p>
      </div>
      {cameraError ? <Notice tone="error">{cameraError === CAMERA_SILENT ? t('kiosk.photo.silent') : t('kiosk.photo.noCamera', { reason: cameraError })}</Notice> : null}
      {captureFailed ? <Notice tone="error">{t('kiosk.photo.failed')}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className={`${steps.camera} ${styles.frame}`} hidden={cameraError !== null && !photo}>
        {photo ? (
          <img src={photo.dataUrl} alt={t('kiosk.photo.preview')} />
        ) : (
          <>
            <video ref={video} muted playsInline aria-label={t('kiosk.photo.live')} />
            {!ready && !cameraError ? <div className={styles.waiting}>{t('kiosk.photo.starting')}</div> : null}
            {ready && countdown > 0 ? (
              <div className={styles.countdown} aria-hidden="true" data-testid="photo-countdown">
                {countdown}
              </div>
            ) : null}
          </>
        )}
      </div>
      <p className={styles.status} role="status">
        {photo ? (busy ? '' : t('kiosk.photo.autoUse', { count: Math.max(0, review) })) : ready && countdown > 0 ? t('kiosk.photo.countdown', { count: countdown }) : t('kiosk.photo.text')}
      </p>
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'actions', employeeId, pin })} disabled={busy}>
          {t('common.back')}
        </Button>
        {cameraError || captureFailed ? (
          <Button variant="primary" icon={<CameraIcon />} onClick={cameraError ? retryCamera : retake}>
            {t('common.retry')}
          </Button>
        ) : null}
        {photo ? (
          <div className={styles.choices}>
            <Button variant="secondary" icon={<CameraIcon />} onClick={retake} disabled={busy}>
              {t('kiosk.photo.retake')}
            </Button>
            <Button variant="primary" icon={<CheckIcon />} onClick={() => void use(photo)} disabled={busy}>
              {t('kiosk.photo.use')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
