/**
 * The business's break and rest rules in manager mode's Settings: which law's profile the kiosks
 * warn from (docs/break-rules.md), the business's own minimum rest if it keeps one, and whether a
 * short rest stops a clock-on. Saved at once, apart
 * from the kiosk's own settings form, because it is the business's setting, not this kiosk's;
 * saving refreshes the tablet so its warnings follow straight away.
 */
import { getBreakRules, saveBreakRules } from '../../../contract/routes/timesheets';
import { BREAK_RULE_PROFILES, effectiveMinimumRestMinutes, type BreakRuleSettings } from '../../../domain/breakRules';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { Switch } from './controls';
import styles from './Manager.module.css';
import { MinimumRestField } from './MinimumRestField';
import { useBusinessSetting } from './useBusinessSetting';

/** The business's break rules setting (one cached query: the questions' cards read its profile too). */
export function useBreakRulesSetting() {
  const runtime = useRuntime();
  return useBusinessSetting<BreakRuleSettings>({
    name: 'breakRules',
    read: (client, path) => client.call(getBreakRules, { path }),
    write: (client, path, body) => client.call(saveBreakRules, { path, body }),
    savedKey: 'manager.breakRules.saved',
    afterSave: () => void runtime.refresh(),
  });
}

export function BreakRulesCard() {
  const { t } = useI18n();
  const { data, error, saving, said, change, sayFailure } = useBreakRulesSetting();
  const rules = { data, error };

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
          <MinimumRestField id="break-rules-minimum-rest" settings={rules.data} disabled={saving} onChange={(minimumRestMinutes) => change({ minimumRestMinutes })} />
          <Switch
            checked={rules.data.blockShortRest}
            disabled={saving || effectiveMinimumRestMinutes(rules.data) === null}
            onChange={(blockShortRest) => change({ blockShortRest })}
            label={t('manager.breakRules.block')}
            detail={t('manager.breakRules.block.detail')}
          />
        </>
      ) : null}
    </Card>
  );
}
