/**
 * Disputed lines on Timesheets: what a person said is wrong with one of their lines (or with a
 * manager's change of one), with the line as they saw it. The manager changes the line below if
 * needed and resolves the dispute with a reply, which the person reads at their next PIN.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listLineDisputes, resolveLineDispute } from '../../../contract/routes/myHours';
import type { LineDisputeModel } from '../../../contract/supporting/myHours';
import { MAX_DISPUTE_NOTE_LENGTH } from '../../../domain/lineDisputes';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { dayWords, spanWords } from '../kiosk/myHoursWords';
import styles from './Manager.module.css';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';
import own from './UnverifiedPunchesCard.module.css';

function DisputeItem({ dispute, onResolved }: { dispute: LineDisputeModel; onResolved: () => Promise<void> }) {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const sayFailure = useSayFailure();
  const [reply, setReply] = useState('');
  const resolve = useMutation({
    mutationFn: (text: string) =>
      api.fix('myHours.resolveLineDispute', { disputeId: dispute.id, reply: text }, (client, options) =>
        client.call(resolveLineDispute, { path: { businessId: kiosk.businessId, disputeId: dispute.id }, body: { reply: text } }, options),
      ),
    onSuccess: () => onResolved(),
  });
  const name = dispute.employeeName;
  const line = dispute.line;
  const what = line ? t('manager.disputes.line', { day: dayWords(format, line), span: spanWords(t, format, line) }) : '';
  return (
    <li className={own.item} data-testid="line-dispute" data-dispute-id={dispute.id} data-timesheet-line-id={dispute.timesheetLineId ?? ''}>
      <Avatar name={name} size={52} />
      <div className={styles.rowMain}>
        <span className={styles.name}>{name}</span>
        <span className={styles.sub}>
          {dispute.timesheetLineId === null ? `${t('manager.disputes.deleted')} · ` : ''}
          {what}
        </span>
        <span className={styles.sub}>{t('manager.disputes.note', { note: dispute.note })}</span>
        <span className={styles.sub}>{t('manager.disputes.sent', { when: format.dateTime(dispute.raisedUtc) })}</span>
      </div>
      <div className={own.decide}>
        {resolve.error ? <Notice tone="error">{sayFailure(resolve.error)}</Notice> : null}
        <Field label={t('manager.disputes.reply', { name })} value={reply} maxLength={MAX_DISPUTE_NOTE_LENGTH} onChange={(event) => setReply(event.target.value)} />
        <Button disabled={resolve.isPending || !reply.trim()} onClick={() => resolve.mutate(reply.trim())}>
          {t('manager.disputes.resolve')}
        </Button>
      </div>
    </li>
  );
}

/** The open disputes of the business (refreshed every 30 s, like forgotten clock-offs). */
export function DisputesCard({ onResolved }: { onResolved: () => Promise<void> }) {
  const { t } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const sayFailure = useSayFailure();
  const disputes = useQuery({
    queryKey: [MANAGER_KEY, kiosk.kioskId, 'timesheets', 'disputes'],
    queryFn: () => api.call((client) => client.call(listLineDisputes, { path: { businessId: kiosk.businessId }, query: { status: 'Open' } })),
    refetchInterval: 30_000,
  });
  if (disputes.error) return <Notice tone="error">{sayFailure(disputes.error)}</Notice>;
  const open = disputes.data ?? [];
  if (open.length === 0) return null;
  return (
    <Card labelledBy="disputes-title">
      <h2 id="disputes-title" className={styles.cardTitle}>
        {t('manager.disputes.title', { count: open.length })}
      </h2>
      <p className={styles.lead}>{t('manager.disputes.lead')}</p>
      <ul className={styles.list} aria-labelledby="disputes-title">
        {open.map((dispute) => (
          <DisputeItem key={dispute.id} dispute={dispute} onResolved={onResolved} />
        ))}
      </ul>
    </Card>
  );
}
