/**
 * One timesheet line on the Timesheets tab: the person, the line's (rounded) start and end beside
 * the raw punches of its clocked shift (the project's punches extension), breaks, hours, place,
 * status; approve, reject (asked twice) or send back, and edit in place. A Processed line is
 * read-only; a line with a forgotten clock-off waiting is flagged. *History* shows managers' changes
 * of the line and whether the person has seen them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { UkIndividualTimesheetLineModelInput, UkTimesheetLineModel } from '../../../contract/generated/models';
import type { TimesheetStatus } from '../../../domain/timesheets';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import type { AttestationModel } from '../../../contract/supporting/attestations';
import { BreakFields } from './BreakFields';
import { LineAttestation } from './LineAttestation';
import { LineHistory } from './LineHistory';
import styles from './Manager.module.css';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';
import own from './Roster.module.css';
import { NoteField, ShiftTimeFields } from './ShiftFormFields';
import { buildLineEdit, decisionsFor, lineBody, lineEditFieldOf, lineEditFormOf, lineView, type LineEditField, type LineEditForm } from './timesheetForms';
import { useFieldForm } from './useFieldForm';

const STATUS_CHIP: Record<TimesheetStatus, string | undefined> = {
  Submitted: styles.chipInfo,
  Approved: styles.chipOn,
  Rejected: styles.chipAlert,
  Processed: styles.chip,
};

const DECISION_TEXT: Record<'Approved' | 'Rejected' | 'Submitted', MessageKey> = {
  Approved: 'manager.timesheets.approve',
  Rejected: 'manager.timesheets.reject',
  Submitted: 'manager.timesheets.sendBack',
};

/** The raw punches behind the line, as "08:53–17:04", once the extension answers. */
function RawPunches({ lineId }: { lineId: number }) {
  const { t } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const punches = useQuery({
    queryKey: [MANAGER_KEY, kiosk.kioskId, 'timesheets', 'punches', lineId],
    queryFn: () => api.call((client) => client.timesheets.punches(kiosk.businessId, lineId)),
    retry: false,
    staleTime: 60_000,
  });
  const raw = punches.data;
  if (!raw?.startLocal) return null;
  const time = (text: string | null) => (text ? text.slice(11, 16) : '…');
  return <span className={own.raw}>{t('manager.timesheets.punched', { start: time(raw.startLocal), end: time(raw.endLocal) })}</span>;
}

function LineEditor({ line, onSaved, onCancel }: { line: UkTimesheetLineModel; onSaved: () => Promise<void>; onCancel: () => void }) {
  const { t } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const { form, general, setGeneral, update, error, checkFailed, refused, sayIt } = useFieldForm<LineEditForm, LineEditField>(() => lineEditFormOf(lineView(line)));
  const save = useMutation({
    mutationFn: (body: UkIndividualTimesheetLineModelInput) =>
      api.fix('timesheets.update', { id: line.id, body }, (client, options) => client.timesheets.update(kiosk.businessId, line.id, body, options)),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    const check = buildLineEdit(line, form);
    if (!check.ok) {
      checkFailed(check.errors);
      return;
    }
    try {
      await save.mutateAsync(check.body);
      await onSaved();
    } catch (caught) {
      refused(caught, lineEditFieldOf);
    }
  };
  const id = `line-${line.id}`;
  return (
    <form className={`${styles.list} ${own.editor}`} onSubmit={(event) => void submit(event)} noValidate aria-label={t('manager.timesheets.editLabel')}>
      {general ? <Notice tone="error">{sayIt(general)}</Notice> : null}
      <ShiftTimeFields value={form} error={error} onChange={update} dateClearsEnd={false} />
      <BreakFields idPrefix={id} breaks={form.breaks} showPaid errorOf={(index) => error(`break.${index}`)} onChange={(breaks, touched) => update({ breaks }, touched.map((i) => `break.${i}` as const))} />
      <NoteField id={`${id}-comments`} label={t('manager.timesheets.comments')} value={form.comments} onChange={(comments) => update({ comments }, ['comments'])} error={error('comments')} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('manager.roster.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('manager.roster.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

export interface TimesheetLineItemProps {
  line: UkTimesheetLineModel;
  name: string;
  flagged: boolean;
  /** The answers given at the line's clock-off, when any. */
  attestation?: AttestationModel | undefined;
  onChanged: () => Promise<void>;
}

export function TimesheetLineItem({ line, name, flagged, attestation, onChanged }: TimesheetLineItemProps) {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const sayFailure = useSayFailure();
  const [editing, setEditing] = useState(false);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const view = lineView(line);
  const decide = useMutation({
    mutationFn: (status: TimesheetStatus) => {
      const body = lineBody(line, { status });
      return api.fix('timesheets.decide', { id: line.id, body }, (client, options) => client.timesheets.update(kiosk.businessId, line.id, body, options));
    },
    onSuccess: async () => {
      setConfirmingReject(false);
      await onChanged();
    },
  });
  const when = view.date ? format.weekdayDate(`${view.date}T12:00:00Z`) : '';
  const times = t('manager.roster.times', { start: view.start ?? '…', end: view.end ?? '…' });
  const label = t('manager.timesheets.lineOf', { name, date: when, times });
  const hours = view.workedMinutes === null ? null : format.duration(view.workedMinutes * 60_000);
  const where = [view.location, view.workType].filter(Boolean).join(' · ');
  const decisions = decisionsFor(view.status);

  return (
    <li className={`${own.lineRow} ${flagged ? own.flagged : ''}`} data-testid="timesheet-line" data-line-id={line.id} data-status={view.status ?? ''} data-flagged={flagged ? 'true' : 'false'}>
      <div className={own.lineMain}>
        <span className={styles.name}>{name}</span>
        <span className={styles.sub}>
          {when} · <span className={own.times}>{times}</span>
          {view.endsNextDay ? ` (${t('manager.fix.nextDay')})` : ''}
          {hours ? ` · ${t('manager.timesheets.hours', { hours })}` : ''}
        </span>
        <RawPunches lineId={line.id} />
        {attestation ? <LineAttestation attestation={attestation} /> : null}
        <span className={styles.sub}>
          {view.breaks.length === 0
            ? t('manager.fix.noBreaks')
            : view.unpaidBreakMs > 0
              ? t('manager.timesheets.breaks', { count: view.breaks.length, unpaid: format.duration(view.unpaidBreakMs) })
              : // Paid breaks only: "0 min unpaid" reads like a break that was not taken.
                t('manager.timesheets.breaksPaid', { count: view.breaks.length })}
          {where ? ` · ${where}` : ''}
        </span>
        <span className={styles.chips}>
          {view.status ? <span className={STATUS_CHIP[view.status]}>{t(`manager.timesheets.status.${view.status}`)}</span> : null}
          {flagged ? <span className={styles.chipAlert}>{t('manager.timesheets.flagged')}</span> : null}
          {view.locked ? <span className={styles.chip}>{t('manager.timesheets.readOnly')}</span> : null}
        </span>
        <LineHistory lineId={line.id} label={label} />
      </div>
      {view.locked ? null : (
        <div className={styles.rowActions}>
          {decide.error ? <Notice tone="error">{sayFailure(decide.error)}</Notice> : null}
          {confirmingReject ? (
            <>
              <span role="status">{t('manager.timesheets.confirmReject', { name })}</span>
              <Button variant="danger" disabled={decide.isPending} onClick={() => decide.mutate('Rejected')}>
                {t('manager.timesheets.yesReject')}
              </Button>
              <Button variant="secondary" disabled={decide.isPending} onClick={() => setConfirmingReject(false)}>
                {t('manager.timesheets.keep')}
              </Button>
            </>
          ) : (
            <>
              {decisions.map((status) => (
                <Button
                  key={status}
                  variant={status === 'Approved' ? 'primary' : 'secondary'}
                  disabled={decide.isPending}
                  onClick={() => (status === 'Rejected' ? setConfirmingReject(true) : decide.mutate(status))}
                  aria-label={`${t(DECISION_TEXT[status])}: ${label}`}
                >
                  {t(DECISION_TEXT[status])}
                </Button>
              ))}
              <Button variant="secondary" onClick={() => setEditing((open) => !open)} aria-expanded={editing} aria-label={`${t('manager.roster.edit')}: ${label}`}>
                {t('manager.roster.edit')}
              </Button>
            </>
          )}
        </div>
      )}
      {editing && !view.locked ? (
        <LineEditor
          line={line}
          onCancel={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await onChanged();
          }}
        />
      ) : null}
    </li>
  );
}
