/**
 * Kiosk access of one person, kiosk by kiosk: a switch per kiosk of the business. Switching one on
 * lists them there; switching one off first asks, saying where they stay and, when the listing
 * rule leaves no choice (a kiosk without a location lists everyone who may use kiosks), which
 * other kiosks the change also takes them off (RemovalQuestion, shared with the Staff row).
 */
import { useState } from 'react';
import type { KioskAccessPlan } from '../../../domain/kioskStaff';
import { useI18n } from '../../i18n/I18nProvider';
import type { Translate } from '../../i18n/translate';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Switch } from './controls';
import styles from './Manager.module.css';
import { useSayFailure } from './ManagerContext';
import type { PersonRow } from './staffPeople';
import { planFor, useSetKioskAccess, type KioskAccessData } from './useKioskAccess';

/** Kiosk names for ids, in a readable list ("Front door kiosk, Counter kiosk"). */
export function kioskNames(data: KioskAccessData, ids: readonly number[], locale: string): string {
  const names = ids.map((id) => data.kiosks.find((k) => k.id === id)?.name ?? `#${id}`);
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

/** The sentences of "take this person off this kiosk?", from the domain's plan. */
export function removalQuestion(t: Translate, data: KioskAccessData, locale: string, name: string, kioskId: number, plan: KioskAccessPlan): string[] {
  const kiosk = kioskNames(data, [kioskId], locale);
  const stays = plan.after.filter((id) => id !== kioskId);
  return [
    t('staff.removeBody', { name, kiosk }),
    ...(stays.length > 0 ? [t('staff.removeStays', { name, kiosks: kioskNames(data, stays, locale) })] : []),
    ...(plan.alsoRemoved.length > 0 ? [t('staff.removeAlso', { name, kiosks: kioskNames(data, plan.alsoRemoved, locale) })] : []),
  ];
}

/** What to say after a change: where the person is now, and anywhere else it also put them. */
export function changeSaid(t: Translate, data: KioskAccessData, locale: string, name: string, kioskId: number, hasAccess: boolean, alsoAdded: readonly number[]): string {
  const kiosk = kioskNames(data, [kioskId], locale);
  if (!hasAccess) return t('staff.removed', { name, kiosk });
  return alsoAdded.length > 0 ? t('staff.addedAlso', { name, kiosk, kiosks: kioskNames(data, alsoAdded, locale) }) : t('staff.added', { name, kiosk });
}

export function KioskAccessDialog({ person, data, onClose }: { person: PersonRow | null; data: KioskAccessData; onClose: () => void }) {
  const { t, locale } = useI18n();
  const sayFailure = useSayFailure();
  const { change, pending } = useSetKioskAccess();
  const [asking, setAsking] = useState<{ kioskId: number; plan: KioskAccessPlan } | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (!person?.access) return null;
  const access = person.access;

  const apply = async (kioskId: number, hasAccess: boolean) => {
    setAsking(null);
    try {
      const result = await change({ employeeId: person.employeeId, kioskId, hasAccess });
      setOutcome({ tone: 'success', text: changeSaid(t, data, locale, person.name, kioskId, hasAccess, result.alsoAdded) });
    } catch (caught) {
      setOutcome({ tone: 'error', text: sayFailure(caught) });
    }
  };

  const toggle = (kioskId: number, next: boolean) => {
    setOutcome(null);
    const plan = planFor(data, access.state, kioskId, next);
    if (!next && plan) setAsking({ kioskId, plan });
    else void apply(kioskId, next);
  };

  return (
    <ConfirmDialog
      open
      title={asking ? t('staff.removeTitle', { name: person.name, kiosk: kioskNames(data, [asking.kioskId], locale) }) : t('staff.kiosksTitle', { name: person.name })}
      confirmLabel={asking ? t('staff.removeConfirm', { kiosk: kioskNames(data, [asking.kioskId], locale) }) : t('staff.done')}
      cancelLabel={asking ? t('staff.keep') : undefined}
      tone={asking ? 'danger' : 'primary'}
      busy={pending !== null}
      onConfirm={() => (asking ? void apply(asking.kioskId, false) : onClose())}
      onCancel={() => (asking ? setAsking(null) : onClose())}
    >
      {asking ? (
        removalQuestion(t, data, locale, person.name, asking.kioskId, asking.plan).map((line) => <p key={line}>{line}</p>)
      ) : (
        <div className={styles.list} data-testid="kiosk-access-list">
          <p>{t('staff.kiosksLead', { name: person.name })}</p>
          {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
          {data.kiosks.map((kiosk) => {
            const on = pending?.kioskId === kiosk.id ? pending.hasAccess : access.kioskIds.includes(kiosk.id);
            return (
              <Switch
                key={kiosk.id}
                checked={on}
                disabled={pending !== null}
                label={kiosk.name ?? `#${kiosk.id}`}
                detail={kiosk.locationId ? t('staff.kioskAt', { location: data.locations.find((l) => l.id === kiosk.locationId)?.name ?? String(kiosk.locationId) }) : t('staff.kioskAnywhere')}
                onChange={(next) => toggle(kiosk.id, next)}
              />
            );
          })}
        </div>
      )}
    </ConfirmDialog>
  );
}

/** The button that opens the dialog, named for the person. */
export function KioskAccessButton({ person, onOpen }: { person: PersonRow; onOpen: () => void }) {
  const { t } = useI18n();
  return (
    <Button variant="secondary" onClick={onOpen} aria-label={t('staff.kiosksOpenFor', { name: person.name })}>
      {t('staff.kiosksOpen')}
    </Button>
  );
}
