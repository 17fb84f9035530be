/**
 * "Discard a shift": abandons someone's open shift (clocked on by mistake) after a confirmation.
 * No timesheet line is written for a discarded shift.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { SelectField } from './controls';
import { TrashIcon } from '../../ui/icons';
import styles from './Manager.module.css';
import { useAfterKioskChange, useLiveStaff, useManagerApi, useSayFailure } from './ManagerContext';
import { displayName } from './onSite';
import { discardBody } from './shiftForms';
import { useOnShift } from './useOnShift';

export function DiscardCard() {
  const { t, format } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const runtime = useRuntime();
  const staff = useLiveStaff();
  const onShift = useOnShift(staff.data);
  const afterChange = useAfterKioskChange();
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const discard = useMutation({
    mutationFn: (id: number) => {
      const body = discardBody(id, runtime.kiosk.kioskId);
      return api.fix('punches.discard', body, (client, options) => client.punches.discard(runtime.kiosk, body, options));
    },
  });
  const person = onShift.find((p) => p.employeeId === employeeId) ?? null;
  const name = person ? displayName(person) : '';

  const confirm = async () => {
    if (!person) return;
    setError(null);
    try {
      await discard.mutateAsync(person.employeeId);
      setDone(t('manager.fix.discarded', { name }));
      setEmployeeId(null);
      setConfirming(false);
      await afterChange();
    } catch (caught) {
      setConfirming(false);
      setError(sayFailure(caught));
    }
  };

  return (
    <Card labelledBy="discard-title">
      <h2 id="discard-title" className={styles.cardTitle}>
        {t('manager.fix.discardTitle')}
      </h2>
      <p className={styles.lead}>{t('manager.fix.discardLead')}</p>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {staff.data && onShift.length === 0 ? (
        <p className={styles.empty}>{t('manager.fix.nobodyOnShift')}</p>
      ) : (
        <>
          <SelectField
            label={t('manager.fix.person')}
            value={employeeId ?? ''}
            onChange={(event) => {
              setEmployeeId(event.target.value ? Number(event.target.value) : null);
              setMissing(false);
              setDone(null);
            }}
            error={missing ? t('manager.fix.choosePerson') : null}
          >
            <option value="">{t('manager.fix.choosePersonOption')}</option>
            {onShift.map((p) => (
              <option key={p.employeeId} value={p.employeeId}>
                {p.clockOnTimeUtc ? t('manager.fix.personSince', { name: displayName(p), time: format.time(p.clockOnTimeUtc) }) : displayName(p)}
              </option>
            ))}
          </SelectField>
          <div className={styles.actions}>
            <Button variant="danger" size="large" icon={<TrashIcon />} onClick={() => (person ? setConfirming(true) : setMissing(true))}>
              {t('manager.fix.discardSubmit')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming && person !== null}
        title={t('manager.fix.discardConfirmTitle', { name })}
        confirmLabel={t('manager.fix.discardConfirm')}
        cancelLabel={t('manager.fix.keepShift')}
        tone="danger"
        busy={discard.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>{person?.clockOnTimeUtc ? t('manager.fix.discardConfirmText', { name, time: format.dateTime(person.clockOnTimeUtc) }) : t('manager.fix.discardConfirmTextNoTime', { name })}</p>
      </ConfirmDialog>
    </Card>
  );
}
