/**
 * The kiosk's preferences for its tablets (a project extension, saved apart from the vendor's
 * kiosk model): whether people the tablet cannot check may punch unverified during an outage,
 * sounds, the locale for times and dates, and the theme. The tablet takes them with its refresh.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getKioskPreferences, updateKioskPreferences } from '../../../contract/routes/kioskExtensions';
import type { KioskPreferencesInput, KioskPreferencesModel } from '../../../contract/supporting/kioskExtensions';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Field } from '../../ui/Field';
import { CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { Switch } from './controls';
import { buildPreferences, preferencesDirty, preferencesFormOf, type KioskPreferencesForm } from './kioskPreferencesForm';
import styles from './Manager.module.css';
import { managerKeys, useAfterKioskChange, useManagerApi, useSayFailure } from './ManagerContext';

function PreferencesForm({ model }: { model: KioskPreferencesModel }) {
  const { t } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const afterChange = useAfterKioskChange();
  const sayFailure = useSayFailure();
  const [form, setForm] = useState<KioskPreferencesForm>(() => preferencesFormOf(model));
  const [localeError, setLocaleError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const path = { businessId: kiosk.businessId, kioskId: kiosk.kioskId };
  const save = useMutation({
    mutationFn: (body: KioskPreferencesInput) =>
      api.fix('kioskPreferences.update', body, (client, options) => client.call(updateKioskPreferences, { path, body }, options)),
  });
  const dirty = preferencesDirty(model, form);
  const update = <K extends keyof KioskPreferencesForm>(field: K, value: KioskPreferencesForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setOutcome(null);
    if (field === 'locale') setLocaleError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = buildPreferences(form);
    if (!check.ok) {
      setLocaleError(check.errors.locale ? t(check.errors.locale) : null);
      return;
    }
    try {
      const saved = await save.mutateAsync(check.body);
      setForm(preferencesFormOf(saved));
      setOutcome({ tone: 'success', text: t('manager.settings.saved') });
      await afterChange();
    } catch (caught) {
      setOutcome({ tone: 'error', text: sayFailure(caught) });
    }
  };

  return (
    <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <Switch
        checked={form.unverifiedOfflinePunches === 'flagged'}
        onChange={(value) => update('unverifiedOfflinePunches', value ? 'flagged' : 'off')}
        label={t('manager.prefs.unverified')}
        detail={t('manager.prefs.unverifiedDetail')}
      />
      <Switch checked={form.sounds} onChange={(value) => update('sounds', value)} label={t('manager.prefs.sounds')} detail={t('manager.prefs.soundsDetail')} />
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
      <Field
        label={t('manager.prefs.locale')}
        hint={t('manager.prefs.localeHint')}
        value={form.locale}
        onChange={(event) => update('locale', event.target.value)}
        error={localeError}
        autoComplete="off"
        spellCheck={false}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setForm(preferencesFormOf(model))} disabled={!dirty || save.isPending}>
          {t('manager.settings.undo')}
        </Button>
        <Button type="submit" icon={<CheckIcon />} disabled={!dirty || save.isPending}>
          {t('manager.prefs.save')}
        </Button>
      </div>
    </form>
  );
}

export function KioskPreferencesCard() {
  const { t } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const sayFailure = useSayFailure();
  const path = { businessId: kiosk.businessId, kioskId: kiosk.kioskId };
  const query = useQuery({
    queryKey: [...managerKeys.kiosk(kiosk.kioskId), 'preferences'],
    queryFn: () => api.call((client) => client.call(getKioskPreferences, { path })),
  });
  return (
    <Card labelledBy="settings-preferences">
      <h2 id="settings-preferences" className={styles.cardTitle}>
        {t('manager.prefs.title')}
      </h2>
      {query.error ? <Notice tone="error">{sayFailure(query.error)}</Notice> : null}
      {query.data ? <PreferencesForm model={query.data} /> : query.isPending ? <p className={styles.empty}>{t('common.loading')}</p> : null}
    </Card>
  );
}
