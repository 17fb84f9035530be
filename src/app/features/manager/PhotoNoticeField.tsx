/**
 * The business's photo notice in the Settings photo card: its own words, shown once to each person
 * before their first photo, or empty for the kiosk's default (shown under the field, in the
 * kiosk's language, so a manager sees what people read either way). Saved with its own button,
 * as a text is not a one-tap choice.
 */
import { useState } from 'react';
import { maxTextLength } from '../../../contract/inputLimits';
import type { PhotoPolicyModel } from '../../../contract/supporting/photos';
import { registerMessages } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { photoNotice } from '../../i18n/messages/photoNotice';
import { Button } from '../../ui/Button';
import styles from './Manager.module.css';

registerMessages(photoNotice);

const NOTICE_MAX = maxTextLength('notice', 'PhotoPolicyModel');

interface Props {
  policy: PhotoPolicyModel;
  saving: boolean;
  onSave: (notice: string | null) => void;
}

export function PhotoNoticeField({ policy, saving, onSave }: Props) {
  const { t } = useI18n();
  const [text, setText] = useState(policy.notice ?? '');
  const trimmed = text.trim();
  const unchanged = (trimmed === '' ? null : trimmed) === policy.notice;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor="photo-notice">
        {t('manager.photos.notice')}
      </label>
      <span id="photo-notice-hint" className={styles.hint}>
        {t('manager.photos.notice.hint')}
      </span>
      <textarea
        id="photo-notice"
        className={styles.textarea}
        value={text}
        maxLength={NOTICE_MAX}
        aria-describedby="photo-notice-hint"
        onChange={(event) => setText(event.target.value)}
      />
      <details>
        <summary>{t('manager.photos.notice.default')}</summary>
        <p className={styles.hint}>{t('kiosk.photoNotice.default', { count: policy.retentionDays })}</p>
      </details>
      <div className={styles.actions}>
        <Button disabled={saving || unchanged} onClick={() => onSave(trimmed === '' ? null : trimmed)}>
          {t('manager.photos.notice.save')}
        </Button>
      </div>
    </div>
  );
}
