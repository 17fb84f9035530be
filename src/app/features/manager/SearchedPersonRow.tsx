/**
 * One person in a Settings card's own search (photo exemptions, one person's photos): their name and
 * employee number, with what the card offers for them. The Staff tab's row carries more and has its own.
 */
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import styles from './Manager.module.css';

export function SearchedPersonRow({ person, testId, children }: { person: { employeeId: number; name: string }; testId: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <li className={styles.personRow} data-testid={testId} data-employee-id={person.employeeId}>
      <div className={styles.rowMain}>
        <span className={styles.name}>{person.name}</span>
        <span className={styles.sub}>{t('manager.staff.number', { id: person.employeeId })}</span>
      </div>
      <div className={styles.rowActions}>{children}</div>
    </li>
  );
}
