/**
 * Kiosk settings, one form with one Save: name, time zone (searchable), what a punch requires, paid
 * breaks, adding people from the kiosk, the roster matching windows, and how the tablets behave
 * (TabletFields.tsx). The vendor's kiosk model (kiosks.update, kioskSettings.ts) and the tablets'
 * preferences (a project extension, kioskPreferencesForm.ts) are saved by that one Save, each only
 * when changed; the kiosk then refreshes its own copy.
 */
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { KioskInput, TimeAndAttendanceKioskModel } from '../../../client';
import { formatLocaleFor, type MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { Switch } from './controls';
import { AttestationsCard } from './AttestationsCard';
import { BreakRulesCard } from './BreakRulesCard';
import { LocationRulesCard } from './LocationRulesCard';
import { PhotoPolicyCard } from './PhotoPolicyCard';
import { TabletFields, useKioskPreferences, useSaveKioskPreferences } from './TabletFields';
import { buildPreferences, preferencesDirty, preferencesFormOf, type KioskPreferencesForm } from './kioskPreferencesForm';
import type { KioskPreferencesModel } from '../../../contract/supporting/kioskExtensions';
import { formErrors, saidOf, toFailure, type Said } from './failures';
import {
  allTimeZones,
  buildKioskUpdate,
  formOf,
  isDirty,
  kioskSettingsFieldOf,
  searchZones,
  SWITCHES,
  type KioskSettingsField,
  type KioskSettingsForm,
  type KioskSwitch,
} from './kioskSettings';
import styles from './Manager.module.css';
import { useAfterKioskChange, useKioskModel, useManagerApi, useSay, useSayFailure } from './ManagerContext';
import settingsStyles from './KioskSettingsSection.module.css';

const SWITCH_TEXT: Record<KioskSwitch, { label: MessageKey; detail: MessageKey }> = {
  isPhotoRequired: { label: 'manager.settings.photo', detail: 'manager.settings.photoDetail' },
  isLocationRequired: { label: 'manager.settings.location', detail: 'manager.settings.locationDetail' },
  isWorkTypeRequired: { label: 'manager.settings.workType', detail: 'manager.settings.workTypeDetail' },
  paidBreaksEnabled: { label: 'manager.settings.paidBreaks', detail: 'manager.settings.paidBreaksDetail' },
  canAddEmployees: { label: 'manager.settings.canAdd', detail: 'manager.settings.canAddDetail' },
};

function ZonePicker({ value, onChange, error }: { value: string; onChange: (zone: string) => void; error: string | null }) {
  const { t, locale } = useI18n();
  const [query, setQuery] = useState('');
  const zones = useMemo(() => allTimeZones(), []);
  const shown = searchZones(zones, query, value);
  // The time there, in the same regional style as the rest of the app (en-GB: 13:05).
  const timeThere = useMemo(() => {
    const formatLocale = formatLocaleFor(locale, navigator.languages);
    const now = new Date();
    return (zone: string) => {
      try {
        return new Intl.DateTimeFormat(formatLocale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(now);
      } catch {
        return '';
      }
    };
  }, [locale]);
  return (
    <fieldset className={settingsStyles.zone} aria-describedby={error ? 'zone-error' : undefined}>
      <legend className={settingsStyles.legend}>{t('manager.settings.zone')}</legend>
      <Field
        label={t('manager.settings.zoneSearch')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('manager.settings.zonePlaceholder')}
        autoComplete="off"
        spellCheck={false}
        hint={query.trim() && shown.length <= 1 ? t('manager.settings.zoneNoMatch') : undefined}
      />
      <div className={settingsStyles.zoneList} role="radiogroup" aria-label={t('manager.settings.zone')}>
        {shown.map((zone) => (
          <label key={zone} className={settingsStyles.zoneOption}>
            <input type="radio" name="ianaTimeZone" value={zone} checked={zone === value} onChange={() => onChange(zone)} />
            <span className={settingsStyles.zoneName}>{zone.replace(/_/g, ' ')}</span>
            <span className={styles.meta}>{timeThere(zone)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span id="zone-error" className={styles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

function SettingsForm({ model, preferences }: { model: TimeAndAttendanceKioskModel; preferences: KioskPreferencesModel }) {
  const { t, format } = useI18n();
  const sayIt = useSay();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const afterChange = useAfterKioskChange();
  const [form, setForm] = useState<KioskSettingsForm>(() => formOf(model, format.zone));
  const [errors, setErrors] = useState<Partial<Record<KioskSettingsField, Said>>>({});
  const [general, setGeneral] = useState<Said | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({ mutationFn: (body: KioskInput) => api.fix('kiosks.update', body, (client, options) => client.kiosks.update(kiosk.businessId, kiosk.kioskId, body, options)) });
  const savePreferences = useSaveKioskPreferences();
  const [tablet, setTablet] = useState<KioskPreferencesForm>(() => preferencesFormOf(preferences));
  const [localeError, setLocaleError] = useState<string | null>(null);
  const kioskDirty = isDirty(model, form, format.zone);
  const tabletDirty = preferencesDirty(preferences, tablet);
  const dirty = kioskDirty || tabletDirty;
  const busy = save.isPending || savePreferences.isPending;
  const updateTablet = <K extends keyof KioskPreferencesForm>(field: K, value: KioskPreferencesForm[K]) => {
    setTablet((current) => ({ ...current, [field]: value }));
    if (field === 'locale') setLocaleError(null);
    setSaved(false);
  };

  const update = <K extends KioskSettingsField>(field: K, value: KioskSettingsForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(false);
  };
  const error = (field: KioskSettingsField) => {
    const said = errors[field];
    return said ? sayIt(said) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    setSaved(false);
    const check = buildKioskUpdate(model, form);
    const tabletCheck = buildPreferences(tablet);
    if (!check.ok || !tabletCheck.ok) {
      if (!check.ok) setErrors(saidOf(check.errors));
      if (!tabletCheck.ok) setLocaleError(tabletCheck.errors.locale ? t(tabletCheck.errors.locale) : null);
      setGeneral({ key: 'manager.error.checkFields' });
      return;
    }
    try {
      // Each part is saved only when changed; a failure leaves what was typed in place.
      if (kioskDirty) setForm(formOf(await save.mutateAsync(check.body), format.zone));
      if (tabletDirty) setTablet(preferencesFormOf(await savePreferences.mutateAsync(tabletCheck.body)));
      setSaved(true);
      await afterChange();
    } catch (caught) {
      const split = formErrors(toFailure(caught), kioskSettingsFieldOf);
      setErrors(split.fields);
      setGeneral(split.general);
    }
  };

  return (
    <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate style={{ gap: 20 }}>
      {saved ? <Notice tone="success">{t('manager.settings.saved')}</Notice> : null}
      {general ? <Notice tone="error">{sayIt(general)}</Notice> : null}
      <Card labelledBy="settings-general">
        <h2 id="settings-general" className={styles.cardTitle}>
          {t('manager.settings.general')}
        </h2>
        <Field label={t('manager.settings.name')} value={form.name} onChange={(event) => update('name', event.target.value)} error={error('name')} autoComplete="off" />
        <ZonePicker value={form.ianaTimeZone} onChange={(zone) => update('ianaTimeZone', zone)} error={error('ianaTimeZone')} />
      </Card>
      <Card labelledBy="settings-punches">
        <h2 id="settings-punches" className={styles.cardTitle}>
          {t('manager.settings.punches')}
        </h2>
        <div className={styles.list}>
          {SWITCHES.map((name) => (
            <Switch key={name} checked={form[name]} onChange={(value) => update(name, value)} label={t(SWITCH_TEXT[name].label)} detail={t(SWITCH_TEXT[name].detail)} />
          ))}
        </div>
      </Card>
      <Card labelledBy="settings-windows">
        <h2 id="settings-windows" className={styles.cardTitle}>
          {t('manager.settings.windows')}
        </h2>
        <p className={styles.lead}>{t('manager.settings.windowsLead')}</p>
        <div className={styles.pair}>
          <Field
            label={t('manager.settings.clockOnWindow')}
            hint={t('manager.settings.minutesHint')}
            inputMode="numeric"
            value={form.clockOnWindowMinutes}
            onChange={(event) => update('clockOnWindowMinutes', event.target.value)}
            error={error('clockOnWindowMinutes')}
            autoComplete="off"
          />
          <Field
            label={t('manager.settings.clockOffWindow')}
            hint={t('manager.settings.minutesHint')}
            inputMode="numeric"
            value={form.clockOffWindowMinutes}
            onChange={(event) => update('clockOffWindowMinutes', event.target.value)}
            error={error('clockOffWindowMinutes')}
            autoComplete="off"
          />
        </div>
      </Card>
      <Card labelledBy="settings-preferences">
        <h2 id="settings-preferences" className={styles.cardTitle}>
          {t('manager.prefs.title')}
        </h2>
        <TabletFields form={tablet} update={updateTablet} localeError={localeError} />
      </Card>
      <div className={`${settingsStyles.saveBar} ${dirty ? settingsStyles.floating : ''}`}>
        <span className={styles.meta} aria-live="polite">
          {dirty ? t('manager.settings.unsaved') : ''}
        </span>
        <Button
          variant="secondary"
          onClick={() => {
            setForm(formOf(model, format.zone));
            setTablet(preferencesFormOf(preferences));
            setLocaleError(null);
          }}
          disabled={!dirty || busy}
        >
          {t('manager.settings.undo')}
        </Button>
        <Button type="submit" size="large" icon={<CheckIcon />} disabled={!dirty || busy}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

export function KioskSettingsSection() {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const model = useKioskModel();
  const preferences = useKioskPreferences();
  const error = model.error ?? preferences.error;
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('manager.settings.title')}</h1>
      </div>
      {error ? <Notice tone="error">{sayFailure(error)}</Notice> : null}
      {model.data && preferences.data ? (
        <>
          <SettingsForm key={model.data.id} model={model.data} preferences={preferences.data} />
          <BreakRulesCard />
          <AttestationsCard />
          <LocationRulesCard />
          <PhotoPolicyCard />
        </>
      ) : error ? null : (
        <p className={styles.empty}>{t('common.loading')}</p>
      )}
    </>
  );
}
