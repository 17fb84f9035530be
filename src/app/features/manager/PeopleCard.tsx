/**
 * The business's people as a manager sees them at this kiosk: find a person (name, e-mail or
 * employee number); see who is locked out after wrong PINs (first in the list) and unlock them in
 * one tap; see which kiosks list each person and change it kiosk by kiosk (this kiosk's switch on
 * the row, every kiosk in KioskAccessDialog; taking someone off asks first); set a PIN.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { readAllPages } from '../../../client';
import { PAGE_LIMITS } from '../../../contract/paging';
import { listPinLockouts, unlockStaffPin } from '../../../contract/routes/staffAccess';
import { PinLockoutRecord, readRecords } from '../../../offline/records';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskSettings } from '../../runtime/useKioskSettings';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { Switch } from './controls';
import { changeSaid, KioskAccessButton, KioskAccessDialog, kioskNames, removalQuestion } from './KioskAccessDialog';
import styles from './Manager.module.css';
import { MANAGER_KEY, useAfterKioskChange, useLiveStaff, useManagerApi, useSayFailure } from './ManagerContext';
import { SetPinDialog, type PinTarget } from './SetPinDialog';
import { matchesPerson, peopleRows, type PersonRow } from './staffPeople';
import { planFor, useKioskAccessData, useSetKioskAccess, type KioskAccessData } from './useKioskAccess';

type Said = { tone: 'success' | 'error'; text: string } | null;

function PersonItem({ row, data, onSetPin, onKiosks, onSaid }: { row: PersonRow; data: KioskAccessData | undefined; onSetPin: (person: PinTarget) => void; onKiosks: () => void; onSaid: (said: Said) => void }) {
  const { t, format, locale } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const runtime = useRuntime();
  const settings = useKioskSettings(runtime.db);
  const afterChange = useAfterKioskChange();
  const { change, pending } = useSetKioskAccess();
  const [asking, setAsking] = useState<string[] | null>(null);
  const kioskName = settings?.name ?? runtime.enrolment.kioskName;
  const unlock = useMutation({
    mutationFn: () =>
      api.fix('staffAccess.unlockPin', { employeeId: row.employeeId }, (client) =>
        client.call(unlockStaffPin, { path: { businessId: runtime.kiosk.businessId, kioskId: runtime.kiosk.kioskId, employeeId: row.employeeId } }),
      ),
    onSuccess: async () => {
      // This tablet's own lockout goes too, so the person can try at once here.
      await runtime.db.pinLockouts.delete(row.employeeId);
      onSaid({ tone: 'success', text: t('staff.unlocked', { name: row.name }) });
      await afterChange();
    },
    onError: (caught) => onSaid({ tone: 'error', text: sayFailure(caught) }),
  });

  const apply = async (hasAccess: boolean) => {
    setAsking(null);
    try {
      const result = await change({ employeeId: row.employeeId, kioskId: runtime.kiosk.kioskId, hasAccess });
      onSaid({ tone: 'success', text: data ? changeSaid(t, data, locale, row.name, runtime.kiosk.kioskId, hasAccess, result.alsoAdded) : '' });
    } catch (caught) {
      onSaid({ tone: 'error', text: sayFailure(caught) });
    }
  };
  const toggleHere = (next: boolean) => {
    onSaid(null);
    const plan = data && row.access ? planFor(data, row.access.state, runtime.kiosk.kioskId, next) : null;
    if (!next && plan && data) setAsking(removalQuestion(t, data, locale, row.name, runtime.kiosk.kioskId, plan));
    else void apply(next);
  };
  const here = pending?.employeeId === row.employeeId && pending.kioskId === runtime.kiosk.kioskId ? pending.hasAccess : row.onThisKiosk;
  const kiosks = row.access && data ? (row.access.kioskIds.length > 0 ? t('staff.onKiosks', { kiosks: kioskNames(data, row.access.kioskIds, locale) }) : t('staff.onNoKiosk')) : null;

  return (
    <li className={styles.personRow} data-testid="person-row" data-employee-id={row.employeeId} data-locked={row.lock ? row.lock.where : undefined}>
      <Avatar name={row.name} size={48} />
      <div className={styles.rowMain}>
        <span className={styles.name}>{row.name}</span>
        <span className={styles.sub}>
          {t('manager.staff.number', { id: row.employeeId })}
          {row.email ? ` · ${row.email}` : ''}
        </span>
        {kiosks ? <span className={styles.meta}>{kiosks}</span> : null}
        {row.lock ? (
          <span className={styles.chips}>
            <span className={styles.chipAlert}>{t(row.lock.where === 'service' ? 'staff.lockedUntil' : 'staff.lockedHere', { time: format.time(row.lock.until) })}</span>
          </span>
        ) : null}
      </div>
      <div className={styles.rowActions}>
        {row.lock ? (
          <Button onClick={() => unlock.mutate()} disabled={unlock.isPending} aria-label={t('staff.unlockFor', { name: row.name })}>
            {t('staff.unlock')}
          </Button>
        ) : null}
        {row.onThisKiosk ? (
          <Button variant="secondary" onClick={() => onSetPin({ employeeId: row.employeeId, name: row.name })} aria-label={t('manager.setPin.openFor', { name: row.name })}>
            {t('manager.setPin.open')}
          </Button>
        ) : null}
        {row.access && data && data.kiosks.length > 1 ? <KioskAccessButton person={row} onOpen={onKiosks} /> : null}
        {row.access ? (
          <Switch
            compact
            checked={here}
            disabled={pending !== null}
            label={t('staff.accessHere', { kiosk: kioskName })}
            ariaLabel={t('staff.accessHereFor', { name: row.name, kiosk: kioskName })}
            onChange={toggleHere}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={t('staff.removeTitle', { name: row.name, kiosk: kioskName })}
        confirmLabel={t('staff.removeConfirm', { kiosk: kioskName })}
        cancelLabel={t('staff.keep')}
        tone="danger"
        busy={pending !== null}
        onConfirm={() => void apply(false)}
        onCancel={() => setAsking(null)}
      >
        {(asking ?? []).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </ConfirmDialog>
    </li>
  );
}

export function PeopleCard() {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const runtime = useRuntime();
  const { kiosk } = runtime;
  const staff = useLiveStaff();
  const details = useQuery({
    queryKey: [MANAGER_KEY, kiosk.kioskId, 'people'],
    // The directory answers 100 employees a request (as the vendor's does): read every page.
    queryFn: () => api.call((client) => readAllPages((page) => client.employees.listDetails(kiosk.businessId, page), PAGE_LIMITS.employees)),
  });
  const lockouts = useQuery({
    queryKey: [MANAGER_KEY, kiosk.kioskId, 'lockouts'],
    queryFn: () => api.call((client) => client.call(listPinLockouts, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } })),
  });
  const localLockouts = useLiveQuery(async () => readRecords(PinLockoutRecord, await runtime.db.pinLockouts.toArray()), [runtime.db]) ?? [];
  const access = useKioskAccessData();
  const [query, setQuery] = useState('');
  const [settingPin, setSettingPin] = useState<PinTarget | null>(null);
  const [kiosksOf, setKiosksOf] = useState<number | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const rows =
    details.data && staff.data && lockouts.data
      ? peopleRows({ details: details.data, staff: staff.data, access: access.data?.access ?? null, lockouts: lockouts.data, localLockouts, now: runtime.clock.now() })
      : null;
  const shown = rows?.filter((row) => matchesPerson(row, query)) ?? [];
  const locked = rows?.filter((row) => row.lock !== null).length ?? 0;
  const failure = details.error ?? staff.error ?? lockouts.error ?? access.error;

  return (
    <Card labelledBy="people-title">
      <div className={styles.head}>
        <h2 id="people-title" className={styles.cardTitle}>
          {t('manager.staff.peopleTitle')}
        </h2>
        {rows ? <span className={styles.meta}>{t('manager.staff.peopleCount', { count: rows.filter((r) => r.onThisKiosk).length, total: rows.length })}</span> : null}
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
      {locked > 0 ? <Notice tone="warning">{t('staff.lockedCount', { count: locked })}</Notice> : null}
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
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
              data={access.data}
              onSaid={setSaid}
              onKiosks={() => setKiosksOf(row.employeeId)}
              onSetPin={(person) => {
                setSaid(null);
                setSettingPin(person);
              }}
            />
          ))}
        </ul>
      )}
      <SetPinDialog person={settingPin} onClose={() => setSettingPin(null)} onDone={(person) => setSaid({ tone: 'success', text: t('manager.setPin.done', { name: person.name }) })} />
      {access.data ? <KioskAccessDialog person={rows?.find((row) => row.employeeId === kiosksOf) ?? null} data={access.data} onClose={() => setKiosksOf(null)} /> : null}
    </Card>
  );
}
