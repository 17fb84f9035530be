/**
 * The kiosk's home: everyone who can punch here, with their status, and an instant search. Works
 * from the copy kept on the device, so it shows offline too. Who is in shows at a glance: people
 * on shift (working or on a break) come first, in their own group, on tinted cards whose status
 * is written out ("On since 09:05", "Break since 10:15", "On since yesterday 21:00") beside a
 * shape, never colour alone; someone clocked on at another kiosk says where ("At Back door").
 * The roster the tablet keeps adds where each person stands against it (domain rosterState.ts):
 * due or late people come next, in their own group, and every rostered card says "Due at 15:00",
 * "Late · due at 09:00", "Rostered until 19:00", "Finishing · 19:00" or, still on after it, "Shift ended · 19:00".
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isOnShift } from '../../../domain/attendance';
import { useLiveQuery } from 'dexie-react-hooks';
import type * as BreakRuleWarnings from '../../../offline/breakRuleWarnings';
import { hasBreakRules } from '../../../offline/kioskBreakRules';
import { toDomainState } from '../../../offline/localState';
import type { PersonRosterState } from '../../../domain/rosterState';
import { rosterStateOf, type RosterShift } from '../../../offline/kioskRoster';
import type { StaffRecord } from '../../../offline/records';
import { useNow } from '../../hooks/useNow';
import { useI18n } from '../../i18n/I18nProvider';
import { foldForSearch } from '../../i18n/search';
import { hasWebNfc } from '../../runtime/hasWebNfc';
import { loadCode } from '../../runtime/loadCode';
import { useKioskBase } from '../../runtime/RuntimeContext';
import { openShiftElsewhere, type OpenShiftElsewhere } from '../../../offline/openShiftsElsewhere';
import { useBadgeMode, useBreakRules, useOpenShiftsElsewhere, useStaff } from '../../runtime/useKioskData';
import { useUiStore } from '../../state/uiStore';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { CameraIcon, CoffeeIcon, HashIcon, PlayIcon, SearchIcon } from '../../ui/icons';
import styles from './StaffGrid.module.css';
import steps from './Steps.module.css';
import { useKeptRoster } from './useKeptRoster';
import { useShortStatus, useStatusLine } from './useStatusLine';
import { whereElsewhere } from './whereElsewhere';

type OpenShifts = ReturnType<typeof useOpenShiftsElsewhere>;
type RosterStates = ReadonlyMap<number, PersonRosterState<RosterShift>>;
/** When each person on shift has their meal break due, and whether that time has passed. */
type MealsDue = ReadonlyMap<number, { dueBy: Date; overdue: boolean }>;
const NO_MEALS_DUE: MealsDue = new Map();

const ROSTER_WORDS = {
  due: 'kiosk.grid.roster.due',
  late: 'kiosk.grid.roster.late',
  onShift: 'kiosk.grid.roster.onShift',
  finishing: 'kiosk.grid.roster.finishing',
  pastEnd: 'kiosk.grid.roster.pastEnd',
} as const;

/** The card's roster line, or null when the roster says nothing about the person now. */
function useRosterLine(state: PersonRosterState<RosterShift> | undefined): string | null {
  const { t, format } = useI18n();
  if (!state || state.kind === 'none') return null;
  const time = format.time(state.kind === 'due' || state.kind === 'late' ? state.shift.startUtc : state.shift.endUtc);
  return t(ROSTER_WORDS[state.kind], { time });
}

function Group({ id, title, people, openShifts, rosterStates, mealsDue }: { id: string; title: string; people: StaffRecord[]; openShifts: OpenShifts; rosterStates: RosterStates; mealsDue: MealsDue }) {
  if (people.length === 0) return null;
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h2 id={id} className={styles.groupTitle}>
        {title} <span className={styles.groupCount}>{people.length}</span>
      </h2>
      <ul className={styles.grid} aria-labelledby={id}>
        {people.map((person) => (
          <PersonCard
            key={person.employeeId}
            person={person}
            elsewhere={openShiftElsewhere(openShifts, person.employeeId, person.local)}
            roster={rosterStates.get(person.employeeId)}
            meal={mealsDue.get(person.employeeId)}
          />
        ))}
      </ul>
    </section>
  );
}

function PersonCard({
  person,
  elsewhere,
  roster,
  meal,
}: {
  person: StaffRecord;
  elsewhere: OpenShiftElsewhere | null;
  roster: PersonRosterState<RosterShift> | undefined;
  meal: { dueBy: Date; overdue: boolean } | undefined;
}) {
  const go = useUiStore((s) => s.go);
  const { t, format } = useI18n();
  const kioskName = elsewhere ? whereElsewhere(t, elsewhere) : null;
  const rosterLine = useRosterLine(roster);
  const statusLine = useStatusLine(person.local) + (kioskName ? `, ${t('kiosk.grid.elsewhereLabel', { kiosk: kioskName })}` : '');
  // The roster line describes the card; its name stays "<name>, <status>".
  const rosterId = `roster-${person.employeeId}`;
  const mealId = `meal-${person.employeeId}`;
  const described = [rosterLine ? rosterId : null, meal ? mealId : null].filter(Boolean).join(' ');
  const shortStatus = useShortStatus(person.local);
  return (
    <li>
      <button
        type="button"
        className={`${styles.person} ${styles[`card${person.local.status}`] ?? ''}`}
        onClick={() => go({ step: 'pin', employeeId: person.employeeId })}
        aria-label={t('kiosk.grid.staffLabel', { name: person.name, status: statusLine })}
        aria-describedby={described || undefined}
      >
        <Avatar name={person.name} photoUrl={person.profileImageUrl} size={56} />
        <span className={styles.text}>
          <span className={styles.name}>{person.name}</span>
          <span className={`${styles.status} ${styles[person.local.status] ?? ''}`}>
            <span className={styles.statusIcon} aria-hidden="true">
              {person.local.status === 'OnBreak' ? <CoffeeIcon /> : person.local.status === 'ClockedOn' ? <PlayIcon /> : null}
            </span>
            <span className={styles.statusText}>{shortStatus}</span>
          </span>
          {kioskName ? (
            <span className={styles.elsewhere} data-testid="elsewhere">
              {t('kiosk.grid.elsewhere', { kiosk: kioskName })}
            </span>
          ) : null}
          {rosterLine && roster ? (
            <span id={rosterId} className={`${styles.roster} ${styles[`roster-${roster.kind}`] ?? ''}`} data-testid="roster-state" data-roster={roster.kind}>
              {rosterLine}
            </span>
          ) : null}
          {meal ? (
            <span id={mealId} className={`${styles.meal} ${meal.overdue ? styles.mealOverdue : ''}`} data-testid="meal-due">
              {t(meal.overdue ? 'kiosk.rules.mealOverdue' : 'kiosk.rules.mealDue', { time: format.time(meal.dueBy) })}
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

export function StaffGrid() {
  const { t } = useI18n();
  const { db, clock } = useKioskBase();
  const staff = useStaff(db);
  const openShifts = useOpenShiftsElsewhere(db);
  const roster = useKeptRoster(db);
  const now = useNow(useCallback(() => clock.now(), [clock]), 30_000);
  const rosterStates = useMemo(
    () => new Map((staff ?? []).map((p) => [p.employeeId, rosterStateOf(roster, p.employeeId, p.local, now)] as const)),
    [staff, roster, now],
  );
  const breakRules = useBreakRules(db);
  // The rules are loaded once any profile is set (none by default), outside the first screen's budget.
  const [warnings, setWarnings] = useState<typeof BreakRuleWarnings | null>(null);
  const wanted = breakRules !== undefined && hasBreakRules(breakRules);
  useEffect(() => {
    // Code that never arrives leaves the names without meal lines, nothing worse.
    if (wanted && warnings === null) loadCode(() => import('../../../offline/breakRuleWarnings')).then(setWarnings, () => undefined);
  }, [wanted, warnings]);
  // Each person's line as their own screen says it: the rules at their shift's location, the breaks the tablet knows.
  const mealsDue: MealsDue =
    useLiveQuery(async () => {
      if (!warnings || !breakRules || !wanted) return NO_MEALS_DUE;
      const people = (staff ?? []).filter((p) => p.local.status === 'ClockedOn').map((p) => ({ employeeId: p.employeeId, state: toDomainState(p.local) }));
      return warnings.readMealsDue(db, people, now, breakRules);
    }, [db, warnings, breakRules, wanted, staff, now]) ?? NO_MEALS_DUE;
  const go = useUiStore((s) => s.go);
  // A kiosk that takes badges offers the camera (and says NFC tags work, where the tablet reads them); a PIN-only one does neither.
  const badgeMode = useBadgeMode(db);
  const takesBadges = badgeMode === 'badge' || badgeMode === 'badge-then-pin';
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const needle = foldForSearch(query.trim());
    return (staff ?? []).filter((p) => !needle || foldForSearch(p.name).includes(needle));
  }, [staff, query]);
  const onSite = (staff ?? []).filter((p) => isOnShift(p.local.status)).length;
  const onShift = shown.filter((p) => isOnShift(p.local.status));
  const expected = (p: StaffRecord) => ['due', 'late'].includes(rosterStates.get(p.employeeId)?.kind ?? 'none');
  const dueNow = shown.filter((p) => !isOnShift(p.local.status) && expected(p));
  const others = shown.filter((p) => !isOnShift(p.local.status) && !expected(p));

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
        {takesBadges ? (
          <Button variant="secondary" icon={<CameraIcon />} onClick={() => go({ step: 'scan' })}>
            {t('kiosk.grid.scanBadge')}
          </Button>
        ) : null}
      </div>
      {takesBadges && hasWebNfc() ? (
        <p className={styles.nfcHint} data-testid="nfc-hint">
          {t('kiosk.grid.nfcHint')}
        </p>
      ) : null}
      {staff === undefined ? null : staff.length === 0 ? (
        <p className={styles.empty}>{t('kiosk.grid.empty')}</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{t('kiosk.grid.noMatch', { query })}</p>
      ) : (
        <div className={styles.groups} data-testid="staff-grid">
          <Group id="group-on" title={t('kiosk.grid.groupOn')} people={onShift} openShifts={openShifts} rosterStates={rosterStates} mealsDue={mealsDue} />
          <Group id="group-due" title={t('kiosk.grid.groupDue')} people={dueNow} openShifts={openShifts} rosterStates={rosterStates} mealsDue={mealsDue} />
          <Group id="group-off" title={t('kiosk.grid.groupOff')} people={others} openShifts={openShifts} rosterStates={rosterStates} mealsDue={mealsDue} />
        </div>
      )}
    </section>
  );
}
