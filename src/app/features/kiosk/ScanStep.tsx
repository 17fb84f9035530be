/**
 * The camera's scan step, at kiosks that take badges: the front camera's live picture, read for a
 * QR code a few times a second (badgeDecoder.ts, loaded when the step opens). A badge goes where a
 * wedge scanner's goes (badgeSignIn.ts): the person's actions or their PIN step. A refused badge
 * stops the reading and says why (holding it up again would count again against its owner), with
 * "Scan again"; no camera, a refused permission or a reader that cannot start say so and lead to
 * the names and PIN. The camera stops with the step (Cancel, Back, the step's quiet timeout).
 */
import { useEffect, useRef, useState } from 'react';
import { readBadgeToken } from '../../../domain/badges';
import { registerMessages } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { kioskBadges } from '../../i18n/messages/kioskBadges';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import type { QrReader } from './badgeDecoder';
import { signInWithBadge, type BadgeReading } from './badgeSignIn';
import styles from './ScanStep.module.css';
import steps from './Steps.module.css';
import { useCamera } from './useCamera';
import { loadCode } from '../../runtime/loadCode';

registerMessages(kioskBadges);

/** How often the picture is read while nothing has been found (a read takes a few ms to ~50 ms). */
export const SCAN_INTERVAL_MS = 250;

type Refusal = Exclude<BadgeReading, { ok: true }>['reason'];
type Phase = { kind: 'looking' } | { kind: 'checking' } | { kind: 'refused'; reason: Refusal } | { kind: 'no-reader' };

/** Why there is no camera picture, in the words the step shows. */
function cameraProblem(error: string | null): 'kiosk.scan.refused' | 'kiosk.scan.noCamera' | null {
  if (error === null) return null;
  return error === 'NotAllowedError' || error === 'SecurityError' ? 'kiosk.scan.refused' : 'kiosk.scan.noCamera';
}

export function ScanStep() {
  const { t } = useI18n();
  const runtime = useRuntime();
  const reset = useUiStore((s) => s.reset);
  const video = useRef<HTMLVideoElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [phase, setPhase] = useState<Phase>({ kind: 'looking' });
  const [reader, setReader] = useState<QrReader | null>(null);
  const reading = phase.kind === 'looking';
  const camera = useCamera(video, phase.kind !== 'no-reader');
  const problem = cameraProblem(camera.error);

  // The decoder loads with the step, beside the camera starting.
  useEffect(() => {
    let gone = false;
    void loadCode(() => import('./badgeDecoder'))
      .then(({ createQrReader }) => createQrReader())
      .then(
        (created) => !gone && setReader(created),
        () => !gone && setPhase({ kind: 'no-reader' }),
      );
    return () => {
      gone = true;
    };
  }, []);

  // Reads the picture until a code is found; a code that is not a badge is said and read past.
  useEffect(() => {
    if (!reading || !reader || !camera.ready) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = async () => {
      if (stopped || !video.current) return;
      const texts = await reader.read(video.current).catch(() => []);
      if (stopped) return;
      const token = texts.map(readBadgeToken).find((found) => found !== null) ?? null;
      if (token === null) {
        if (texts.length > 0) setPhase({ kind: 'refused', reason: 'not-badge' });
        else timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        return;
      }
      // Leaving 'looking' ends this reading loop; the answer is kept if the step is still here.
      setPhase({ kind: 'checking' });
      const outcome = await signInWithBadge(runtime, token);
      // On success the flow has moved on and this step is gone.
      if (!outcome.ok && mounted.current) setPhase({ kind: 'refused', reason: outcome.reason });
    };
    void tick();
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [reading, reader, camera.ready, runtime]);

  const words = problem
    ? t(problem)
    : phase.kind === 'no-reader'
      ? t('kiosk.scan.noReader')
      : phase.kind === 'refused'
        ? t(`kiosk.badge.${phase.reason === 'moved-on' ? 'elsewhere' : phase.reason}`)
        : null;
  const dead = problem !== null || phase.kind === 'no-reader';

  return (
    <section className={`${steps.narrow} ${styles.scan}`} aria-labelledby="scan-title" data-testid="scan-step" data-phase={dead ? 'unavailable' : phase.kind}>
      <h1 id="scan-title" className={steps.title}>
        {t('kiosk.scan.title')}
      </h1>
      <p className={styles.hint}>{t('kiosk.scan.hint')}</p>
      <div className={`${steps.camera} ${styles.preview}`} hidden={dead}>
        <video ref={video} muted playsInline aria-label={t('kiosk.scan.preview')} />
      </div>
      <div role="status" className={styles.status}>
        {words ? (
          <Notice tone="warning">{words}</Notice>
        ) : (
          <p className={styles.hint}>{t(phase.kind === 'checking' ? 'kiosk.badge.checking' : camera.ready && reader ? 'kiosk.scan.looking' : 'kiosk.scan.starting')}</p>
        )}
      </div>
      <div className={styles.buttons}>
        <Button variant="secondary" size="large" onClick={reset}>
          {dead ? t('kiosk.scan.usePin') : t('common.cancel')}
        </Button>
        {problem === 'kiosk.scan.noCamera' && phase.kind !== 'no-reader' ? (
          <Button size="large" onClick={camera.retry}>
            {t('common.retry')}
          </Button>
        ) : null}
        {phase.kind === 'refused' && !dead ? (
          <Button size="large" onClick={() => setPhase({ kind: 'looking' })}>
            {t('kiosk.scan.again')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
