/**
 * Kiosk settings: name, time zone (searchable), what a punch requires, paid breaks, adding people
 * from the kiosk and the roster matching windows. Loaded with kiosks.get and saved as the whole
 * model with kiosks.update (kioskSettings.ts); the kiosk then refreshes its own copy.
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
import { KioskPreferencesCard } from './KioskPreferencesCard';
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

function SettingsForm({ model }: { model: TimeAndAttendanceKioskModel }) {
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
  const dirty = isDirty(model, form, format.zone);

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
    if (!check.ok) {
      setErrors(saidOf(check.errors));
      setGeneral({ key: 'manager.error.checkFields' });
      return;
    }
    try {
      const updated = await save.mutateAsync(check.body);
      setForm(formOf(updated, format.zone));
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
      <div className={`${settingsStyles.saveBar} ${dirty ? settingsStyles.floating : ''}`}>
        <span className={styles.meta} aria-live="polite">
          {dirty ? t('manager.settings.unsaved') : ''}
        </span>
        <Button variant="secondary" onClick={() => setForm(formOf(model, format.zone))} disabled={!dirty || save.isPending}>
          {t('manager.settings.undo')}
        </Button>
        <Button type="submit" size="large" icon={<CheckIcon />} disabled={!dirty || save.isPending}>
          {t('manager.settings.save')}
        </Button>
      </div>
    </form>
  );
}

export function KioskSettingsSection() {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const model = useKioskModel();
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('manager.settings.title')}</h1>
      </div>
      {model.error ? <Notice tone="error">{sayFailure(model.error)}</Notice> : null}
      {model.data ? <SettingsForm key={model.data.id} model={model.data} /> : model.isPending ? <p className={styles.empty}>{t('common.loading')}</p> : null}
      <KioskPreferencesCard />
    </>
  );
}
