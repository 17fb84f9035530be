/**
 * Writing one badge's token to an NFC tag from the badge sheet (Web NFC, where the tablet has it;
 * the sheet shows this only then). The tag then works at the kiosk like the printed QR code. The
 * manager starts it, holds a tag to the tablet, and sees whether it was written; they may stop
 * waiting. A browser that refuses NFC says how to allow it; any other failure says to try again.
 */
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { writeBadgeTag } from '../../runtime/webNfc';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import styles from './BadgeSheet.module.css';

type Writing = 'idle' | 'holding' | 'written' | 'failed' | 'refused';

const errorName = (error: unknown) => (error instanceof DOMException ? error.name : '');

export function BadgeTagWriter({ token, name }: { token: string; name: string }) {
  const { t } = useI18n();
  const [writing, setWriting] = useState<Writing>('idle');
  const stop = useRef<AbortController | null>(null);
  // Leaving the sheet stops a write still waiting for a tag.
  useEffect(() => () => stop.current?.abort(), []);

  const write = () => {
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setWriting('holding');
    writeBadgeTag(token, controller.signal).then(
      () => {
        if (stop.current === controller) setWriting('written');
      },
      (error: unknown) => {
        if (stop.current !== controller) return;
        if (errorName(error) === 'AbortError') setWriting('idle');
        else setWriting(errorName(error) === 'NotAllowedError' ? 'refused' : 'failed');
      },
    );
  };

  return (
    <div className={styles.nfc} data-testid="badge-nfc" data-writing={writing}>
      {writing === 'holding' ? (
        <>
          <Notice tone="info">{t('badges.nfcHold')}</Notice>
          <Button variant="secondary" onClick={() => stop.current?.abort()}>
            {t('badges.nfcCancel')}
          </Button>
        </>
      ) : (
        <>
          {writing === 'written' ? <Notice tone="success">{t('badges.nfcWritten')}</Notice> : null}
          {writing === 'failed' ? <Notice tone="warning">{t('badges.nfcFailed')}</Notice> : null}
          {writing === 'refused' ? <Notice tone="warning">{t('badges.nfcRefused')}</Notice> : null}
          <Button variant="secondary" aria-label={t('badges.writeNfcFor', { name })} onClick={write}>
            {t('badges.writeNfc')}
          </Button>
        </>
      )}
    </div>
  );
}
