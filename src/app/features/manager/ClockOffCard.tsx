/**
 * "Clock someone off": ends an open shift at an earlier time (they forgot to clock off), typed in
 * the kiosk's zone and checked with the attendance state machine before it is sent.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ClockOffInput } from '../../../client';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { LogoutIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { SelectField } from './controls';
import { formErrors, saidOf, toFailure, type Said } from './failures';
import styles from './Manager.module.css';
import { useAfterKioskChange, useLiveStaff, useManagerApi, useSay } from './ManagerContext';
import { displayName } from './onSite';
import { buildClockOff, clockOffFieldOf, dateIn, timeIn, type ClockOffField, type ClockOffForm } from './shiftForms';
import { useOnShift } from './useOnShift';

export function ClockOffCard() {
  const { t, format } = useI18n();
  const sayIt = useSay();
  const api = useManagerApi();
  const runtime = useRuntime();
  const staff = useLiveStaff();
  const onShift = useOnShift(staff.data);
  const afterChange = useAfterKioskChange();
  const [form, setForm] = useState<ClockOffForm>(() => {
    const now = runtime.clock.now();
    return { employeeId: null, date: dateIn(format.zone, now), time: timeIn(format.zone, now) };
  });
  const [errors, setErrors] = useState<Partial<Record<ClockOffField, Said>>>({});
  const [general, setGeneral] = useState<Said | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const clockOff = useMutation({ mutationFn: (body: ClockOffInput) => api.fix('punches.clockOff', body, (client, options) => client.punches.clockOff(runtime.kiosk, body, options)) });
  const person = onShift.find((p) => p.employeeId === form.employeeId) ?? null;

  const update = (patch: Partial<ClockOffForm>, cleared: ClockOffField[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, undefined])) }));
    setDone(null);
  };
  const error = (field: ClockOffField) => {
    const said = errors[field];
    return said ? sayIt(said) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    setDone(null);
    const check = buildClockOff(form, person, { zone: format.zone, kioskId: runtime.kiosk.kioskId, now: runtime.clock.now() });
    if (!check.ok) {
      setErrors(saidOf(check.errors));
      return;
    }
    try {
      await clockOff.mutateAsync(check.body);
      setDone(t('manager.fix.clockedOff', { name: person ? displayName(person) : '', time: format.dateTime(check.at) }));
      setForm((current) => ({ ...current, employeeId: null }));
      setErrors({});
      await afterChange();
    } catch (caught) {
      const split = formErrors(toFailure(caught), clockOffFieldOf);
      setErrors(split.fields);
      setGeneral(split.general);
    }
  };

  return (
    <Card labelledBy="clock-off-title">
      <h2 id="clock-off-title" className={styles.cardTitle}>
        {t('manager.fix.clockOffTitle')}
      </h2>
      <p className={styles.lead}>{t('manager.fix.clockOffLead', { zone: format.zone })}</p>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {general ? <Notice tone="error">{sayIt(general)}</Notice> : null}
      {staff.data && onShift.length === 0 ? (
        <p className={styles.empty}>{t('manager.fix.nobodyOnShift')}</p>
      ) : (
        <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate>
          <SelectField
            label={t('manager.fix.person')}
            value={form.employeeId ?? ''}
            onChange={(event) => update({ employeeId: event.target.value ? Number(event.target.value) : null }, ['employee', 'time'])}
            error={error('employee')}
            hint={person?.clockOnTimeUtc ? t('manager.fix.clockedOnAt', { time: format.dateTime(person.clockOnTimeUtc) }) : undefined}
          >
            <option value="">{t('manager.fix.choosePersonOption')}</option>
            {onShift.map((p) => (
              <option key={p.employeeId} value={p.employeeId}>
                {p.clockOnTimeUtc ? t('manager.fix.personSince', { name: displayName(p), time: format.time(p.clockOnTimeUtc) }) : displayName(p)}
              </option>
            ))}
          </SelectField>
          <div className={styles.pair}>
            <Field label={t('manager.fix.date')} type="date" value={form.date} onChange={(event) => update({ date: event.target.value }, ['date', 'time'])} error={error('date')} />
            <Field label={t('manager.fix.clockOffTime')} type="time" value={form.time} onChange={(event) => update({ time: event.target.value }, ['time'])} error={error('time')} />
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="clockOff" size="large" icon={<LogoutIcon />} disabled={clockOff.isPending}>
              {t('manager.fix.clockOffSubmit')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
