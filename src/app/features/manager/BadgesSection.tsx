/**
 * Badges in manager mode: how this kiosk (and the business) accepts them, and the kiosk's people
 * to choose from, each with their badge's date and "Withdraw badge"; issuing opens the printable
 * sheet (BadgeSheet), the only place a token is ever shown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { IssuedBadgeModel } from '../../../contract/supporting/badges';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { badgeKeys, useBadgeRequests, useKioskBadges } from './badgeApi';
import { BadgeModeCard } from './BadgeModeCard';
import { BadgeSheet } from './BadgeSheet';
import styles from './Manager.module.css';
import { useLiveStaff, useSayFailure } from './ManagerContext';
import { displayName } from './onSite';

interface Person {
  employeeId: number;
  name: string;
  badge: { badgeId: number; issuedUtc: string } | null;
}

function BadgePeopleCard({ onIssued }: { onIssued: (badges: IssuedBadgeModel[]) => void }) {
  const { t, format, locale } = useI18n();
  const runtime = useRuntime();
  const requests = useBadgeRequests();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const staff = useLiveStaff();
  const badges = useKioskBadges();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const [revoking, setRevoking] = useState<Person | null>(null);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const people: Person[] = useMemo(() => {
    const held = new Map((badges.data?.badges ?? []).map((b) => [b.employeeId, b] as const));
    return (staff.data ?? [])
      .map((p) => ({ employeeId: p.employeeId, name: displayName(p), badge: held.get(p.employeeId) ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [staff.data, badges.data, locale]);
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: badgeKeys(runtime.kiosk.kioskId) });
    void runtime.refresh();
  };
  const issue = useMutation({
    mutationFn: () => requests.issue([...chosen]),
    onSuccess: async (issued) => {
      setAsking(false);
      setChosen(new Set());
      onIssued(issued);
      await changed();
    },
    onError: (caught) => {
      setAsking(false);
      setSaid({ tone: 'error', text: sayFailure(caught) });
    },
  });
  const revoke = useMutation({
    mutationFn: (person: Person) => requests.revoke(person.badge?.badgeId ?? 0),
    onSuccess: async (_, person) => {
      setRevoking(null);
      setSaid({ tone: 'success', text: t('badges.revoked', { name: person.name }) });
      await changed();
    },
    onError: (caught) => {
      setRevoking(null);
      setSaid({ tone: 'error', text: sayFailure(caught) });
    },
  });
  const toggle = (employeeId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(employeeId);
      else next.delete(employeeId);
      return next;
    });

  return (
    <Card labelledBy="badge-people-title">
      <div className={styles.head}>
        <h2 id="badge-people-title" className={styles.cardTitle}>
          {t('badges.peopleTitle')}
        </h2>
        <div className={styles.headTools}>
          <Button variant="secondary" onClick={() => setChosen(chosen.size === people.length ? new Set() : new Set(people.map((p) => p.employeeId)))}>
            {chosen.size === people.length && people.length > 0 ? t('badges.selectNone') : t('badges.selectAll')}
          </Button>
          <Button disabled={chosen.size === 0} onClick={() => setAsking(true)}>
            {t('badges.issue', { count: chosen.size })}
          </Button>
        </div>
      </div>
      <p className={styles.meta}>{t('badges.peopleLead')}</p>
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {staff.error ? <Notice tone="error">{sayFailure(staff.error)}</Notice> : null}
      <ul className={styles.list} aria-labelledby="badge-people-title">
        {people.map((person) => (
          <li key={person.employeeId} className={styles.row} data-testid="badge-person" data-employee-id={person.employeeId}>
            <input
              type="checkbox"
              className={styles.bigCheck}
              checked={chosen.has(person.employeeId)}
              onChange={(event) => toggle(person.employeeId, event.target.checked)}
              aria-label={t('badges.choose', { name: person.name })}
            />
            <Avatar name={person.name} size={44} />
            <div className={styles.rowMain}>
              <span className={styles.name}>{person.name}</span>
              <span className={styles.sub}>{person.badge ? t('badges.hasBadge', { date: format.date(person.badge.issuedUtc) }) : t('badges.noBadge')}</span>
            </div>
            {person.badge ? (
              <Button variant="secondary" onClick={() => setRevoking(person)} aria-label={t('badges.revokeFor', { name: person.name })}>
                {t('badges.revoke')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking}
        title={t('badges.issueTitle')}
        confirmLabel={t('badges.issue', { count: chosen.size })}
        cancelLabel={t('common.cancel')}
        busy={issue.isPending}
        onConfirm={() => issue.mutate()}
        onCancel={() => setAsking(false)}
      >
        <p>{t('badges.issueBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('badges.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('badges.revoke')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>{t('badges.revokeBody')}</p>
      </ConfirmDialog>
    </Card>
  );
}

export function BadgesSection() {
  const { t } = useI18n();
  const [issued, setIssued] = useState<IssuedBadgeModel[] | null>(null);
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('badges.title')}</h1>
      </div>
      <p className={styles.lead}>{t('badges.lead')}</p>
      <BadgeModeCard />
      <BadgePeopleCard onIssued={setIssued} />
      {issued ? <BadgeSheet badges={issued} onDone={() => setIssued(null)} /> : null}
    </>
  );
}
