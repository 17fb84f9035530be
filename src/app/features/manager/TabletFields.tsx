/**
 * How the kiosk's tablets behave (a project extension, saved apart from the vendor's kiosk model but
 * with the settings' one Save): whether people the tablet cannot check may still punch during an
 * outage, sounds, the time and date style (chosen from a list, with an example, not typed as a
 * language tag), the theme, when the idle screen comes and how long a step waits for a touch. The
 * tablet takes them with its refresh.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getKioskPreferences, updateKioskPreferences } from '../../../contract/routes/kioskExtensions';
import type { KioskPreferencesInput } from '../../../contract/supporting/kioskExtensions';
import { useNow } from '../../hooks/useNow';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { SelectField, Switch } from './controls';
import { delayChoices, IDLE_SCREEN_CHOICES, STEP_TIMEOUT_CHOICES, type KioskPreferencesForm } from './kioskPreferencesForm';
import { localeChoices, localeExample, localeName } from './localeChoices';
import styles from './Manager.module.css';
import { managerKeys, useManagerApi } from './ManagerContext';

/** The kiosk's saved preferences. */
export function useKioskPreferences() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  return useQuery({
    queryKey: [...managerKeys.kiosk(kiosk.kioskId), 'preferences'],
    queryFn: () => api.call((client) => client.call(getKioskPreferences, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } })),
  });
}

export function useSaveKioskPreferences() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  return useMutation({
    mutationFn: (body: KioskPreferencesInput) =>
      api.fix('kioskPreferences.update', body, (client, options) =>
        client.call(updateKioskPreferences, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId }, body }, options),
      ),
  });
}

export interface TabletFieldsProps {
  form: KioskPreferencesForm;
  update: <K extends keyof KioskPreferencesForm>(field: K, value: KioskPreferencesForm[K]) => void;
  localeError: string | null;
}

export function TabletFields({ form, update, localeError }: TabletFieldsProps) {
  const { t, format, locale } = useI18n();
  const runtime = useRuntime();
  const now = useNow(useCallback(() => runtime.clock.now(), [runtime]), 60_000);
  const delayLabel = (seconds: number) => (seconds % 60 === 0 ? t('duration.minutes', { minutes: seconds / 60 }) : t('manager.prefs.seconds', { count: seconds }));
  return (
    <div className={styles.list}>
      <Switch
        checked={form.unverifiedOfflinePunches === 'flagged'}
        onChange={(value) => update('unverifiedOfflinePunches', value ? 'flagged' : 'off')}
        label={t('settings.unverified')}
        detail={t('settings.unverifiedDetail')}
      />
      <Switch checked={form.sounds} onChange={(value) => update('sounds', value)} label={t('manager.prefs.sounds')} detail={t('manager.prefs.soundsDetail')} />
      <SelectField label={t('settings.locale')} value={form.locale} onChange={(event) => update('locale', event.target.value)} error={localeError}>
        <option value="">{t('settings.localeAuto')}</option>
        {localeChoices(form.locale).map((tag) => (
          <option key={tag} value={tag}>
            {t('settings.localeChoice', { name: localeName(tag, locale), example: localeExample(tag, format.zone, now) })}
          </option>
        ))}
      </SelectField>
      <ChoiceGroup
        legend={t('manager.prefs.theme')}
        name="theme"
        selected={[form.theme]}
        onChange={([value]) => value && update('theme', value)}
        choices={[
          { value: 'system', label: t('manager.prefs.themeSystem') },
          { value: 'light', label: t('manager.prefs.themeLight') },
          { value: 'dark', label: t('manager.prefs.themeDark') },
        ]}
      />
      <SelectField
        label={t('manager.prefs.idleScreen')}
        hint={t('manager.prefs.idleScreenHint')}
        value={form.idleScreenSeconds}
        onChange={(event) => update('idleScreenSeconds', Number(event.target.value))}
      >
        {delayChoices(IDLE_SCREEN_CHOICES, form.idleScreenSeconds).map((seconds) => (
          <option key={seconds} value={seconds}>
            {seconds === 0 ? t('manager.prefs.idleNever') : delayLabel(seconds)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('manager.prefs.stepTimeout')}
        hint={t('manager.prefs.stepTimeoutHint')}
        value={form.stepTimeoutSeconds}
        onChange={(event) => update('stepTimeoutSeconds', Number(event.target.value))}
      >
        {delayChoices(STEP_TIMEOUT_CHOICES, form.stepTimeoutSeconds).map((seconds) => (
          <option key={seconds} value={seconds}>
            {delayLabel(seconds)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
