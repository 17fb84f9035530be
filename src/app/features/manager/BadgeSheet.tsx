/**
 * The badges just issued, as a printable page: per person their name, the business and a QR code
 * of the token. The tokens exist only in this page's memory (the service keeps digests), so it
 * says to print now; "Done" forgets them. Printing shows the cards alone (BadgeSheet.module.css).
 * Where the tablet has Web NFC, each card can also be written to an NFC tag (BadgeTagWriter.tsx);
 * elsewhere nothing about NFC shows.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { IssuedBadgeModel } from '../../../contract/supporting/badges';
import { useI18n } from '../../i18n/I18nProvider';
import { hasWebNfc } from '../../runtime/hasWebNfc';
import { Button } from '../../ui/Button';
import { BadgeTagWriter } from './BadgeTagWriter';
import styles from './BadgeSheet.module.css';

/** The QR code of a token as an SVG data address (alphanumeric mode, medium error correction). */
async function qrImage(token: string): Promise<string> {
  const svg = await QRCode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function BadgeCard({ badge, nfc }: { badge: IssuedBadgeModel; nfc: boolean }) {
  const { t } = useI18n();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrImage(badge.token).then((image) => {
      if (live) setSrc(image);
    });
    return () => {
      live = false;
    };
  }, [badge.token]);
  return (
    <li className={styles.slot}>
      <div className={styles.card} data-testid="badge-card" data-employee-id={badge.employeeId}>
        <span className={styles.business}>{badge.businessName}</span>
        <span className={styles.name}>{badge.employeeName}</span>
        {src ? <img className={styles.code} src={src} alt={t('badges.qrAlt', { name: badge.employeeName })} width={200} height={200} /> : <span className={styles.code} />}
        <span className={styles.hint}>{t('badges.cardHint')}</span>
      </div>
      {nfc ? <BadgeTagWriter token={badge.token} name={badge.employeeName} /> : null}
    </li>
  );
}

export function BadgeSheet({ badges, onDone }: { badges: readonly IssuedBadgeModel[]; onDone: () => void }) {
  const { t } = useI18n();
  const nfc = hasWebNfc();
  return createPortal(
    <div className={`${styles.sheet} print-badges`} role="dialog" aria-modal="true" aria-labelledby="badge-sheet-title">
      <div className={styles.tools}>
        <div>
          <h1 id="badge-sheet-title" className={styles.title}>
            {t('badges.sheetTitle')}
          </h1>
          <p className={styles.lead}>{t(nfc ? 'badges.sheetLeadNfc' : 'badges.sheetLead')}</p>
        </div>
        <div className={styles.buttons}>
          <Button onClick={() => window.print()}>{t('badges.print')}</Button>
          <Button variant="secondary" onClick={onDone}>
            {t('badges.done')}
          </Button>
        </div>
      </div>
      <ul className={styles.cards}>
        {badges.map((badge) => (
          <BadgeCard key={badge.badgeId} badge={badge} nfc={nfc} />
        ))}
      </ul>
    </div>,
    document.body,
  );
}
