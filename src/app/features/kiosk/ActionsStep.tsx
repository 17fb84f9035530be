/**
 * After the PIN: the person's status and only the punches the state machine allows from it (the
 * same `allowedPunches` the service enforces), plus notes and a PIN change. Before a clock-on, the
 * roster shift it would match, early or late, and the pick of a shift where the kiosk allows it.
 * Someone on a shift older than the long-shift threshold is first asked when
 * they finished (FinishTimeStep); a clock-off the business asks questions at goes to AttestStep.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { allowedPunches, isLongShift, isOnShift, type PunchKind } from '../../../domain/attendance';
import { shouldAskFinishTime } from '../../../domain/timesheets';
import { choiceOf, clockOnRoster } from '../../../offline/kioskRoster';
import { openShiftElsewhere } from '../../../offline/openShiftsElsewhere';
import { clockOnRulesOf, needsClockOnOptions, isPhotoExempt, stepBeforeCommit } from '../../../domain/clockOn';
import { clockOnFields, preselectClockOn } from '../../../domain/clockOnPreselection';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useNow } from '../../hooks/useNow';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskPolicy, useKioskSettings } from '../../runtime/useKioskSettings';
import { useOpenShiftsElsewhere } from '../../runtime/useKioskData';
import { useUiStore, type ActionsNotice, type PendingPunch } from '../../state/uiStore';
import { Button, type ButtonVariant } from '../../ui/Button';
import { CalendarIcon, CoffeeIcon, KeyIcon, LoginIcon, LogoutIcon, NoteIcon, PlayIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Switch } from '../../ui/Switch';
import { clockOnChoices } from '../../../offline/kioskOperations';
import { NOT_CLOCKED_ON, toDomainState } from '../../../offline/localState';
import { readLastChoice, refreshWorkHistory } from '../../../offline/workHistory';
import styles from './ActionsStep.module.css';
import { PersonHeading } from './PersonHeading';
import steps from './Steps.module.css';
import { clockOnChoicesKey } from './clockOnFlow';
import { FinishTimeStep } from './FinishTimeStep';
import { MyHoursPrompt } from './MyHoursPrompt';
import { RosterShiftCard } from './RosterShiftCard';
import { useKeptRoster } from './useKeptRoster';
import { localDaysBetween, sinceWhen } from './useStatusLine';
import { useCommitPunch } from './useCommitPunch';
import { useBreakRuleWarnings } from './useBreakRuleWarnings';
import { restShownMs } from '../../../domain/breakRules';
import { clockOffQuestions } from './clockOffQuestions';
import { useStepPerson } from './useStepPerson';
import { whereElsewhere } from './whereElsewhere';

const PUNCHES: Partial<Record<PunchKind, { label: MessageKey; variant: ButtonVariant; icon: ReactNode }>> = {
  clockOn: { label: 'kiosk.actions.clockOn', variant: 'clockOn', icon: <LoginIcon /> },
  startBreak: { label: 'kiosk.actions.startBreak', variant: 'startBreak', icon: <CoffeeIcon /> },
  endBreak: { label: 'kiosk.actions.endBreak', variant: 'endBreak', icon: <PlayIcon /> },
  clockOff: { label: 'kiosk.actions.clockOff', variant: 'clockOff', icon: <LogoutIcon /> },
};

export function ActionsStep({ employeeId, pin, notice }: { employeeId: number; pin: string; notice?: ActionsNotice | undefined }) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const settings = useKioskSettings(runtime.db);
  const policy = useKioskPolicy(runtime.db);
  const go = useUiStore((s) => s.go);
  const reset = useUiStore((s) => s.reset);
  const commit = useCommitPunch();
  const queryClient = useQueryClient();
  const now = useNow(useCallback(() => runtime.clock.now(), [runtime]), 15_000);
  const [paidBreak, setPaidBreak] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roster = useKeptRoster(runtime.db);
  const openShifts = useOpenShiftsElsewhere(runtime.db);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [stillWorking, setStillWorking] = useState(false);
  const warnings = useBreakRuleWarnings(runtime.db, employeeId, toDomainState(person?.local ?? NOT_CLOCKED_ON), now);
  // The receipt's hours: the service's shifts for this person, fetched while they choose.
  useEffect(() => void refreshWorkHistory(runtime, employeeId, format.zone), [runtime, employeeId, format.zone]);
  if (!person) return null;

  const state = person.local;
  const offered = allowedPunches(state.status).filter((kind) => PUNCHES[kind]);
  const since = state.status === 'OnBreak' ? state.breakStartTimeUtc : state.clockOnTimeUtc;
  // A shift begun on an earlier day says which ("since yesterday 21:00"), not only the time.
  const today = since !== null && localDaysBetween(new Date(since), now, format.zone) <= 0;
  const sinceValues = since ? { time: format.time(since), when: sinceWhen(t, format, since, now), duration: format.duration(now.getTime() - Date.parse(since)) } : null;
  const statusLine =
    state.status === 'ClockedOn' && sinceValues
      ? t(today ? 'kiosk.actions.clockedOnSince' : 'kiosk.roster.sinceDay', sinceValues)
      : state.status === 'OnBreak' && sinceValues
        ? t(today ? 'kiosk.actions.onBreakSince' : 'kiosk.roster.breakSinceDay', sinceValues)
        : t('kiosk.actions.notOn');
  const onShift = isOnShift(state.status);
  const elsewhere = openShiftElsewhere(openShifts, employeeId, state);
  const askFinish =
    !stillWorking && policy && onShift && shouldAskFinishTime(state.clockOnTimeUtc ? new Date(state.clockOnTimeUtc) : null, now, policy.longShiftMinutes);
  // On a shift, nothing is offered until the threshold is known: the question comes before anything else.
  if (onShift && policy === undefined) return null;
  // The open shift's breaks as far as the tablet knows them, for the questions at its clock-off.
  const shiftBreaks = warnings.shiftBreaks ?? (state.breakStartTimeUtc ? [{ start: new Date(state.breakStartTimeUtc), end: null }] : []);
  if (askFinish) return <FinishTimeStep person={person} pin={pin} roster={roster} elsewhere={elsewhere} breaks={shiftBreaks} onStillWorking={() => setStillWorking(true)} />;
  // Before a clock-on: the roster shift it matches (with the person's pick), early or late.
  const firstLook = offered.includes('clockOn') ? clockOnRoster(roster, employeeId, now) : null;
  const picked = firstLook?.pickable.find((s) => s.id === pickedId) ?? null;
  const rosterView = firstLook && picked ? clockOnRoster(roster, employeeId, now, choiceOf(picked)) : firstLook;
  // A shown pick always travels with the clock-on, so the service matches the same shift.
  const pickedShift = rosterView && rosterView.pickable.length > 0 ? (picked ?? rosterView.match) : null;
  // The roster shift the clock-on starts from: the one picked, else the one matched (or under way).
  const rosterShift = pickedShift ?? rosterView?.match ?? null;

  const choose = async (kind: PunchKind) => {
    const fields: Record<string, unknown> = kind === 'startBreak' && paidBreak ? { isPaidBreak: true } : {};
    let pending: PendingPunch = { kind, fields, ...(fields.isPaidBreak ? { labels: [t('kiosk.done.paidBreak')] } : {}) };
    setBusy(true);
    // Whatever fails underneath (the tablet's storage, say), the buttons come back with a reason.
    try {
      if (kind === 'clockOn') {
        const [choices, last] = await Promise.all([
          queryClient.fetchQuery({
            queryKey: clockOnChoicesKey(runtime.kiosk.kioskId, employeeId),
            queryFn: () => clockOnChoices(runtime, employeeId),
            staleTime: 0,
            // clockOnChoices falls back to the kiosk's copy offline: never let TanStack pause it.
            networkMode: 'always',
          }),
          readLastChoice(runtime.db, employeeId).catch(() => null),
        ]);
        // What the clock-on starts from: the roster shift (or the one picked), the only choice, the last one here.
        const preselection = preselectClockOn(choices.data, { rostered: rosterShift, last });
        // Without a copy of the choices, a picked shift still travels, so the service matches the same one.
        pending = { kind, fields: { ...(choices.data === null && pickedShift ? choiceOf(pickedShift) : {}), ...clockOnFields(preselection, choices.data !== null) } };
        // Something to choose, or a choice the kiosk or the business requires that is not preselected.
        if (needsClockOnOptions(choices.data, clockOnRulesOf(settings, policy), preselection.locationId)) return go({ step: 'options', employeeId, pin, pending });
      }
      if (kind === 'clockOff' && policy && state.clockOnTimeUtc) {
        // The questions at clock-off, decided here from what the tablet holds (offline too), under the
        // rules of the shift's location where it overrides the business's.
        const start = new Date(state.clockOnTimeUtc);
        const questions = await clockOffQuestions(runtime.db, policy, employeeId, { start, end: runtime.clock.now(), breaks: shiftBreaks });
        if (questions.length > 0) return go({ step: 'attest', employeeId, pin, pending, questions });
      }
      if (stepBeforeCommit(settings, isPhotoExempt(policy, employeeId)) === 'photo') return go({ step: 'photo', employeeId, pin, pending });
      setError(await commit(employeeId, person.name, pending));
    } catch (failure) {
      console.error('the kiosk could not prepare a punch', failure);
      setError(t('kiosk.error.storage-failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${steps.step} ${styles.screen}`} aria-labelledby="actions-title">
      <PersonHeading name={person.name} photoUrl={person.profileImageUrl} title={t('kiosk.actions.hello', { name: person.firstName })} id="actions-title">
        <p className={styles.statusLine}>{statusLine}</p>
        {elsewhere ? (
          <p className={styles.statusLine} data-testid="elsewhere">
            {t('kiosk.roster.elsewhere', { kiosk: whereElsewhere(t, elsewhere) })}
          </p>
        ) : null}
      </PersonHeading>
      {notice ? (
        <Notice tone="success">
          {notice === 'clockOffUndone' ? t('kiosk.actions.clockOffUndone') : t('kiosk.actions.pinChanged')}
          {notice === 'pinChangedQueued' ? ` ${t('kiosk.changePin.queued')}` : ''}
        </Notice>
      ) : null}
      {rosterView ? <RosterShiftCard view={rosterView} pickedId={pickedShift?.id ?? null} onPick={setPickedId} /> : null}
      {policy && isLongShift(toDomainState(state), now, policy.longShiftMinutes) ? <Notice tone="warning">{t('kiosk.actions.longShift')}</Notice> : null}
      {onShift && warnings.meal ? (
        <Notice tone={warnings.meal.overdue ? 'warning' : 'info'}>
          <span data-testid="meal-due">{t(warnings.meal.overdue ? 'kiosk.rules.mealOverdue' : 'kiosk.rules.mealDue', { time: format.time(warnings.meal.dueBy) })}</span>
        </Notice>
      ) : null}
      {offered.includes('clockOn') && warnings.shortRest ? (
        <Notice tone="warning">
          {/* One block: the notice lays its children out side by side. */}
          <div>
            <span data-testid="short-rest">
              {t('kiosk.rules.shortRest', { duration: format.duration(restShownMs(warnings.shortRest)), minimum: format.duration(warnings.shortRest.minimumMinutes * 60_000) })}
            </span>
            {warnings.blocksClockOn ? ` ${t('kiosk.rules.blocked', { time: format.time(warnings.shortRest.until) })}` : ''}
          </div>
        </Notice>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <MyHoursPrompt employeeId={employeeId} pin={pin} />
      <h2 className="visually-hidden">{t('kiosk.actions.whatNext')}</h2>
      <div className={styles.actions}>
        {offered.map((kind) => {
          const punch = PUNCHES[kind];
          if (!punch) return null;
          const button = (
            <Button key={kind} variant={punch.variant} size="large" icon={punch.icon} onClick={() => void choose(kind)} disabled={busy || (kind === 'clockOn' && warnings.blocksClockOn)} data-punch={kind}>
              {t(punch.label)}
            </Button>
          );
          // The paid-break switch belongs to the break: above its button, in one group, away from Clock off.
          if (kind !== 'startBreak' || !settings?.paidBreaksEnabled) return button;
          return (
            <div key={kind} className={styles.breakGroup} data-testid="break-group">
              <Switch checked={paidBreak} onChange={setPaidBreak} onText={t('kiosk.switch.on')} offText={t('kiosk.switch.off')}>
                {t('kiosk.actions.paidBreak')}
              </Switch>
              {button}
            </div>
          );
        })}
      </div>
      <div className={styles.secondary}>
        {onShift ? (
          <Button variant="secondary" icon={<NoteIcon />} onClick={() => go({ step: 'note', employeeId, pin })}>
            {t('kiosk.actions.addNote')}
          </Button>
        ) : null}
        <Button variant="secondary" icon={<CalendarIcon />} onClick={() => go({ step: 'myHours', employeeId, pin })} data-testid="open-my-hours">
          {t('myHours.open')}
        </Button>
        {/* Signed in with a badge alone there is no PIN to change from: that needs the PIN itself. */}
        {pin !== '' ? (
          <Button variant="secondary" icon={<KeyIcon />} onClick={() => go({ step: 'changePin', employeeId, oldPin: pin, reason: 'chosen' })}>
            {t('kiosk.actions.changePin')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={reset}>
          {t('kiosk.actions.notYou')}
        </Button>
      </div>
    </section>
  );
}
