/**
 * My hours: after the PIN (or badge), the person's own lines of this week and last week (day,
 * start-end, breaks, status, a manager's change), what the manager left them to read (a change to
 * acknowledge or dispute, a reply), and "Something wrong?" on each line, a short note queued like a
 * punch. Offline it shows the tablet's last copy and says from when; what the person did here and
 * has not reached the service yet shows at once, marked as waiting to be sent.
 */
import { useState } from 'react';
import type { LineChangeModel, LineDisputeModel, MyHoursLineModel } from '../../../contract/supporting/myHours';
import { MAX_DISPUTE_NOTE_LENGTH } from '../../../domain/lineDisputes';
import { localWeekStart } from '../../../domain/workedHours';
import { changeAcknowledgedAtKiosk, disputeAtKiosk, replySeenAtKiosk, type MyHoursView, type QueuedDispute } from '../../../offline/myHours';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import own from './MyHoursStep.module.css';
import { changeWords, dayWords, spanWords } from './myHoursWords';
import steps from './Steps.module.css';
import { useMyHours } from './useMyHours';
import { useStepPerson } from './useStepPerson';

/** What a dispute is about: a line, or a manager's change of one (a deleted line has only that). */
interface Target {
  timesheetLineId: number | null;
  lineChangeId: number | null;
  day: string;
  span: string;
}

function DisputeForm({ target, onSend, onCancel }: { target: Target; onSend: (note: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await onSend(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={steps.card} data-testid="dispute-form">
      <h2 className={own.weekTitle}>{t('myHours.wrongFor', { day: target.day })}</h2>
      <p className={own.span}>{target.span}</p>
      <label className={steps.fieldLabel} htmlFor="dispute-note">
        {t('myHours.wrongLabel')}
        <span className={steps.hint}>
          {text.length}/{MAX_DISPUTE_NOTE_LENGTH}
        </span>
      </label>
      <textarea id="dispute-note" className={steps.textarea} value={text} maxLength={MAX_DISPUTE_NOTE_LENGTH} onChange={(event) => setText(event.target.value)} />
      <p className={steps.hint}>{t('myHours.wrongHint')}</p>
      <div className={steps.footer}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" size="large" onClick={() => void send()} disabled={busy || !text.trim()}>
          {t('myHours.send')}
        </Button>
      </div>
    </div>
  );
}

/** The person's dispute of a line and where it stands (queued here, waiting, replied). */
function DisputeState({ note, dispute, queued }: { note: string; dispute: LineDisputeModel | null; queued: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <p className={own.said}>{t('myHours.youSaid', { note })}</p>
      {dispute?.reply ? (
        <p className={own.reply}>{t('myHours.replied', { reply: dispute.reply })}</p>
      ) : (
        <p className={steps.hint}>{t(queued ? 'myHours.queued' : 'myHours.waitingManager')}</p>
      )}
    </>
  );
}

function LineItem({ line, view, onWrong }: { line: MyHoursLineModel; view: MyHoursView; onWrong: (target: Target) => void }) {
  const { t, format } = useI18n();
  const day = dayWords(format, line);
  const span = spanWords(t, format, line);
  const changed = view.hours?.changes.some((c) => c.timesheetLineId === line.id) ?? false;
  const disputes = view.hours?.disputes.filter((d) => d.timesheetLineId === line.id) ?? [];
  const queued = view.queuedDisputes.filter((d) => d.timesheetLineId === line.id);
  const where = [line.location, line.workType].filter(Boolean).join(' · ');
  return (
    <li className={own.item} data-testid="my-hours-line" data-line-id={line.id}>
      <div className={own.head}>
        <span className={own.day}>{day}</span>
        <span className={own.span}>{span}</span>
      </div>
      <span className={own.sub}>
        {line.breaks.length === 0 ? t('myHours.noBreaks') : line.breaks.map((b) => breakWords(t, b)).join(', ')}
        {' · '}
        {t(`myHours.status.${line.status}`)}
      </span>
      {where ? <span className={own.sub}>{where}</span> : null}
      {changed ? <span className={own.chip}>{t('myHours.changedTag')}</span> : null}
      {disputes.map((d) => (
        <DisputeState key={d.id} note={d.note} dispute={d} queued={false} />
      ))}
      {queued.map((d) => (
        <DisputeState key={d.disputeKey} note={d.note} dispute={null} queued />
      ))}
      <div className={own.buttons}>
        <Button variant="secondary" onClick={() => onWrong({ timesheetLineId: line.id, lineChangeId: null, day, span })} aria-label={t('myHours.wrongFor', { day })}>
          {t('myHours.wrong')}
        </Button>
      </div>
    </li>
  );
}

/** A break as the person reads it: wall-clock times of the line's zone, as the service wrote them. */
function breakWords(t: ReturnType<typeof useI18n>['t'], b: MyHoursLineModel['breaks'][number]): string {
  const start = b.startLocal.slice(11, 16);
  const end = b.endLocal ? b.endLocal.slice(11, 16) : t('myHours.onNow');
  return t(b.isPaidBreak ? 'myHours.paidBreak' : 'myHours.break', { start, end });
}

/** What the manager left to read: changes to acknowledge or dispute, replies to read. */
function ToRead({ view, busy, act, onWrong }: { view: MyHoursView; busy: boolean; act: (work: () => Promise<void>) => void; onWrong: (target: Target) => void }) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const hours = view.hours;
  if (!hours) return null;
  const disputedChanges = new Set(view.queuedDisputes.flatMap((d: QueuedDispute) => (d.lineChangeId === null ? [] : [d.lineChangeId])));
  const changes = hours.changes.filter((c) => c.acknowledgedUtc === null && !view.acknowledgedChangeIds.includes(c.id) && !disputedChanges.has(c.id));
  const replies = hours.disputes.filter((d) => d.status === 'Resolved' && d.replySeenUtc === null && !view.seenDisputeIds.includes(d.id));
  if (changes.length === 0 && replies.length === 0) return null;
  const employeeId = hours.employeeId;
  const target = (c: LineChangeModel): Target => {
    const line = c.after ?? c.before;
    return { timesheetLineId: null, lineChangeId: c.id, day: dayWords(format, line), span: line ? spanWords(t, format, line) : '' };
  };
  return (
    <ul className={own.list} data-testid="my-hours-to-read">
      {changes.map((c) => (
        <li key={`c${c.id}`} className={own.item} data-testid="line-change" data-change-id={c.id}>
          <span className={own.day}>{changeWords(t, format, c)}</span>
          <span className={own.sub}>{t('myHours.changeBy', { who: c.changedBy, when: format.dateTime(c.changedUtc) })}</span>
          <div className={own.buttons}>
            <Button variant="secondary" disabled={busy} onClick={() => onWrong(target(c))}>
              {t('myHours.disputeChange')}
            </Button>
            <Button variant="primary" disabled={busy} onClick={() => act(() => changeAcknowledgedAtKiosk(runtime, employeeId, c.id))}>
              {t('myHours.acknowledge')}
            </Button>
          </div>
        </li>
      ))}
      {replies.map((d) => (
        <li key={`d${d.id}`} className={own.item} data-testid="dispute-reply" data-dispute-id={d.id}>
          <span className={own.day}>{d.line ? `${dayWords(format, d.line)} · ${spanWords(t, format, d.line)}` : ''}</span>
          <p className={own.said}>{t('myHours.youSaid', { note: d.note })}</p>
          <p className={own.reply}>{t('myHours.replied', { reply: d.reply ?? '' })}</p>
          <div className={own.buttons}>
            <Button variant="primary" disabled={busy} onClick={() => act(() => replySeenAtKiosk(runtime, employeeId, d.id))}>
              {t('myHours.gotIt')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Week({ title, lines, view, onWrong }: { title: string; lines: MyHoursLineModel[]; view: MyHoursView; onWrong: (target: Target) => void }) {
  const { t } = useI18n();
  return (
    <section className={own.week} aria-label={title}>
      <h2 className={own.weekTitle}>{title}</h2>
      {lines.length === 0 ? <p className={own.sub}>{t('myHours.noLines')}</p> : null}
      <ul className={own.list}>
        {lines.map((line) => (
          <LineItem key={line.id} line={line} view={view} onWrong={onWrong} />
        ))}
      </ul>
    </section>
  );
}

export function MyHoursStep({ employeeId, pin }: { employeeId: number; pin: string }) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const go = useUiStore((s) => s.go);
  const { query, reload } = useMyHours(employeeId);
  const [writing, setWriting] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!person) return null;
  const view = query.data;

  const act = (work: () => Promise<void>) => {
    setBusy(true);
    void work()
      .then(reload)
      .finally(() => setBusy(false));
  };
  const send = async (note: string) => {
    if (!writing) return;
    const result = await disputeAtKiosk(runtime, employeeId, { timesheetLineId: writing.timesheetLineId, lineChangeId: writing.lineChangeId }, note);
    if (!result.ok) return setError(t('myHours.tooLong', { max: MAX_DISPUTE_NOTE_LENGTH }));
    setError(null);
    setWriting(null);
    await reload();
  };

  const hours = view?.hours ?? null;
  const thisWeek = localWeekStart(runtime.clock.now(), format.zone).getTime();
  const lines = hours?.lines ?? [];
  const isThisWeek = (line: MyHoursLineModel) => (line.startUtc === null ? false : Date.parse(line.startUtc) >= thisWeek);

  return (
    <section className={steps.step} aria-labelledby="my-hours-title">
      <div>
        <h1 id="my-hours-title" className={steps.title}>
          {t('myHours.title')}
        </h1>
        <p className={steps.forName}>{t('kiosk.forName', { name: person.name })}</p>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {writing ? (
        <DisputeForm target={writing} onSend={send} onCancel={() => setWriting(null)} />
      ) : (
        <>
          <p className={steps.subtitle}>{t('myHours.lead')}</p>
          {view?.fromCache ? (
            <Notice tone={hours ? 'info' : 'warning'}>
              <span data-testid="my-hours-offline">{hours && view.fetchedAt ? t('myHours.offline', { when: format.dateTime(view.fetchedAt) }) : t('myHours.noCopy')}</span>
            </Notice>
          ) : null}
          {view ? <ToRead view={view} busy={busy} act={act} onWrong={setWriting} /> : null}
          {view && hours ? (
            <div className={own.weeks}>
              <Week title={t('myHours.thisWeek')} lines={lines.filter(isThisWeek).reverse()} view={view} onWrong={setWriting} />
              <Week title={t('myHours.lastWeek')} lines={lines.filter((l) => !isThisWeek(l)).reverse()} view={view} onWrong={setWriting} />
            </div>
          ) : null}
          <div className={steps.footer}>
            <Button variant="secondary" onClick={() => go({ step: 'actions', employeeId, pin })}>
              {t('common.back')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
