/**
 * The kiosk's home: everyone who can punch here, with their status, and an instant search. Works
 * from the copy kept on the device, so it shows offline too.
 */
import { useMemo, useState } from 'react';
import { isOnShift } from '../../../domain/attendance';
import type { StaffRecord } from '../../../offline/records';
import { useI18n } from '../../i18n/I18nProvider';
import { foldForSearch } from '../../i18n/search';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useStaff } from '../../runtime/useKioskData';
import { useUiStore } from '../../state/uiStore';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { HashIcon, SearchIcon } from '../../ui/icons';
import styles from './StaffGrid.module.css';
import steps from './Steps.module.css';
import { useShortStatus, useStatusLine } from './useStatusLine';

function PersonCard({ person }: { person: StaffRecord }) {
  const go = useUiStore((s) => s.go);
  const { t } = useI18n();
  const statusLine = useStatusLine(person.local);
  const shortStatus = useShortStatus(person.local);
  return (
    <li>
      <button
        type="button"
        className={styles.person}
        onClick={() => go({ step: 'pin', employeeId: person.employeeId })}
        aria-label={t('kiosk.grid.staffLabel', { name: person.name, status: statusLine })}
      >
        <Avatar name={person.name} photoUrl={person.profileImageUrl} size={56} />
        <span className={styles.text}>
          <span className={styles.name}>{person.name}</span>
          <span className={styles.status}>
            <span className={`${styles.dot} ${styles[person.local.status] ?? ''}`} aria-hidden="true" />
            <span className={styles.statusText}>{shortStatus}</span>
          </span>
        </span>
      </button>
    </li>
  );
}

export function StaffGrid() {
  const { t } = useI18n();
  const { db } = useRuntime();
  const staff = useStaff(db);
  const go = useUiStore((s) => s.go);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const needle = foldForSearch(query.trim());
    return (staff ?? []).filter((p) => !needle || foldForSearch(p.name).includes(needle));
  }, [staff, query]);
  const onSite = (staff ?? []).filter((p) => isOnShift(p.local.status)).length;

  return (
    <section className={`${steps.step} ${styles.wide}`} aria-labelledby="grid-title">
      <div className={styles.top}>
        <div>
          <h1 id="grid-title" className={steps.title}>
            {t('kiosk.grid.title')}
          </h1>
          <p className={steps.subtitle}>{t('kiosk.grid.subtitle')}</p>
        </div>
        {staff && staff.length > 0 ? <span className={styles.onSite}>{t('kiosk.grid.onSite', { count: onSite })}</span> : null}
      </div>
      <div className={styles.searchRow}>
        <div className={styles.search}>
          <span className={styles.searchIcon}>
            <SearchIcon />
          </span>
          <input
          className={styles.searchInput}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('kiosk.grid.search')}
          aria-label={t('kiosk.grid.search')}
          autoComplete="off"
          spellCheck={false}
          />
        </div>
        <Button variant="secondary" icon={<HashIcon />} onClick={() => go({ step: 'number' })}>
          {t('kiosk.grid.useNumber')}
        </Button>
      </div>
      {staff === undefined ? null : staff.length === 0 ? (
        <p className={styles.empty}>{t('kiosk.grid.empty')}</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{t('kiosk.grid.noMatch', { query })}</p>
      ) : (
        <ul className={styles.grid} aria-label={t('kiosk.grid.title')}>
          {shown.map((person) => (
            <PersonCard key={person.employeeId} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}
