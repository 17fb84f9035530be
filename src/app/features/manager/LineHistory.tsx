/**
 * A timesheet line's history of managers' changes, on demand (one request when opened, never for
 * the whole list): when, who, before and after, and whether the person has seen it at the kiosk.
 * The same record the person reads in My hours.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listLineChanges } from '../../../contract/routes/myHours';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { changeSides } from '../kiosk/myHoursWords';
import styles from './Manager.module.css';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';

function Changes({ lineId }: { lineId: number }) {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const sayFailure = useSayFailure();
  const changes = useQuery({
    queryKey: [MANAGER_KEY, kiosk.kioskId, 'timesheets', 'changes', lineId],
    queryFn: () => api.call((client) => client.call(listLineChanges, { path: { businessId: kiosk.businessId, timesheetLineId: lineId } })),
  });
  if (changes.error) return <Notice tone="error">{sayFailure(changes.error)}</Notice>;
  if (!changes.data) return <p className={styles.sub}>{t('common.loading')}</p>;
  if (changes.data.length === 0) return <p className={styles.sub}>{t('manager.history.none')}</p>;
  return (
    <ul className={styles.list} data-testid="line-history">
      {changes.data.map((c) => {
        const { before, after } = changeSides(t, format, c);
        return (
          <li key={c.id} className={styles.sub} data-testid="line-history-change">
            <strong>{t('manager.history.item', { when: format.dateTime(c.changedUtc), who: c.changedBy })}</strong>
            {' · '}
            {t(`manager.history.${c.action}`, { before, after })}
            {' · '}
            {c.acknowledgedUtc ? t('manager.history.seen', { when: format.dateTime(c.acknowledgedUtc) }) : t('manager.history.notSeen')}
          </li>
        );
      })}
    </ul>
  );
}

export function LineHistory({ lineId, label }: { lineId: number; label: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button variant="ghost" onClick={() => setOpen((was) => !was)} aria-expanded={open} aria-label={`${t('manager.history.open')}: ${label}`}>
        {t('manager.history.open')}
      </Button>
      {open ? <Changes lineId={lineId} /> : null}
    </div>
  );
}
