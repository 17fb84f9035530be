/**
 * Staff: enrol a new person at this kiosk (names, contact details, a PIN typed twice), and the
 * business's people (PeopleCard: kiosk access on or off, set a PIN). A kiosk that may not add
 * people says so and points to the settings.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AddKioskEmployeeInput } from '../../../client';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { PinField } from './PinField';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { formErrors, saidOf, toFailure, type Said } from './failures';
import { GearIcon, UserPlusIcon } from '../../ui/icons';
import { displayName } from './onSite';
import styles from './Manager.module.css';
import { useAfterKioskChange, useKioskModel, useManagerApi, useSay } from './ManagerContext';
import { PeopleCard } from './PeopleCard';
import { checkNewPerson, EMPTY_PERSON, newPersonFieldOf, type NewPersonField, type NewPersonForm } from './staffForms';

function AddPersonCard({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useI18n();
  const sayIt = useSay();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const model = useKioskModel();
  const afterChange = useAfterKioskChange();
  const [form, setForm] = useState<NewPersonForm>(EMPTY_PERSON);
  const [errors, setErrors] = useState<Partial<Record<NewPersonField, Said>>>({});
  const [general, setGeneral] = useState<Said | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation({ mutationFn: (body: AddKioskEmployeeInput) => api.fix('staff.add', body, (client, options) => client.staff.add(kiosk, body, options)) });
  const cannotAdd = model.data ? !model.data.canAddEmployees : false;

  const set = (field: NewPersonField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    setGeneral(null);
    const check = checkNewPerson(form);
    if (!check.ok) {
      setErrors(saidOf(check.errors));
      setGeneral({ key: 'manager.error.checkFields' });
      return;
    }
    try {
      const person = await add.mutateAsync(check.body);
      setForm(EMPTY_PERSON);
      setErrors({});
      setAdded(displayName(person));
      await afterChange();
    } catch (error) {
      const split = formErrors(toFailure(error), newPersonFieldOf);
      setErrors(split.fields);
      setGeneral(split.general);
    }
  };

  const field = (name: NewPersonField) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    error: errors[name] ? sayIt(errors[name]) : null,
  });

  return (
    <Card labelledBy="add-person-title">
      <h2 id="add-person-title" className={styles.cardTitle}>
        {t('manager.staff.addTitle')}
      </h2>
      {cannotAdd ? (
        <>
          <Notice tone="warning">{t('manager.staff.cannotAdd')}</Notice>
          <div className={styles.actions}>
            <Button variant="secondary" icon={<GearIcon />} onClick={onOpenSettings}>
              {t('manager.staff.openSettings')}
            </Button>
          </div>
        </>
      ) : (
        <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate aria-describedby="add-person-lead">
          <p id="add-person-lead" className={styles.lead}>
            {t('manager.staff.addLead')}
          </p>
          {added ? <Notice tone="success">{t('manager.staff.added', { name: added })}</Notice> : null}
          {general ? <Notice tone="error">{sayIt(general)}</Notice> : null}
          <div className={styles.pair}>
            <Field label={t('manager.staff.firstName')} autoComplete="off" {...field('firstName')} />
            <Field label={t('manager.staff.surname')} autoComplete="off" {...field('surname')} />
            <Field label={t('manager.staff.email')} hint={t('manager.optional')} type="email" inputMode="email" autoCapitalize="none" autoComplete="off" {...field('email')} />
            <Field label={t('manager.staff.mobile')} hint={t('manager.optional')} type="tel" inputMode="tel" autoComplete="off" {...field('mobile')} />
            <PinField label={t('manager.staff.pin')} hint={t('manager.staff.pinHint')} {...field('pin')} />
            <PinField label={t('manager.staff.pinAgain')} {...field('pinAgain')} />
          </div>
          <div className={styles.actions}>
            <Button type="submit" size="large" icon={<UserPlusIcon />} disabled={add.isPending}>
              {t('manager.staff.add')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

export function StaffSection({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useI18n();
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('manager.staff.title')}</h1>
      </div>
      <AddPersonCard onOpenSettings={onOpenSettings} />
      <PeopleCard />
    </>
  );
}
