/**
 * The forgotten clock-off: someone still clocked on after the long-shift
 * threshold is asked, before anything else, when they finished. They take the rostered end of
 * the shift their clock-on matched, when there is one, or give a day and a time. The kiosk then
 * clocks them off now (the honest raw punch) and queues the stated finish as a correction a
 * manager confirms, in the same transaction (enqueue.ts). The answer is checked with the domain's
 * finishTimeProblem; "I am still working" leads to the usual actions. When the business (or the
 * shift's location) asks questions at clock-off for the shift as stated (clock-on to the stated
 * finish), they are asked first (AttestStep) and queued with the clock-off and its correction.
 */
import { useState } from 'react';
import type { KnownBreaks } from '../../../domain/breakRules';
import { finishTimeProblem, type FinishTimeProblem } from '../../../domain/timesheets';
import { suggestedFinish, type KeptRoster } from '../../../offline/kioskRoster';
import type { OpenShiftElsewhere } from '../../../offline/openShiftsElsewhere';
import type { StaffRecord } from '../../../offline/records';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskPolicy } from '../../runtime/useKioskSettings';
import { useUiStore, type PendingPunch } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { LogoutIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import styles from './FinishTimeStep.module.css';
import { FinishClock } from './FinishClock';
import { finishDays, finishInstant, localDayOf } from './finishTime';
import { PersonHeading } from './PersonHeading';
import { shiftLabel, shiftNames } from './RosterShiftCard';
import steps from './Steps.module.css';
import { clockOffQuestions } from './clockOffQuestions';
import { useCommitPunch } from './useCommitPunch';
import { sinceWhen } from './useStatusLine';
import { whereElsewhere } from './whereElsewhere';

interface FinishTimeStepProps {
  person: StaffRecord;
  pin: string;
  roster: KeptRoster | null;
  elsewhere: OpenShiftElsewhere | null;
  /** The shift's breaks as far as the tablet knows them (for the questions at clock-off). */
  breaks: KnownBreaks;
  onStillWorking: () => void;
}

export function FinishTimeStep({ person, pin, roster, elsewhere, breaks, onStillWorking }: FinishTimeStepProps) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const commit = useCommitPunch();
  const policy = useKioskPolicy(runtime.db);
  const go = useUiStore((s) => s.go);
  const reset = useUiStore((s) => s.reset);
  const clockOnText = person.local.clockOnTimeUtc ?? new Date(0).toISOString();
  const clockOnUtc = new Date(clockOnText);
  const breakStartUtc = person.local.status === 'OnBreak' && person.local.breakStartTimeUtc ? new Date(person.local.breakStartTimeUtc) : null;
  const openedAt = runtime.clock.now();
  const suggestion = suggestedFinish(roster, person.employeeId, { clockOnUtc, breakStartUtc }, openedAt);
  const days = finishDays(clockOnUtc, openedAt, format.zone);
  const [day, setDay] = useState(() => localDayOf(clockOnUtc, format.zone));
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<FinishTimeProblem | 'missing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const when = sinceWhen(t, format, clockOnText, openedAt);
  const intro = elsewhere
    ? t('kiosk.finish.introElsewhere', { when, kiosk: whereElsewhere(t, elsewhere) })
    : t('kiosk.finish.intro', { when });

  const clockOff = async (finish: Date, suggestedBy: 'roster' | 'typed') => {
    setBusy(true);
    const pending: PendingPunch = { kind: 'clockOff', fields: {}, correction: { statedFinishUtc: finish, suggestedBy } };
    try {
      const questions = policy ? await clockOffQuestions(runtime.db, policy, person.employeeId, { start: clockOnUtc, end: finish, breaks }) : [];
      if (questions.length > 0) return go({ step: 'attest', employeeId: person.employeeId, pin, pending, questions });
      setError(await commit(person.employeeId, person.name, pending, { correction: { statedFinishUtc: finish, suggestedBy }, pin }));
    } catch (failure) {
      console.error('the kiosk could not prepare a punch', failure);
      setError(t('kiosk.error.storage-failed'));
    } finally {
      setBusy(false);
    }
  };

  const submitTyped = () => {
    const finish = finishInstant(day, time, format.zone);
    const found = finish ? finishTimeProblem(finish, { clockOnUtc, breakStartUtc }, runtime.clock.now()) : 'missing';
    setProblem(found);
    if (finish && !found) void clockOff(finish, 'typed');
  };

  const problemText =
    problem === 'missing'
      ? t('kiosk.finish.problem.missing')
      : problem === 'before-clock-on'
        ? t('kiosk.finish.problem.before-clock-on', { time: format.dateTime(clockOnUtc) })
        : problem === 'before-break'
          ? t('kiosk.finish.problem.before-break', { time: format.dateTime(breakStartUtc ?? clockOnUtc) })
          : problem === 'in-future'
            ? t('kiosk.finish.problem.in-future')
            : null;

  return (
    <section className={`${steps.step} ${styles.screen}`} aria-labelledby="finish-title" data-testid="finish-time">
      <PersonHeading name={person.name} photoUrl={person.profileImageUrl} title={t('kiosk.finish.title')} id="finish-title">
        <p className={styles.intro}>{intro}</p>
      </PersonHeading>
      <p className={steps.subtitle}>{t('kiosk.finish.explain')}</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className={styles.options}>
        {suggestion ? (
          <Button variant="clockOff" size="large" icon={<LogoutIcon />} disabled={busy} onClick={() => void clockOff(suggestion.endUtc, 'roster')} data-finish="roster">
            <span className={styles.choiceText}>
              <span>{t('kiosk.finish.rostered', { time: format.time(suggestion.endUtc) })}</span>
              <span className={styles.choiceHint}>{t('kiosk.finish.rosteredHint', { shift: shiftLabel(t, format, suggestion, shiftNames(suggestion)) })}</span>
            </span>
          </Button>
        ) : null}
        <div className={`${steps.card} ${styles.typed}`} role="group" aria-labelledby={suggestion ? 'finish-other' : 'finish-title'}>
          {suggestion ? (
            <h2 id="finish-other" className={styles.otherTitle}>
              {t('kiosk.finish.other')}
            </h2>
          ) : null}
          {days.length > 1 ? (
            <ChoiceGroup
              legend={t('kiosk.finish.day')}
              name="finishDay"
              choices={days.map((d) => ({ value: d, label: format.weekdayDate(finishInstant(d, '12:00', format.zone) ?? new Date(`${d}T12:00:00Z`)) }))}
              selected={[day]}
              onChange={([d]) => d && setDay(d)}
            />
          ) : null}
          <FinishClock
            day={day}
            value={time}
            onChange={(next) => {
              setTime(next);
              setProblem(null);
            }}
            error={problemText}
          />
          <Button variant={suggestion ? 'secondary' : 'clockOff'} size="large" icon={<LogoutIcon />} disabled={busy} onClick={submitTyped} data-finish="typed">
            {t('kiosk.finish.confirm')}
          </Button>
        </div>
      </div>
      <div className={styles.secondary}>
        <Button variant="secondary" onClick={onStillWorking}>
          {t('kiosk.finish.stillWorking')}
        </Button>
        <Button variant="secondary" onClick={reset}>
          {t('kiosk.actions.notYou')}
        </Button>
      </div>
    </section>
  );
}
