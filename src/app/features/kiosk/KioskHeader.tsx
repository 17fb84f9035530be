/** The kiosk's top bar: its name, the time in the kiosk's zone, sync status, language and manager. */
import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { useNow } from '../../hooks/useNow';
import { useKioskBase } from '../../runtime/RuntimeContext';
import { useKioskHeading } from '../../runtime/useKioskData';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { ExpandIcon, ShieldIcon } from '../../ui/icons';
import { LanguageButton } from '../../ui/LanguageButton';
import styles from './KioskShell.module.css';
import { SyncIndicator } from './SyncIndicator';

function useCanGoFullscreen(): [boolean, () => void] {
  const check = () => document.fullscreenEnabled && !document.fullscreenElement && !matchMedia('(display-mode: fullscreen)').matches;
  const [can, setCan] = useState(check);
  useEffect(() => {
    const update = () => setCan(check());
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return [can, () => void document.documentElement.requestFullscreen().catch(() => undefined)];
}

/** The time and date in the kiosk's zone; ticks every second on its own, not the whole header. */
function KioskClock() {
  const { t, format } = useI18n();
  const runtime = useKioskBase();
  const now = useNow(useCallback(() => runtime.clock.now(), [runtime]));
  return (
    <div className={styles.clock} aria-label={t('kiosk.header.clock')} role="timer">
      <div className={styles.clockTime}>{format.time(now)}</div>
      <div className={styles.clockDate}>{format.weekdayDate(now)}</div>
    </div>
  );
}

export function KioskHeader() {
  const { t } = useI18n();
  const runtime = useKioskBase();
  const settings = useKioskHeading(runtime.db);
  const openManager = useUiStore((s) => s.openManager);
  const [canFullscreen, goFullscreen] = useCanGoFullscreen();

  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <img className={styles.mark} src="/icons/icon.svg" alt="" />
        <div>
          <div className={styles.kioskName}>{settings?.name ?? runtime.enrolment.kioskName}</div>
          <div className={styles.kioskSub}>{runtime.enrolment.businessName}</div>
        </div>
      </div>
      <KioskClock />
      <div className={styles.tools}>
        <SyncIndicator />
        <LanguageButton />
        {canFullscreen ? <Button variant="onDark" icon={<ExpandIcon />} onClick={goFullscreen} aria-label={t('common.fullscreen')} /> : null}
        <Button variant="onDark" icon={<ShieldIcon />} onClick={() => openManager(null)} aria-label={t('common.manager')}>
          <span className={styles.compactLabel}>{t('common.manager')}</span>
        </Button>
      </div>
    </header>
  );
}
