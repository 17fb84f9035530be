/**
 * "Add a missed shift": a whole shift for someone who forgot to clock, typed as wall-clock times
 * in the kiosk's zone, with optional breaks, location/work type and a note. shiftForms.ts builds and
 * checks the addshift body; the service's refusals (overlaps, future times) land on their fields.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AddShiftInput } from '../../../client';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { clockOnRulesOf } from '../../../domain/clockOn';
import { useKioskPolicy, useKioskSettings } from '../../runtime/useKioskSettings';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { BreakFields } from './BreakFields';
import { SelectField } from './controls';
import { PlusIcon } from '../../ui/icons';
import styles from './Manager.module.css';
import { managerKeys, useAfterKioskChange, useLiveStaff, useManagerApi } from './ManagerContext';
import { displayName } from './onSite';
import { ChoiceField, NoteField, ShiftTimeFields } from './ShiftFormFields';
import { addShiftFieldOf, buildAddShift, dateIn, type AddShiftField, type AddShiftForm } from './shiftForms';
import { useFieldForm } from './useFieldForm';

const blankForm = (date: string): AddShiftForm => ({ employeeId: null, date, start: '', end: '', breaks: [], note: '', locationId: null, workTypeId: null });

export function AddShiftCard() {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const runtime = useRuntime();
  const { kiosk } = runtime;
  const settings = useKioskSettings(runtime.db);
  const staff = useLiveStaff();
  const afterChange = useAfterKioskChange();
  const today = dateIn(format.zone, runtime.clock.now());
  const fields = useFieldForm<AddShiftForm, AddShiftField>(() => blankForm(today));
  const { form, setForm, setErrors, general, setGeneral, error, checkFailed, refused, sayIt } = fields;
  const [done, setDone] = useState<string | null>(null);
  const lookup = useQuery({
    queryKey: managerKeys.lookup(kiosk.kioskId, form.employeeId ?? 0),
    queryFn: () => api.call((client) => client.lookupData.get(kiosk, form.employeeId ?? 0)),
    enabled: form.employeeId !== null,
  });
  const add = useMutation({ mutationFn: (body: AddShiftInput) => api.fix('punches.addShift', body, (client, options) => client.punches.addShift(kiosk, body, options)) });

  // The kiosk's required choices and the business's: addshift refuses without them.
  const rules = clockOnRulesOf(settings, useKioskPolicy(runtime.db));
  const locationRequired = rules?.isLocationRequired ?? false;
  const workTypeRequired = rules?.isWorkTypeRequired ?? false;
  const paidBreaksEnabled = settings?.paidBreaksEnabled ?? false;
  const people = [...(staff.data ?? [])].sort((a, b) => displayName(a).localeCompare(displayName(b)));
  const locations = lookup.data?.locations ?? [];
  const workTypes = lookup.data?.workTypes ?? [];

  const update = (patch: Partial<AddShiftForm>, cleared: AddShiftField[]) => {
    fields.update(patch, cleared);
    setDone(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    setDone(null);
    const check = buildAddShift(form, { zone: format.zone, kioskId: kiosk.kioskId, now: runtime.clock.now(), locationRequired, workTypeRequired, paidBreaksEnabled });
    if (!check.ok) {
      checkFailed(check.errors);
      return;
    }
    try {
      await add.mutateAsync(check.body);
      const person = people.find((p) => p.employeeId === form.employeeId);
      setDone(
        t('manager.fix.added', {
          name: person ? displayName(person) : '',
          date: format.weekdayDate(check.plan.start),
          start: format.time(check.plan.start),
          end: format.time(check.plan.end),
        }),
      );
      setForm(blankForm(form.date));
      setErrors({});
      await afterChange();
    } catch (caught) {
      refused(caught, addShiftFieldOf);
    }
  };

  return (
    <Card labelledBy="add-shift-title">
      <h2 id="add-shift-title" className={styles.cardTitle}>
        {t('manager.fix.addTitle')}
      </h2>
      <p className={styles.lead}>{t('manager.fix.addLead', { zone: format.zone })}</p>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {general ? <Notice tone="error">{sayIt(general)}</Notice> : null}
      <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label={t('manager.fix.person')}
          value={form.employeeId ?? ''}
          onChange={(event) => update({ employeeId: event.target.value ? Number(event.target.value) : null, locationId: null, workTypeId: null }, ['employee', 'location', 'workType'])}
          error={error('employee')}
        >
          <option value="">{t('manager.fix.choosePersonOption')}</option>
          {people.map((person) => (
            <option key={person.employeeId} value={person.employeeId}>
              {displayName(person)}
            </option>
          ))}
        </SelectField>
        <ShiftTimeFields value={form} maxDate={today} error={error} onChange={update} />
        <BreakFields
          idPrefix="add-shift"
          breaks={form.breaks}
          showPaid={paidBreaksEnabled}
          errorOf={(index) => error(`break.${index}`)}
          onChange={(breaks, touched) => update({ breaks }, touched.map((i) => `break.${i}` as const))}
        />

        {form.employeeId !== null && (locations.length > 0 || workTypes.length > 0) ? (
          <div className={styles.grid}>
            {locations.length > 0 ? (
              <ChoiceField
                label={t('manager.fix.location')}
                value={form.locationId}
                options={locations.map((location) => ({ id: location.id, label: location.description }))}
                onChange={(locationId) => update({ locationId }, ['location'])}
                error={error('location')}
                required={locationRequired}
                noneText={lookup.data?.defaultLocation?.description ? t('manager.fix.defaultLocation', { name: lookup.data.defaultLocation.description }) : undefined}
              />
            ) : null}
            {workTypes.length > 0 ? (
              <ChoiceField
                label={t('manager.fix.workType')}
                value={form.workTypeId}
                options={workTypes.map((workType) => ({ id: workType.id, label: workType.description }))}
                onChange={(workTypeId) => update({ workTypeId }, ['workType'])}
                error={error('workType')}
                required={workTypeRequired}
              />
            ) : null}
          </div>
        ) : null}

        <NoteField id="add-shift-note" label={t('manager.fix.note')} value={form.note} onChange={(note) => update({ note }, ['note'])} error={error('note')} />
        <div className={styles.actions}>
          <Button type="submit" size="large" icon={<PlusIcon />} disabled={add.isPending}>
            {t('manager.fix.addSubmit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
