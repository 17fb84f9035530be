/**
 * A keyboard-wedge badge scanner at the kiosk. Listens to every key (capture phase, before the PIN
 * pad or a text field sees it) through BadgeWedge; a scan on the names signs its person in (or
 * leads to their PIN, in badge-then-PIN mode; badgeSignIn.ts), a scan anywhere else records
 * nothing and says so, and so does a scan at a PIN-only kiosk.
 */
import { useEffect, useRef, useState } from 'react';
import type { BadgeRefusal } from '../../../offline/badgeCheck';
import { registerMessages } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { kioskBadges } from '../../i18n/messages/kioskBadges';
import { useRuntimeIfReady } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Notice } from '../../ui/Notice';
import { signInWithBadge, readsBadges } from './badgeSignIn';
import { BadgeWedge } from './badgeWedge';
import styles from './KioskShell.module.css';

registerMessages(kioskBadges);

/** What the last scan said, and on which step: moving on (or back to the names) clears it. */
type Said = { tone: 'info' | 'warning'; key: 'checking' | 'elsewhere' | BadgeRefusal; flow: unknown };

export function BadgeScanner() {
  const { t } = useI18n();
  const runtime = useRuntimeIfReady();
  const runtimeRef = useRef(runtime);
  useEffect(() => {
    runtimeRef.current = runtime;
  }, [runtime]);
  const [said, setSaid] = useState<Said | null>(null);
  const flow = useUiStore((s) => s.flow);

  useEffect(() => {
    const wedge = new BadgeWedge();
    const say = (tone: Said['tone'], key: Said['key']) => setSaid({ tone, key, flow: useUiStore.getState().flow });
    const scan = async (token: string | null) => {
      const { flow } = useUiStore.getState();
      if (readsBadges(flow.step) && token !== null) say('info', 'checking');
      const reading = await signInWithBadge(runtimeRef.current, token);
      if (reading.ok || reading.reason === 'moved-on') return setSaid(null);
      say('warning', reading.reason);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const verdict = wedge.key(event.key, event.timeStamp);
      if (verdict.kind === 'pass') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (verdict.kind === 'scan') void scan(verdict.token);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  if (!said || said.flow !== flow) return null;
  return (
    <div className={styles.badgeSaid} data-testid="badge-said" data-said={said.key}>
      <Notice tone={said.tone}>{t(`kiosk.badge.${said.key}`)}</Notice>
    </div>
  );
}
