/**
 * What the kiosk says after a badge is read outside the camera's scan step (a keyboard-wedge
 * scanner, an NFC tag): "checking", then nothing when the person's step opens, or why nothing was
 * recorded. One place, so every way of reading a badge says the same in the same words and spot;
 * moving on (or back to the names) clears it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BadgeRefusal } from '../../../offline/badgeCheck';
import { registerMessages } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { kioskBadges } from '../../i18n/messages/kioskBadges';
import { useRuntimeIfReady } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Notice } from '../../ui/Notice';
import { loadBadgeCheck, readsBadges, signInWithBadge } from './badgeSignIn';
import styles from './KioskShell.module.css';

registerMessages(kioskBadges);

/** What the last read said, and on which step of the flow. */
export type BadgeSaid = { key: 'checking' | 'elsewhere' | BadgeRefusal; flow: unknown };

/** `read(token)` acts on one badge read (null: something that was not a whole token); `said` is what to show. */
export function useBadgeReads(): { said: BadgeSaid | null; read: (token: string | null) => Promise<void> } {
  const runtime = useRuntimeIfReady();
  const runtimeRef = useRef(runtime);
  useEffect(() => {
    runtimeRef.current = runtime;
  }, [runtime]);
  // A reader is listening: have the check's code in memory before the first badge (and before an outage).
  useEffect(() => {
    loadBadgeCheck().catch(() => undefined);
  }, []);
  const [said, setSaid] = useState<BadgeSaid | null>(null);
  const read = useCallback(async (token: string | null) => {
    const say = (key: BadgeSaid['key']) => setSaid({ key, flow: useUiStore.getState().flow });
    if (readsBadges(useUiStore.getState().flow.step) && token !== null) say('checking');
    const reading = await signInWithBadge(runtimeRef.current, token);
    if (reading.ok || reading.reason === 'moved-on') setSaid(null);
    else say(reading.reason);
  }, []);
  return { said, read };
}

export function BadgeSaidNotice({ said, source }: { said: BadgeSaid | null; source: 'scanner' | 'nfc' }) {
  const { t } = useI18n();
  const flow = useUiStore((s) => s.flow);
  if (!said || said.flow !== flow) return null;
  return (
    <div className={styles.badgeSaid} data-testid="badge-said" data-said={said.key} data-source={source}>
      <Notice tone={said.key === 'checking' ? 'info' : 'warning'}>{t(`kiosk.badge.${said.key}`)}</Notice>
    </div>
  );
}
