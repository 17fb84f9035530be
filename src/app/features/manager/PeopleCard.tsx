/**
 * The business's people as a manager sees them at this kiosk: find a person (by name, e-mail or
 * employee number), switch their kiosk access on or off, and set their PIN (SetPinDialog).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAllPages } from '../../../client';
import { PAGE_LIMITS } from '../../../contract/paging';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { Switch } from './controls';
import styles from './Manager.module.css';
import { managerKeys, useAfterKioskChange, useLiveStaff, useManagerApi, useSayFailure } from './ManagerContext';
import { SetPinDialog, type PinTarget } from './SetPinDialog';
import { matchesPerson, peopleRows, type PersonRow } from './staffForms';

function PersonItem({ row, onSetPin }: { row: PersonRow; onSetPin: (person: PinTarget) => void }) {
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
      {row.hasKioskAccess ? (
        <Button variant="secondary" onClick={() => onSetPin({ employeeId: row.employeeId, name: row.name })} aria-label={t('manager.setPin.openFor', { name: row.name })}>
          {t('manager.setPin.open')}
        </Button>
      ) : null}
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

export function PeopleCard() {
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
  const [settingPin, setSettingPin] = useState<PinTarget | null>(null);
  const [pinSet, setPinSet] = useState<string | null>(null);
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
      {pinSet ? <Notice tone="success">{t('manager.setPin.done', { name: pinSet })}</Notice> : null}
      {!rows ? (
        failure ? null : <p className={styles.empty}>{t('common.loading')}</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{t('manager.staff.noMatch')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="people-title">
          {shown.map((row) => (
            <PersonItem
              key={row.employeeId}
              row={row}
              onSetPin={(person) => {
                setPinSet(null);
                setSettingPin(person);
              }}
            />
          ))}
        </ul>
      )}
      <SetPinDialog person={settingPin} onClose={() => setSettingPin(null)} onDone={(person) => setPinSet(person.name)} />
    </Card>
  );
}
