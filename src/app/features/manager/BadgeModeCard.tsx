/**
 * How badges are accepted: the business's mode (every kiosk that has none of its own) and this
 * kiosk's own, which may follow the business. Saving refreshes the tablet so the staff grid
 * starts (or stops) accepting scans at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BADGE_MODES, type BadgeMode } from '../../../domain/badges';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { badgeKeys, useBadgeRequests } from './badgeApi';
import { SelectField } from './controls';
import styles from './Manager.module.css';
import { useSayFailure } from './ManagerContext';

const FOLLOW = 'business';

export function BadgeModeCard() {
  const { t } = useI18n();
  const runtime = useRuntime();
  const requests = useBadgeRequests();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const keys = badgeKeys(runtime.kiosk.kioskId);
  const business = useQuery({ queryKey: [...keys, 'businessMode'], queryFn: requests.businessMode });
  const kiosk = useQuery({ queryKey: [...keys, 'kioskMode'], queryFn: requests.kioskMode });
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const done = {
    onSuccess: async () => {
      setSaid({ tone: 'success' as const, text: t('badges.saved') });
      await queryClient.invalidateQueries({ queryKey: keys });
      void runtime.refresh();
    },
    onError: (caught: unknown) => setSaid({ tone: 'error' as const, text: sayFailure(caught) }),
  };
  const saveBusiness = useMutation({ mutationFn: requests.saveBusinessMode, ...done });
  const saveKiosk = useMutation({ mutationFn: requests.saveKioskMode, ...done });
  const modeName = (mode: BadgeMode) => t(`badges.mode.${mode}`);

  return (
    <Card labelledBy="badge-mode-title">
      <h2 id="badge-mode-title" className={styles.cardTitle}>
        {t('badges.modeTitle')}
      </h2>
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {business.error ? <Notice tone="error">{sayFailure(business.error)}</Notice> : null}
      {kiosk.data && business.data ? (
        <SelectField
          label={t('badges.kioskMode')}
          value={kiosk.data.mode ?? FOLLOW}
          disabled={saveKiosk.isPending}
          onChange={(event) => {
            setSaid(null);
            const value = event.target.value;
            saveKiosk.mutate(value === FOLLOW ? null : (BADGE_MODES.find((mode) => mode === value) ?? null));
          }}
        >
          <option value={FOLLOW}>{t('badges.kioskFollows', { mode: modeName(business.data.mode) })}</option>
          {BADGE_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {modeName(mode)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {business.data ? (
        <ChoiceGroup
          legend={t('badges.businessMode')}
          name="business-badge-mode"
          choices={BADGE_MODES.map((mode) => ({ value: mode, label: modeName(mode), detail: t(`badges.mode.${mode}.detail`) }))}
          selected={[business.data.mode]}
          onChange={([mode]) => {
            setSaid(null);
            if (mode) saveBusiness.mutate(mode);
          }}
        />
      ) : null}
    </Card>
  );
}
