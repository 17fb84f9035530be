/**
 * "Add a missed shift": a whole shift for someone who forgot to clock, typed as wall-clock times
 * in the kiosk's zone, with optional breaks, location/work type and a note. shiftForms.ts builds and
 * checks the addshift body; the service's refusals (overlaps, future times) land on their fields.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AddShiftInput } from '../../../client';
import { MAX_NOTE_LENGTH } from '../../../domain/notes';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskSettings } from '../../runtime/useKioskSettings';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { SelectField, Switch } from './controls';
import { formErrors, saidOf, toFailure, type Said } from './failures';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import styles from './Manager.module.css';
import { managerKeys, useAfterKioskChange, useLiveStaff, useManagerApi, useSay } from './ManagerContext';
import { displayName } from './onSite';
import { addShiftFieldOf, buildAddShift, dateIn, endsNextDay, type AddShiftField, type AddShiftForm } from './shiftForms';

const blankForm = (date: string): AddShiftForm => ({ employeeId: null, date, start: '', end: '', breaks: [], note: '', locationId: null, workTypeId: null });

export function AddShiftCard() {
  const { t, format } = useI18n();
  const sayIt = useSay();
  const api = useManagerApi();
  const runtime = useRuntime();
  const { kiosk } = runtime;
  const settings = useKioskSettings(runtime.db);
  const staff = useLiveStaff();
  const afterChange = useAfterKioskChange();
  const today = dateIn(format.zone, runtime.clock.now());
  const [form, setForm] = useState<AddShiftForm>(() => blankForm(today));
  const [errors, setErrors] = useState<Partial<Record<AddShiftField, Said>>>({});
  const [general, setGeneral] = useState<Said | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const lookup = useQuery({
    queryKey: managerKeys.lookup(kiosk.kioskId, form.employeeId ?? 0),
    queryFn: () => api.call((client) => client.lookupData.get(kiosk, form.employeeId ?? 0)),
    enabled: form.employeeId !== null,
  });
  const add = useMutation({ mutationFn: (body: AddShiftInput) => api.fix('punches.addShift', body, (client, options) => client.punches.addShift(kiosk, body, options)) });

  const locationRequired = settings?.isLocationRequired ?? false;
  const workTypeRequired = settings?.isWorkTypeRequired ?? false;
  const paidBreaksEnabled = settings?.paidBreaksEnabled ?? false;
  const people = [...(staff.data ?? [])].sort((a, b) => displayName(a).localeCompare(displayName(b)));
  const locations = lookup.data?.locations ?? [];
  const workTypes = lookup.data?.workTypes ?? [];

  const update = (patch: Partial<AddShiftForm>, cleared: AddShiftField[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, undefined])) }));
    setDone(null);
  };
  const updateBreak = (index: number, patch: Partial<AddShiftForm['breaks'][number]>) =>
    update({ breaks: form.breaks.map((b, i) => (i === index ? { ...b, ...patch } : b)) }, [`break.${index}`]);
  const error = (field: AddShiftField) => {
    const said = errors[field];
    return said ? sayIt(said) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    setDone(null);
    const check = buildAddShift(form, { zone: format.zone, kioskId: kiosk.kioskId, now: runtime.clock.now(), locationRequired, workTypeRequired, paidBreaksEnabled });
    if (!check.ok) {
      setErrors(saidOf(check.errors));
      setGeneral({ key: 'manager.error.checkFields' });
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
      const split = formErrors(toFailure(caught), addShiftFieldOf);
      setErrors(split.fields);
      setGeneral(split.general);
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
        <div className={styles.triple}>
          <Field label={t('manager.fix.date')} type="date" max={today} value={form.date} onChange={(event) => update({ date: event.target.value }, ['date', 'end'])} error={error('date')} />
          <Field label={t('manager.fix.start')} type="time" value={form.start} onChange={(event) => update({ start: event.target.value }, ['start', 'end'])} error={error('start')} />
          <Field
            label={t('manager.fix.end')}
            type="time"
            value={form.end}
            onChange={(event) => update({ end: event.target.value }, ['end'])}
            error={error('end')}
            hint={endsNextDay(form.start, form.end) ? t('manager.fix.nextDay') : undefined}
          />
        </div>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('manager.fix.breaks')}</legend>
          {form.breaks.length === 0 ? <p className={styles.meta}>{t('manager.fix.noBreaks')}</p> : null}
          {form.breaks.map((b, index) => {
            const n = index + 1;
            const breakError = error(`break.${index}`);
            const errorId = `add-shift-break-${index}-error`;
            return (
              <div key={index} className={styles.row} role="group" aria-label={t('manager.fix.breakN', { n })} data-testid="break-row">
                <div className={styles.rowMain}>
                  <div className={styles.grid}>
                    <Field
                      label={t('manager.fix.breakStart', { n })}
                      type="time"
                      value={b.start}
                      onChange={(event) => updateBreak(index, { start: event.target.value })}
                      aria-invalid={breakError ? true : undefined}
                      aria-describedby={breakError ? errorId : undefined}
                    />
                    <Field
                      label={t('manager.fix.breakEnd', { n })}
                      type="time"
                      value={b.end}
                      onChange={(event) => updateBreak(index, { end: event.target.value })}
                      aria-invalid={breakError ? true : undefined}
                      aria-describedby={breakError ? errorId : undefined}
                    />
                  </div>
                  {paidBreaksEnabled ? (
                    <div>
                      <Switch compact checked={b.paid} onChange={(paid) => updateBreak(index, { paid })} label={t('manager.fix.paidBreak')} ariaLabel={t('manager.fix.paidBreakN', { n })} />
                    </div>
                  ) : null}
                  {breakError ? (
                    <span id={errorId} className={styles.error}>
                      {breakError}
                    </span>
                  ) : null}
                </div>
                <Button
                  variant="secondary"
                  icon={<TrashIcon />}
                  aria-label={t('manager.fix.removeBreak', { n })}
                  onClick={() => update({ breaks: form.breaks.filter((_, i) => i !== index) }, form.breaks.map((_, i) => `break.${i}` as const))}
                />
              </div>
            );
          })}
          <div>
            <Button variant="secondary" icon={<PlusIcon />} onClick={() => update({ breaks: [...form.breaks, { start: '', end: '', paid: false }] }, [])}>
              {t('manager.fix.addBreak')}
            </Button>
          </div>
        </fieldset>

        {form.employeeId !== null && (locations.length > 0 || workTypes.length > 0) ? (
          <div className={styles.grid}>
            {locations.length > 0 ? (
              <SelectField
                label={t('manager.fix.location')}
                value={form.locationId ?? ''}
                onChange={(event) => update({ locationId: event.target.value ? Number(event.target.value) : null }, ['location'])}
                error={error('location')}
                hint={locationRequired ? t('manager.required') : undefined}
              >
                <option value="">
                  {locationRequired
                    ? t('manager.fix.chooseOption')
                    : lookup.data?.defaultLocation?.description
                      ? t('manager.fix.defaultLocation', { name: lookup.data.defaultLocation.description })
                      : t('manager.fix.noneOption')}
                </option>
                {locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.description}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {workTypes.length > 0 ? (
              <SelectField
                label={t('manager.fix.workType')}
                value={form.workTypeId ?? ''}
                onChange={(event) => update({ workTypeId: event.target.value ? Number(event.target.value) : null }, ['workType'])}
                error={error('workType')}
                hint={workTypeRequired ? t('manager.required') : undefined}
              >
                <option value="">{workTypeRequired ? t('manager.fix.chooseOption') : t('manager.fix.noneOption')}</option>
                {workTypes.map((workType) => (
                  <option key={workType.id} value={workType.id}>
                    {workType.description}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </div>
        ) : null}

        <div className={styles.field}>
          <label className={styles.label} htmlFor="add-shift-note">
            {t('manager.fix.note')} <span className={styles.hint}>{t('manager.optional')}</span>
          </label>
          <textarea
            id="add-shift-note"
            className={styles.textarea}
            value={form.note}
            maxLength={MAX_NOTE_LENGTH}
            onChange={(event) => update({ note: event.target.value }, ['note'])}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? 'add-shift-note-error' : undefined}
          />
          {errors.note ? (
            <span id="add-shift-note-error" className={styles.error}>
              {error('note')}
            </span>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button type="submit" size="large" icon={<PlusIcon />} disabled={add.isPending}>
            {t('manager.fix.addSubmit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
