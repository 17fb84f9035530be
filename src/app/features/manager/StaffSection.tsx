/**
 * Staff: enrol a new person at this kiosk (names, contact details, a PIN typed twice), and the
 * business's people with their kiosk access switched on or off. A kiosk that may not add people
 * says so and points to the settings.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { readAllPages, type AddKioskEmployeeInput } from '../../../client';
import { PAGE_LIMITS } from '../../../contract/paging';
import { PIN_MAX_LENGTH } from '../../../domain/pinPolicy';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { Switch } from './controls';
import { formErrors, saidOf, toFailure, type Said } from './failures';
import { GearIcon, UserPlusIcon } from '../../ui/icons';
import { displayName } from './onSite';
import styles from './Manager.module.css';
import { managerKeys, useAfterKioskChange, useKioskModel, useLiveStaff, useManagerApi, useSay, useSayFailure } from './ManagerContext';
import { checkNewPerson, EMPTY_PERSON, matchesPerson, newPersonFieldOf, peopleRows, type NewPersonField, type NewPersonForm, type PersonRow } from './staffForms';

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
            <Field
              label={t('manager.staff.pin')}
              hint={t('manager.staff.pinHint')}
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={PIN_MAX_LENGTH}
              {...field('pin')}
            />
            <Field label={t('manager.staff.pinAgain')} type="password" inputMode="numeric" autoComplete="new-password" maxLength={PIN_MAX_LENGTH} {...field('pinAgain')} />
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

function PersonItem({ row }: { row: PersonRow }) {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const afterChange = useAfterKioskChange();
  const [error, setError] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: (grant: boolean) =>
      api.fix(grant ? 'employees.grantKioskAccess' : 'employees.revokeKioskAccess', { employeeId: row.employeeId }, (client, options) =>
        grant
          ? client.employees.grantKioskAccess(kiosk.businessId, row.employeeId, options)
          : client.employees.revokeKioskAccess(kiosk.businessId, row.employeeId, options),
      ),
    onSuccess: () => afterChange(),
    onError: (caught) => setError(sayFailure(caught)),
  });
  const checked = toggle.isPending && toggle.variables !== undefined ? toggle.variables : row.hasKioskAccess;
  return (
    <li className={styles.row} data-testid="person-row" data-employee-id={row.employeeId}>
      <Avatar name={row.name} size={48} />
      <div className={styles.rowMain}>
        <span className={styles.name}>{row.name}</span>
        <span className={styles.sub}>
          {t('manager.staff.number', { id: row.employeeId })}
          {row.email ? ` · ${row.email}` : ''}
        </span>
        {error ? (
          <span className={styles.error} role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <Switch
        compact
        checked={checked}
        disabled={toggle.isPending}
        label={t('manager.staff.access')}
        ariaLabel={t('manager.staff.accessFor', { name: row.name })}
        onChange={(next) => {
          setError(null);
          toggle.mutate(next);
        }}
      />
    </li>
  );
}

function PeopleCard() {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const staff = useLiveStaff();
  const details = useQuery({
    queryKey: managerKeys.people(kiosk.kioskId),
    // The directory answers 100 employees a request (as the vendor's does): read every page.
    queryFn: () => api.call((client) => readAllPages((page) => client.employees.listDetails(kiosk.businessId, page), PAGE_LIMITS.employees)),
  });
  const [query, setQuery] = useState('');
  const rows = details.data && staff.data ? peopleRows(details.data, staff.data) : null;
  const shown = rows?.filter((row) => matchesPerson(row, query)) ?? [];
  const failure = details.error ?? staff.error;

  return (
    <Card labelledBy="people-title">
      <div className={styles.head}>
        <h2 id="people-title" className={styles.cardTitle}>
          {t('manager.staff.peopleTitle')}
        </h2>
        {rows ? <span className={styles.meta}>{t('manager.staff.peopleCount', { count: rows.filter((r) => r.hasKioskAccess).length, total: rows.length })}</span> : null}
      </div>
      <Field
        label={t('manager.staff.search')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('manager.staff.searchPlaceholder')}
      />
      {failure ? <Notice tone="error">{sayFailure(failure)}</Notice> : null}
      {!rows ? (
        failure ? null : <p className={styles.empty}>{t('common.loading')}</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{t('manager.staff.noMatch')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="people-title">
          {shown.map((row) => (
            <PersonItem key={row.employeeId} row={row} />
          ))}
        </ul>
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
