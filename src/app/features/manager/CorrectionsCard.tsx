/**
 * Forgotten clock-offs waiting for a manager (shift corrections), first on the
 * Timesheets tab: who, when they clocked on, when the clock-off was really made and when they say
 * they finished. Accept ends the line at the stated finish; reject keeps the clock-off. Both are
 * asked twice, as every deciding action of manager mode.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShiftCorrectionModel } from '../../../contract/supporting/shiftCorrections';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import styles from './Manager.module.css';
import { useManagerApi, useSayFailure } from './ManagerContext';
import own from './UnverifiedPunchesCard.module.css';

type Decision = 'accept' | 'reject';

function CorrectionItem({ correction, onDecided }: { correction: ShiftCorrectionModel; onDecided: () => Promise<void> }) {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const sayFailure = useSayFailure();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      api.fix(`shiftCorrections.${decision}`, { correctionId: correction.id }, (client, options) =>
        client.shiftCorrections[decision](kiosk.businessId, correction.id, options),
      ),
    onSuccess: () => onDecided(),
  });
  const name = correction.employeeName;
  const finish = format.dateTime(correction.statedFinishUtc);
  return (
    <li className={own.item} data-testid="shift-correction" data-correction-id={correction.id} data-timesheet-line-id={correction.timesheetLineId ?? ''}>
      <Avatar name={name} size={52} />
      <div className={styles.rowMain}>
        <span className={styles.name}>{name}</span>
        <span className={styles.sub}>
          {correction.clockOnUtc ? t('manager.corrections.clockedOn', { time: format.dateTime(correction.clockOnUtc) }) : null}
          {correction.clockOnUtc ? ' · ' : null}
          {t('manager.corrections.clockedOff', { time: format.dateTime(correction.clockOffUtc) })}
        </span>
        <span className={styles.chips}>
          <span className={styles.chipAlert}>{t('manager.corrections.says', { time: finish })}</span>
          <span className={styles.chip}>{t(correction.suggestedBy === 'roster' ? 'manager.corrections.fromRoster' : 'manager.corrections.typed')}</span>
        </span>
      </div>
      <div className={own.decide}>
        {decide.error ? <Notice tone="error">{sayFailure(decide.error)}</Notice> : null}
        {confirming ? (
          <>
            <span role="status">{t(confirming === 'accept' ? 'manager.corrections.confirmAccept' : 'manager.corrections.confirmReject', { name, time: finish })}</span>
            <Button variant={confirming === 'accept' ? 'primary' : 'danger'} disabled={decide.isPending} onClick={() => decide.mutate(confirming)}>
              {t(confirming === 'accept' ? 'manager.corrections.yesAccept' : 'manager.corrections.yesReject')}
            </Button>
            <Button variant="secondary" disabled={decide.isPending} onClick={() => setConfirming(null)}>
              {t('manager.corrections.keep')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setConfirming('accept')} aria-label={t('manager.corrections.acceptFor', { name, time: finish })}>
              {t('manager.corrections.accept')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming('reject')} aria-label={t('manager.corrections.rejectFor', { name, time: finish })}>
              {t('manager.corrections.reject')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

export function CorrectionsCard({ corrections, onDecided }: { corrections: readonly ShiftCorrectionModel[]; onDecided: () => Promise<void> }) {
  const { t } = useI18n();
  if (corrections.length === 0) return null;
  return (
    <Card labelledBy="corrections-title">
      <h2 id="corrections-title" className={styles.cardTitle}>
        {t('manager.corrections.title', { count: corrections.length })}
      </h2>
      <p className={styles.lead}>{t('manager.corrections.lead')}</p>
      <ul className={styles.list} aria-labelledby="corrections-title">
        {corrections.map((correction) => (
          <CorrectionItem key={correction.id} correction={correction} onDecided={onDecided} />
        ))}
      </ul>
    </Card>
  );
}
