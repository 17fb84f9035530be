/**
 * Fix shifts: one of three repairs at a time (a missed shift, a forgotten clock-off, a shift
 * opened by mistake), chosen with big options at the top.
 */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { AddShiftCard } from './AddShiftCard';
import { ClockOffCard } from './ClockOffCard';
import { DiscardCard } from './DiscardCard';
import styles from './Manager.module.css';

type Repair = 'addShift' | 'clockOff' | 'discard';

export function FixShiftsSection() {
  const { t } = useI18n();
  const [repair, setRepair] = useState<Repair>('addShift');
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('manager.fix.title')}</h1>
      </div>
      <ChoiceGroup<Repair>
        legend={t('manager.fix.which')}
        name="repair"
        choices={[
          { value: 'addShift', label: t('manager.fix.addTitle'), detail: t('manager.fix.addDetail') },
          { value: 'clockOff', label: t('manager.fix.clockOffTitle'), detail: t('manager.fix.clockOffDetail') },
          { value: 'discard', label: t('manager.fix.discardTitle'), detail: t('manager.fix.discardDetail') },
        ]}
        selected={[repair]}
        onChange={([next]) => next && setRepair(next)}
      />
      {repair === 'addShift' ? <AddShiftCard /> : null}
      {repair === 'clockOff' ? <ClockOffCard /> : null}
      {repair === 'discard' ? <DiscardCard /> : null}
    </>
  );
}
