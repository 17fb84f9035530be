/**
 * The business's questions at clock-off in manager mode's Settings: for each question (shown in
 * its current wording and version, docs/attestations.md), when the kiosk asks it, and the
 * business's own wording of it (AttestationWordingEditor). Saved at once
 * like the break rules card above it, since both are the business's settings and the "meal break
 * missed" trigger reads that card's profile; Settings keeps its one Save for the kiosk's own form.
 * Saving refreshes the tablet so its next clock-off asks accordingly.
 */
import { useState } from 'react';
import { getAttestationSettings, saveAttestationSettings } from '../../../contract/routes/attestations';
import { ATTESTATION_TRIGGERS, type AttestationSettings, type AttestationTrigger } from '../../../domain/attestations';
import type { BreakRuleSettings } from '../../../domain/breakRules';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { useBreakRulesSetting } from './BreakRulesCard';
import { AttestationWordingEditor, currentWording } from './AttestationWordingEditor';
import { parseHours, questionChoices, withQuestion, type QuestionChoice } from './attestationForm';
import styles from './Manager.module.css';
import { useAttestationWording } from './useAttestationWording';
import { useBusinessSetting } from './useBusinessSetting';

/** The "longer than" hours of one question, saved when the manager leaves the field (a typo is said, never saved). */
function HoursField({ choice, questionText, saving, onSave }: { choice: QuestionChoice; questionText: string; saving: boolean; onSave: (hours: number) => void }) {
  const { t } = useI18n();
  const [text, setText] = useState(String(choice.hours));
  const [invalid, setInvalid] = useState(false);
  return (
    <Field
      label={t('attest.settings.hours', { question: questionText })}
      hint={t('attest.settings.hoursHint')}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={invalid ? t('attest.settings.hoursInvalid') : null}
      data-testid={`attest-hours-${choice.question}`}
      onChange={(event) => {
        setText(event.target.value);
        setInvalid(false);
      }}
      onBlur={() => {
        const hours = parseHours(text);
        if (hours === null) return setInvalid(true);
        if (!saving && hours !== choice.hours) onSave(hours);
      }}
    />
  );
}

export function QuestionChoices({ choice, profile, saving, onChange }: { choice: QuestionChoice; profile: BreakRuleSettings | undefined; saving: boolean; onChange: (next: QuestionChoice) => void }) {
  const { t } = useI18n();
  // The business's own wording (the same cached query as the editor's), the built-in one until it is read.
  const wording = currentWording(choice.question, useAttestationWording().written ?? [], t);
  const mealDetail =
    profile === undefined ? undefined : profile.profile === 'None' ? t('attest.settings.MealBreakMissed.none') : t('attest.settings.MealBreakMissed.detail', { profile: t(`manager.breakRules.${profile.profile}`) });
  const label = (trigger: AttestationTrigger) => (trigger === 'ShiftLongerThan' ? t('attest.settings.ShiftLongerThan', { hours: choice.hours }) : t(`attest.settings.${trigger}`));
  return (
    <div className={styles.list} data-testid={`attest-setting-${choice.question}`}>
      <ChoiceGroup
        legend={wording.text}
        hint={t(wording.own ? 'attest.settings.ownWording' : 'attest.settings.wording', { version: wording.version, answers: wording.answers.map((a) => a.text).join(' · ') })}
        name={`attest-${choice.question}`}
        multiple
        choices={ATTESTATION_TRIGGERS.map((trigger) => ({ value: trigger, label: label(trigger), ...(trigger === 'MealBreakMissed' && mealDetail ? { detail: mealDetail } : {}) }))}
        selected={choice.triggers}
        onChange={(triggers) => onChange({ ...choice, triggers })}
      />
      {choice.triggers.includes('ShiftLongerThan') ? <HoursField key={choice.hours} choice={choice} questionText={wording.text} saving={saving} onSave={(hours) => onChange({ ...choice, hours })} /> : null}
    </div>
  );
}

export function AttestationsCard() {
  const { t } = useI18n();
  const runtime = useRuntime();
  const { data, error, saving, said, change, sayFailure } = useBusinessSetting<AttestationSettings>({
    name: 'attestations',
    read: (client, path) => client.call(getAttestationSettings, { path }),
    write: (client, path, body) => client.call(saveAttestationSettings, { path, body }),
    savedKey: 'attest.settings.saved',
    afterSave: () => void runtime.refresh(),
  });
  // The break rules card's setting (the same cached query): the "meal break missed" trigger depends on it.
  const breakRules = useBreakRulesSetting();
  const { written } = useAttestationWording();

  return (
    <Card labelledBy="attest-settings-title">
      <h2 id="attest-settings-title" className={styles.cardTitle}>
        {t('attest.settings.title')}
      </h2>
      <p className={styles.lead}>{t('attest.settings.lead')}</p>
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {error ? <Notice tone="error">{sayFailure(error)}</Notice> : null}
      {data
        ? questionChoices(data).map((choice) => (
            <div key={choice.question} className={styles.list}>
              <QuestionChoices choice={choice} profile={breakRules.data} saving={saving} onChange={(next) => change(withQuestion(data, next))} />
              {written ? <AttestationWordingEditor question={choice.question} written={written} /> : null}
            </div>
          ))
        : null}
    </Card>
  );
}
