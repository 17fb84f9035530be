/**
 * Staff: the business's people first (PeopleCard: search, lockouts with unlock, kiosk access per
 * kiosk, set a PIN), and "Add a person" opening the enrolment form in a dialog (names, contact
 * details, a PIN typed twice; every field limited to what the contract accepts). A kiosk that may
 * not add people says so in the dialog and points to the settings.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AddKioskEmployeeInput } from '../../../client';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { UserPlusIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { formErrors, toFailure, type Said } from './failures';
import styles from './Manager.module.css';
import { useAfterKioskChange, useKioskModel, useManagerApi, useSay } from './ManagerContext';
import { displayName } from './onSite';
import { PeopleCard } from './PeopleCard';
import { PinField } from './PinField';
import { checkNewPerson, EMPTY_PERSON, NEW_PERSON_MAX_LENGTH, newPersonFieldOf, type NewPersonField, type NewPersonForm } from './staffForms';

function AddPersonDialog({ open, onClose, onAdded, onOpenSettings }: { open: boolean; onClose: () => void; onAdded: (name: string) => void; onOpenSettings: () => void }) {
  const { t } = useI18n();
  const sayIt = useSay();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const model = useKioskModel();
  const afterChange = useAfterKioskChange();
  const [form, setForm] = useState<NewPersonForm>(EMPTY_PERSON);
  const [errors, setErrors] = useState<Partial<Record<NewPersonField, Said>>>({});
  const [general, setGeneral] = useState<Said | null>(null);
  const add = useMutation({ mutationFn: (body: AddKioskEmployeeInput) => api.fix('staff.add', body, (client, options) => client.staff.add(kiosk, body, options)) });
  const cannotAdd = model.data ? !model.data.canAddEmployees : false;

  const close = () => {
    setErrors({});
    setGeneral(null);
    onClose();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setGeneral(null);
    const check = checkNewPerson(form);
    if (!check.ok) {
      setErrors(check.errors);
      setGeneral({ key: 'manager.error.checkFields' });
      return;
    }
    try {
      const person = await add.mutateAsync(check.body);
      setForm(EMPTY_PERSON);
      setErrors({});
      onAdded(displayName(person));
      onClose();
      await afterChange();
    } catch (error) {
      // A field the service refused keeps what was typed, with the reason in plain words beside it.
      const split = formErrors(toFailure(error), newPersonFieldOf);
      setErrors(split.fields);
      setGeneral(split.general);
    }
  };

  const field = (name: NewPersonField) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setForm((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    error: errors[name] ? sayIt(errors[name]) : null,
  });

  if (cannotAdd) {
    return (
      <ConfirmDialog
        open={open}
        title={t('manager.staff.addTitle')}
        confirmLabel={t('manager.staff.openSettings')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          onClose();
          onOpenSettings();
        }}
        onCancel={onClose}
      >
        <Notice tone="warning">{t('manager.staff.cannotAdd')}</Notice>
      </ConfirmDialog>
    );
  }

  return (
    <ConfirmDialog
      open={open}
      title={t('manager.staff.addTitle')}
      confirmLabel={t('manager.staff.add')}
      cancelLabel={t('common.cancel')}
      busy={add.isPending}
      onConfirm={() => void submit()}
      onCancel={close}
    >
      <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate aria-label={t('manager.staff.addTitle')}>
        <p className={styles.lead}>{t('manager.staff.addLead')}</p>
        {general ? <Notice tone="error">{sayIt(general)}</Notice> : null}
        <div className={styles.pair}>
          <Field label={t('manager.staff.firstName')} autoComplete="off" maxLength={NEW_PERSON_MAX_LENGTH.firstName} {...field('firstName')} />
          <Field label={t('manager.staff.surname')} autoComplete="off" maxLength={NEW_PERSON_MAX_LENGTH.surname} {...field('surname')} />
          <Field label={t('manager.staff.email')} hint={t('manager.optional')} type="email" inputMode="email" autoCapitalize="none" autoComplete="off" maxLength={NEW_PERSON_MAX_LENGTH.email} {...field('email')} />
          <Field label={t('manager.staff.mobile')} hint={t('manager.optional')} type="tel" inputMode="tel" autoComplete="off" maxLength={NEW_PERSON_MAX_LENGTH.mobile} {...field('mobile')} />
          <PinField label={t('manager.staff.pin')} hint={t('manager.staff.pinHint')} {...field('pin')} />
          <PinField label={t('manager.staff.pinAgain')} {...field('pinAgain')} />
        </div>
        {/* Enter in a field submits, as the dialog's button does. */}
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}

export function StaffSection({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useI18n();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('manager.staff.title')}</h1>
        <Button
          icon={<UserPlusIcon />}
          onClick={() => {
            setAdded(null);
            setAdding(true);
          }}
        >
          {t('staff.addOpen')}
        </Button>
      </div>
      {added ? <Notice tone="success">{t('manager.staff.added', { name: added })}</Notice> : null}
      <PeopleCard />
      <AddPersonDialog open={adding} onClose={() => setAdding(false)} onAdded={setAdded} onOpenSettings={onOpenSettings} />
    </>
  );
}
