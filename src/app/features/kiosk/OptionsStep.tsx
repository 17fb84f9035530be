/**
 * Before clocking on: location, work type, shift conditions, (AU) award classification and a value
 * of each reporting dimension (a kiosk with them enabled), offered from the employee's lookup
 * data (fresh when online, the kiosk's saved copy otherwise). It starts from what the actions
 * screen preselected (domain clockOnPreselection.ts: roster shift, only choice, last choice here),
 * carried in the pending punch; shift conditions start as the chosen location's defaults and
 * follow the location until the person ticks one. The actions screen skips this step when there
 * is nothing to choose (clockOnFlow.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clockOnRulesOf, missingChoice, presetShiftConditions, isPhotoExempt, stepBeforeCommit } from '../../../domain/clockOn';
import { choicesOfBody } from '../../../domain/clockOnPreselection';
import { dimensionPickers, pickedDimensionValues } from '../../../domain/reportingDimensions';
import { clockOnChoices } from '../../../offline/kioskOperations';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskPolicy, useKioskSettings } from '../../runtime/useKioskSettings';
import { useUiStore, type PendingPunch } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { LoginIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import steps from './Steps.module.css';
import { clockOnChoicesKey } from './clockOnFlow';
import { useCommitPunch } from './useCommitPunch';
import { useStepPerson } from './useStepPerson';

export function OptionsStep({ employeeId, pin, pending }: { employeeId: number; pin: string; pending: PendingPunch }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const kioskSettings = useKioskSettings(runtime.db);
  const policy = useKioskPolicy(runtime.db);
  // The kiosk's rules with the business's required choices: the service refuses without them.
  const settings = clockOnRulesOf(kioskSettings, policy);
  const go = useUiStore((s) => s.go);
  const commit = useCommitPunch();
  const choices = useQuery({ queryKey: clockOnChoicesKey(runtime.kiosk.kioskId, employeeId), queryFn: () => clockOnChoices(runtime, employeeId), networkMode: 'always' });
  const data = choices.data?.data ?? null;
  // The preselection (and a roster shift picked on the actions screen) arrives in the pending punch.
  const [preselected] = useState(() => choicesOfBody(pending.fields));
  const [locationId, setLocationId] = useState<number | null>(preselected.locationId);
  const [workTypeId, setWorkTypeId] = useState<number | null>(preselected.workTypeId);
  const [conditions, setConditions] = useState<number[] | null>(null);
  const [classificationId, setClassificationId] = useState<number | null>(preselected.classificationId);
  const [dimensionPicks, setDimensionPicks] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);

  const locations = data?.locations ?? [];
  const workTypes = data?.workTypes ?? [];
  const shiftConditions = data?.shiftConditions ?? [];
  // Only an AU business's lookupdata has classifications; elsewhere the choice is not shown.
  const classifications = data?.classifications ?? [];
  // A kiosk with reporting dimensions enabled: one single-choice picker per dimension with values.
  const dimensions = dimensionPickers(data);
  // A dimension the person has not touched keeps its preselected value.
  const picks: Record<number, number> = {
    ...Object.fromEntries(dimensions.flatMap((d) => d.values.filter((v) => preselected.dimensionValueIds.includes(v.id)).map((v) => [d.id, v.id]))),
    ...dimensionPicks,
  };
  const dimensionValueIds = pickedDimensionValues(dimensions, picks);
  const chosenLocation = locationId;
  const chosenConditions = conditions ?? presetShiftConditions(data, chosenLocation);
  const locationRequired = settings?.isLocationRequired ?? false;
  const workTypeRequired = settings?.isWorkTypeRequired ?? false;

  const proceed = async () => {
    if (!person) return;
    const missing = missingChoice(settings, { locationId: chosenLocation, workTypeId });
    if (missing) return setError(t(missing === 'location' ? 'kiosk.options.chooseLocation' : 'kiosk.options.chooseWorkType'));
    // Exactly what is on screen, nothing carried over: the receipt reads the choices back from this body.
    const { locationId: _l, workTypeId: _w, classificationId: _c, shiftConditionIds: _s, dimensionValueIds: _d, ...rest } = pending.fields;
    const next: PendingPunch = {
      kind: pending.kind,
      fields: {
        ...rest,
        ...(chosenLocation !== null ? { locationId: chosenLocation } : {}),
        ...(workTypeId !== null ? { workTypeId } : {}),
        shiftConditionIds: chosenConditions,
        ...(classificationId !== null ? { classificationId } : {}),
        ...(dimensionValueIds.length > 0 ? { dimensionValueIds } : {}),
      },
    };
    if (stepBeforeCommit(settings, isPhotoExempt(policy, employeeId)) === 'photo') return go({ step: 'photo', employeeId, pin, pending: next });
    setError(await commit(employeeId, person.name, next));
  };

  if (!person || !choices.isSuccess) return null;

  return (
    <section className={`${steps.step} ${steps.middle}`} aria-labelledby="options-title">
      <div>
        <h1 id="options-title" className={steps.title}>
          {t('kiosk.options.title')}
        </h1>
        <p className={steps.forName}>{t('kiosk.forName', { name: person.name })}</p>
      </div>
      {choices.data.fromCache ? <Notice tone="info">{t('kiosk.options.offlineLists')}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {locations.length > 0 ? (
        <ChoiceGroup
          legend={t('kiosk.options.location')}
          hint={locationRequired ? t('kiosk.options.required') : t('kiosk.options.optional')}
          name="location"
          choices={locations.map((l) => ({ value: l.id, label: l.description ?? '' }))}
          selected={chosenLocation === null ? [] : [chosenLocation]}
          onChange={([id]) => setLocationId(id ?? null)}
        />
      ) : null}
      {workTypes.length > 0 ? (
        <ChoiceGroup
          legend={t('kiosk.options.workType')}
          hint={workTypeRequired ? t('kiosk.options.required') : t('kiosk.options.optional')}
          name="workType"
          choices={[
            ...(workTypeRequired ? [] : [{ value: 0, label: t('kiosk.options.noWorkType') }]),
            ...workTypes.map((w) => ({ value: w.id, label: w.description ?? '' })),
          ]}
          selected={[workTypeId ?? 0]}
          onChange={([id]) => setWorkTypeId(id ? id : null)}
        />
      ) : null}
      {shiftConditions.length > 0 ? (
        <ChoiceGroup
          legend={t('kiosk.options.shiftConditions')}
          hint={t('kiosk.options.optional')}
          name="shiftConditions"
          multiple
          choices={shiftConditions.map((c) => ({ value: c.id, label: c.description ?? '' }))}
          selected={chosenConditions}
          onChange={setConditions}
        />
      ) : null}
      {classifications.length > 0 ? (
        <ChoiceGroup
          legend={t('kiosk.options.classification')}
          hint={t('kiosk.options.optional')}
          name="classification"
          choices={[{ value: 0, label: t('kiosk.options.noClassification') }, ...classifications.map((c) => ({ value: c.id, label: c.description ?? '' }))]}
          selected={[classificationId ?? 0]}
          onChange={([id]) => setClassificationId(id ? id : null)}
        />
      ) : null}
      {dimensions.map((d) => (
        <ChoiceGroup
          key={d.id}
          legend={d.name}
          hint={t('kiosk.options.optional')}
          name={`dimension-${d.id}`}
          choices={[{ value: 0, label: t('kiosk.options.noDimensionValue') }, ...d.values.map((v) => ({ value: v.id, label: v.name }))]}
          selected={[picks[d.id] ?? 0]}
          onChange={([id]) => setDimensionPicks((picks) => ({ ...picks, [d.id]: id ?? 0 }))}
        />
      ))}
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'actions', employeeId, pin })}>
          {t('common.back')}
        </Button>
        <Button variant="clockOn" size="large" icon={<LoginIcon />} onClick={() => void proceed()} data-punch="clockOn">
          {t('kiosk.actions.clockOn')}
        </Button>
      </div>
    </section>
  );
}
