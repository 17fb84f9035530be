/**
 * A keyboard-wedge badge scanner at the kiosk. Listens to every key (capture phase, before the PIN
 * pad or a text field sees it) through BadgeWedge; a scan on the names signs its person in (or
 * leads to their PIN, in badge-then-PIN mode; badgeSignIn.ts), a scan anywhere else records
 * nothing and says so (BadgeSaid.tsx), and so does a scan at a PIN-only kiosk.
 */
import { useEffect } from 'react';
import { BadgeSaidNotice, useBadgeReads } from './BadgeSaid';
import { BadgeWedge } from './badgeWedge';

export function BadgeScanner() {
  const { said, read } = useBadgeReads();

  useEffect(() => {
    const wedge = new BadgeWedge();
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const verdict = wedge.key(event.key, event.timeStamp);
      if (verdict.kind === 'pass') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (verdict.kind === 'scan') void read(verdict.token);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [read]);

  return <BadgeSaidNotice said={said} source="scanner" />;
}
