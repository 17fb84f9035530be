/**
 * The business's punch-photo policy in manager mode's Settings: how long photos are kept, who
 * may see them, the notice people read before their first photo, who is exempt from photos, and
 * one person's photos to download or erase.
 * Choices are saved at once, apart from the kiosk's own settings form, because it is the
 * business's setting; the retention job applies a shorter time at its next run (docs/privacy.md).
 */
import { getPhotoPolicy, updatePhotoPolicy } from '../../../contract/routes/photos';
import { PHOTO_VIEWERS, type PhotoPolicyModel } from '../../../contract/supporting/photos';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import styles from './Manager.module.css';
import { PersonPhotosField } from './PersonPhotosField';
import { PhotoExemptionsField } from './PhotoExemptionsField';
import { PhotoNoticeField } from './PhotoNoticeField';
import { useBusinessSetting } from './useBusinessSetting';

/** The retention choices offered: a week, a fortnight, a month, a quarter, a year. */
const RETENTION_CHOICES = [7, 14, 30, 90, 365];

export function PhotoPolicyCard() {
  const { t } = useI18n();
  const runtime = useRuntime();
  const { data, error, said, change, sayFailure, saving } = useBusinessSetting<PhotoPolicyModel>({
    name: 'photoPolicy',
    read: (client, path) => client.call(getPhotoPolicy, { path }),
    write: (client, path, body) => client.call(updatePhotoPolicy, { path, body }),
    savedKey: 'manager.photos.saved',
    // The tablet's policy carries the notice and the retention its default notice states.
    afterSave: () => void runtime.refresh(),
  });
  const policy = { data, error };
  // A retention set through the API that is not one of the offered choices is shown as it is.
  const days = policy.data ? [...new Set([...RETENTION_CHOICES, policy.data.retentionDays])].sort((a, b) => a - b) : [];

  return (
    <Card labelledBy="photo-policy-title">
      <h2 id="photo-policy-title" className={styles.cardTitle}>
        {t('manager.photos.title')}
      </h2>
      <p className={styles.lead}>{t('manager.photos.lead')}</p>
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {policy.error ? <Notice tone="error">{sayFailure(policy.error)}</Notice> : null}
      {policy.data ? (
        <>
          <ChoiceGroup
            legend={t('manager.photos.keep')}
            name="photo-retention"
            choices={days.map((count) => ({ value: String(count), label: t('manager.photos.days', { count }) }))}
            selected={[String(policy.data.retentionDays)]}
            onChange={([value]) => {
              if (value) change({ retentionDays: Number(value) });
            }}
          />
          <ChoiceGroup
            legend={t('manager.photos.viewers')}
            name="photo-viewers"
            choices={PHOTO_VIEWERS.map((viewers) => ({ value: viewers, label: t(`manager.photos.${viewers}`), detail: t(`manager.photos.${viewers}.detail`) }))}
            selected={[policy.data.viewers]}
            onChange={([viewers]) => {
              const chosen = PHOTO_VIEWERS.find((v) => v === viewers);
              if (chosen) change({ viewers: chosen });
            }}
          />
          <PhotoNoticeField key={policy.data.notice ?? ''} policy={policy.data} saving={saving} onSave={(notice) => change({ notice })} />
          <PhotoExemptionsField />
          <PersonPhotosField />
        </>
      ) : null}
    </Card>
  );
}
