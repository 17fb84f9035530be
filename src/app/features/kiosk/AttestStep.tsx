/**
 * The questions the business asks at clock-off (domain/attestations.ts decided which, from the
 * shift the tablet holds), each with its fixed answers, before the clock-off is recorded: in the
 * business's own words when its policy holds them for the version asked, else in the built-in
 * wording in the kiosk's language. The answers travel with the clock-off in the outbox (with the
 * version asked), so this works offline like any punch.
 */
import { useState } from 'react';
import { wordingOf, writtenWording, type AskedQuestion, type AttestationAnswer, type AttestationAnswerRecord } from '../../../domain/attestations';
import { isPhotoExempt, stepBeforeCommit } from '../../../domain/clockOn';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskPolicy, useKioskSettings } from '../../runtime/useKioskSettings';
import { useUiStore, type PendingPunch } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { LogoutIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import steps from './Steps.module.css';
import { useCommitPunch } from './useCommitPunch';
import { useStepPerson } from './useStepPerson';

/** The message of a question's wording (its version), and of one of its answers. */
const questionKey = (asked: AskedQuestion) => `attest.${asked.question}.v${asked.version}` as MessageKey;
const answerKey = (asked: AskedQuestion, answer: AttestationAnswer) => `attest.${asked.question}.v${asked.version}.${answer}` as MessageKey;

export function AttestStep({ employeeId, pin, pending, questions }: { employeeId: number; pin: string; pending: PendingPunch; questions: AskedQuestion[] }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const settings = useKioskSettings(runtime.db);
  const policy = useKioskPolicy(runtime.db);
  const go = useUiStore((s) => s.go);
  const commit = useCommitPunch();
  const [chosen, setChosen] = useState<Partial<Record<string, AttestationAnswer>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!person) return null;

  const answers: AttestationAnswerRecord[] = questions.flatMap((asked) => {
    const answer = chosen[asked.question];
    return answer ? [{ ...asked, answer }] : [];
  });
  const complete = answers.length === questions.length;

  const clockOff = async () => {
    if (!complete) return;
    const next: PendingPunch = { ...pending, answers };
    // A forgotten clock-off is recorded as its own screen records it (no photo step, with its stated finish).
    if (!pending.correction && stepBeforeCommit(settings, isPhotoExempt(policy, employeeId)) === 'photo') return go({ step: 'photo', employeeId, pin, pending: next });
    setBusy(true);
    setError(await commit(employeeId, person.name, next, pending.correction ? { correction: pending.correction, pin } : undefined));
    setBusy(false);
  };

  return (
    <section className={steps.narrow} aria-labelledby="attest-title">
      <h1 id="attest-title" className={steps.title}>
        {t('attest.title')}
      </h1>
      <p className={steps.forName}>{t('kiosk.forName', { name: person.name })}</p>
      <p className={steps.subtitle}>{t('attest.lead')}</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {questions.map((asked) => {
        const written = policy?.attestationWording ?? [];
        const wording = wordingOf(asked.question, asked.version, written);
        if (!wording) return null;
        const own = writtenWording(asked.question, asked.version, written);
        const answer = chosen[asked.question];
        const answerLabel = (value: AttestationAnswer) => (own ? (own.answers.find((a) => a.answer === value)?.text ?? value) : t(answerKey(asked, value)));
        return (
          <div key={asked.question} data-testid={`attest-${asked.question}`}>
            <ChoiceGroup
              legend={own ? own.text : t(questionKey(asked))}
              name={`attest-${asked.question}`}
              choices={wording.answers.map((value) => ({ value, label: answerLabel(value) }))}
              selected={answer ? [answer] : []}
              onChange={([value]) => setChosen((before) => ({ ...before, [asked.question]: value }))}
            />
          </div>
        );
      })}
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'actions', employeeId, pin })}>
          {t('common.back')}
        </Button>
        <Button variant="clockOff" size="large" icon={<LogoutIcon />} onClick={() => void clockOff()} disabled={!complete || busy} data-testid="attest-clock-off">
          {t('attest.clockOff')}
        </Button>
      </div>
    </section>
  );
}
