/**
 * What a wall tablet shows when the app itself fails (code that could not be fetched after every
 * try, or a fault in a screen): a plain notice that restarts the app on its own, because nobody may
 * be there to press anything, instead of a blank screen until someone notices. Punches are safe
 * meanwhile: they are in the tablet's outbox before any screen says they were recorded. A tablet
 * that fails again soon after such a restart waits longer before the next, so a fault that returns
 * at once does not reload it in a tight loop.
 */
import { useEffect, useState } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { useI18n } from './i18n/I18nProvider';
import { Button } from './ui/Button';
import { Card } from './ui/Page';
import pageStyles from './ui/Page.module.css';

/** The restart after a first failure, and after one that follows a restart within `RECENT_MS`. */
export const RESTART_AFTER_MS = 10_000;
export const RESTART_AGAIN_AFTER_MS = 60_000;
const RECENT_MS = 5 * 60_000;
const LAST_RESTART_KEY = 'kiosk.lastCrashRestart';

function lastRestart(): number {
  try {
    return Number(sessionStorage.getItem(LAST_RESTART_KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * Reloads the app, but only once its page can be had (from the service, or from the service
 * worker's copy): reloading a tablet with neither would leave it on the browser's own error page,
 * from which nothing restarts it. False when the page could not be had (the caller waits again).
 */
async function restart(): Promise<boolean> {
  try {
    const page = await fetch(location.pathname, { cache: 'no-store' });
    if (!page.ok) return false;
  } catch {
    return false;
  }
  try {
    sessionStorage.setItem(LAST_RESTART_KEY, String(Date.now()));
  } catch {
    // Without session storage the next failure simply waits the first delay again.
  }
  location.reload();
  return true;
}

export function AppCrashed({ error }: FallbackProps) {
  const { t } = useI18n();
  const [delayMs] = useState(() => (Date.now() - lastRestart() < RECENT_MS ? RESTART_AGAIN_AFTER_MS : RESTART_AFTER_MS));
  const [left, setLeft] = useState(Math.ceil(delayMs / 1000));
  useEffect(() => {
    // The message only (no stack, no data): enough to find the fault in the browser's console.
    console.error('kiosk app failed:', error instanceof Error ? error.message : String(error));
  }, [error]);
  useEffect(() => {
    let started = Date.now();
    let restarting = false;
    const tick = setInterval(() => {
      const remaining = Math.ceil((delayMs - (Date.now() - started)) / 1000);
      if (remaining > 0) return setLeft(remaining);
      if (restarting) return;
      restarting = true;
      void restart().then((reloading) => {
        if (reloading) return;
        // The page cannot be had yet (no network, no kept copy): count down again and retry.
        restarting = false;
        started = Date.now();
        setLeft(Math.ceil(delayMs / 1000));
      });
    }, 1000);
    return () => clearInterval(tick);
  }, [delayMs]);
  return (
    <main className={`${pageStyles.page} ${pageStyles.content}`} id="main">
      <Card labelledBy="crashed-title">
        <h1 id="crashed-title" className={pageStyles.title}>
          {t('app.crashed.title')}
        </h1>
        <p className={pageStyles.lead}>{t('app.crashed.body')}</p>
        <p role="status" data-testid="crashed-countdown">
          {t('app.crashed.restartIn', { count: left })}
        </p>
        <div className={pageStyles.actions}>
          <Button size="large" onClick={() => void restart()}>
            {t('app.crashed.restartNow')}
          </Button>
        </div>
      </Card>
    </main>
  );
}
