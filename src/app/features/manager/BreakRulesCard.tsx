/**
 * The business's break and rest rules in manager mode's Settings: which law's profile the kiosks
 * warn from (docs/break-rules.md) and whether a short rest stops a clock-on. Saved at once, apart
 * from the kiosk's own settings form, because it is the business's setting, not this kiosk's;
 * saving refreshes the tablet so its warnings follow straight away.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getBreakRules, saveBreakRules } from '../../../contract/routes/timesheets';
import { BREAK_RULE_PROFILES, type BreakRuleSettings } from '../../../domain/breakRules';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { Switch } from './controls';
import styles from './Manager.module.css';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';

export function BreakRulesCard() {
  const { t } = useI18n();
  const runtime = useRuntime();
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const path = { businessId: runtime.kiosk.businessId };
  const key = [MANAGER_KEY, runtime.kiosk.businessId, 'breakRules'] as const;
  const rules = useQuery({ queryKey: key, queryFn: () => api.call((client) => client.call(getBreakRules, { path })) });
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: BreakRuleSettings) => api.call((client) => client.call(saveBreakRules, { path, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setSaid({ tone: 'success', text: t('manager.breakRules.saved') });
      void runtime.refresh();
    },
    onError: (caught: unknown) => setSaid({ tone: 'error', text: sayFailure(caught) }),
  });
  const change = (next: Partial<BreakRuleSettings>) => {
    if (!rules.data) return;
    setSaid(null);
    save.mutate({ ...rules.data, ...next });
  };

  return (
    <Card labelledBy="break-rules-title">
      <h2 id="break-rules-title" className={styles.cardTitle}>
        {t('manager.breakRules.title')}
      </h2>
      <p className={styles.lead}>{t('manager.breakRules.lead')}</p>
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {rules.error ? <Notice tone="error">{sayFailure(rules.error)}</Notice> : null}
      {rules.data ? (
        <>
          <ChoiceGroup
            legend={t('manager.breakRules.profile')}
            name="break-rule-profile"
            choices={BREAK_RULE_PROFILES.map((profile) => ({ value: profile, label: t(`manager.breakRules.${profile}`), detail: t(`manager.breakRules.${profile}.detail`) }))}
            selected={[rules.data.profile]}
            onChange={([profile]) => {
              if (profile) change({ profile });
            }}
          />
          <Switch
            checked={rules.data.blockShortRest}
            disabled={save.isPending || rules.data.profile === 'None'}
            onChange={(blockShortRest) => change({ blockShortRest })}
            label={t('manager.breakRules.block')}
            detail={t('manager.breakRules.block.detail')}
          />
        </>
      ) : null}
    </Card>
  );
}
