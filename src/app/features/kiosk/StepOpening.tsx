/**
 * What a tap on a name shows when the steps' code or the runtime is not there yet (the first
 * instant after a start): the person and "One moment…" at once, from the grid's own light data,
 * so nobody taps again wondering whether the kiosk heard them.
 */
import { useUiStore } from '../../state/uiStore';
import { useI18n } from '../../i18n/I18nProvider';
import { useKioskBase } from '../../runtime/RuntimeContext';
import { useStaffMember } from '../../runtime/useKioskData';
import { PersonHeading } from './PersonHeading';
import steps from './Steps.module.css';

export function StepOpening() {
  const { t } = useI18n();
  const { db } = useKioskBase();
  const employeeId = useUiStore((s) => ('employeeId' in s.flow ? s.flow.employeeId : null));
  const person = useStaffMember(db, employeeId);
  return (
    <section className={steps.narrow} aria-busy="true" aria-labelledby="opening-title" data-testid="step-opening">
      {person ? (
        <PersonHeading name={person.name} photoUrl={person.profileImageUrl} title={t('kiosk.pin.hello', { name: person.firstName })} id="opening-title">
          <p className={steps.subtitle} role="status">
            {t('kiosk.opening')}
          </p>
        </PersonHeading>
      ) : (
        <h1 id="opening-title" className={steps.title} role="status">
          {t('kiosk.opening')}
        </h1>
      )}
    </section>
  );
}
