/**
 * The business's photo notice in the Settings photo card: its own words, shown once to each person
 * before their first photo, or empty for the kiosk's default (shown under the field, in the
 * kiosk's language, so a manager sees what people read either way). Saved when the manager leaves
 * the field, like the card's other choices that save at once: Settings keeps one Save button.
 */
import { useState } from 'react';
import { maxTextLength } from '../../../contract/inputLimits';
import type { PhotoPolicyModel } from '../../../contract/supporting/photos';
import { registerMessages } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { photoNotice } from '../../i18n/messages/photoNotice';
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
        onBlur={() => {
          if (!saving && !unchanged) onSave(trimmed === '' ? null : trimmed);
        }}
      />
      <details>
        <summary>{t('manager.photos.notice.default')}</summary>
        <p className={styles.hint}>{t('kiosk.photoNotice.default', { count: policy.retentionDays })}</p>
      </details>
    </div>
  );
}
