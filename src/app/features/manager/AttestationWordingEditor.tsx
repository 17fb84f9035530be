/**
 * A question's wording in manager mode's Settings: the words the kiosks ask it in now (the
 * business's own latest version, else the built-in wording in the manager's language), and an
 * editor that writes new words for the question and each of its fixed answers. Saving makes a new
 * version (answers already given keep the words they were shown) and refreshes the tablet. The
 * bounds are the contract's (one place); here they are only worded.
 */
import { useState } from 'react';
import { AttestationAnswerWordingModel, AttestationWordingInputModel } from '../../../contract/supporting/attestations';
import { ATTESTATION_QUESTION, currentVersion, writtenWording, type AttestationAnswer, type AttestationQuestionId, type WrittenWording } from '../../../domain/attestations';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import styles from './Manager.module.css';
import { useSayFailure } from './ManagerContext';
import { useAttestationWording } from './useAttestationWording';

type Translate = ReturnType<typeof useI18n>['t'];

/** The words a question is asked in now, and its answers' in their order. */
export interface CurrentWording {
  version: number;
  text: string;
  answers: { answer: AttestationAnswer; text: string }[];
  own: boolean;
}

/** The wording the kiosks ask now: the business's latest version, else the built-in one in the manager's language. */
export function currentWording(question: AttestationQuestionId, written: readonly WrittenWording[], t: Translate): CurrentWording {
  const version = currentVersion(question, written);
  const own = writtenWording(question, version, written);
  if (own) return { version, text: own.text, answers: own.answers, own: true };
  const key = (suffix = '') => `attest.${question}.v${version}${suffix}` as MessageKey;
  const answers = ATTESTATION_QUESTION[question].versions[version]?.answers ?? [];
  return { version, text: t(key()), answers: answers.map((answer) => ({ answer, text: t(key(`.${answer}`)) })), own: false };
}

/** Why a typed text would be refused (the contract's rule), in the manager's words; null when it is fine. */
function textProblem(schema: typeof AttestationAnswerWordingModel.shape.text, value: string, max: number, t: Translate): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const code = parsed.error.issues[0]?.code;
  if (code === 'too_small') return t('attest.wording.blank');
  if (code === 'too_big') return t('attest.wording.tooLong', { max });
  return t('attest.wording.oneLine');
}

const QUESTION_MAX = AttestationWordingInputModel.shape.text.maxLength ?? 0;
const ANSWER_MAX = AttestationAnswerWordingModel.shape.text.maxLength ?? 0;

export function AttestationWordingEditor({ question, written }: { question: AttestationQuestionId; written: readonly WrittenWording[] }) {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const { write } = useAttestationWording();
  const current = currentWording(question, written, t);
  const builtIn = currentWording(question, [], t);
  const [draft, setDraft] = useState<{ text: string; answers: Record<string, string> } | null>(null);
  const [tried, setTried] = useState(false);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const open = () => {
    setSaid(null);
    setTried(false);
    setDraft({ text: current.text, answers: Object.fromEntries(current.answers.map((a) => [a.answer, a.text])) });
  };

  if (!draft) {
    return (
      <div className={styles.actions}>
        {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
        <Button variant="secondary" onClick={open} data-testid={`attest-wording-edit-${question}`}>
          {t('attest.wording.edit')}
        </Button>
      </div>
    );
  }

  const questionProblem = textProblem(AttestationWordingInputModel.shape.text, draft.text, QUESTION_MAX, t);
  const answerProblems = Object.fromEntries(current.answers.map((a) => [a.answer, textProblem(AttestationAnswerWordingModel.shape.text, draft.answers[a.answer] ?? '', ANSWER_MAX, t)]));
  const valid = questionProblem === null && Object.values(answerProblems).every((p) => p === null);

  const save = () => {
    setTried(true);
    if (!valid || write.isPending) return;
    const body = { question, text: draft.text, answers: current.answers.map((a) => ({ answer: a.answer, text: draft.answers[a.answer] ?? '' })) };
    write.mutate(body, {
      onSuccess: (saved) => {
        setDraft(null);
        setSaid({ tone: 'success', text: t('attest.wording.saved', { version: saved.version }) });
      },
      onError: (caught) => setSaid({ tone: 'error', text: sayFailure(caught) }),
    });
  };

  return (
    <div className={styles.list} role="group" aria-label={t('attest.wording.title', { question: builtIn.text })} data-testid={`attest-wording-${question}`}>
      <p className={styles.lead}>{t('attest.wording.lead')}</p>
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      <Field
        label={t('attest.wording.question')}
        hint={t('attest.wording.limit', { max: QUESTION_MAX })}
        value={draft.text}
        autoComplete="off"
        error={tried ? questionProblem : null}
        onChange={(event) => setDraft({ ...draft, text: event.target.value })}
      />
      {builtIn.answers.map((meaning) => (
        <Field
          key={meaning.answer}
          label={t('attest.wording.answer', { meaning: meaning.text })}
          hint={ATTESTATION_QUESTION[question].versions[ATTESTATION_QUESTION[question].current]?.missedBreak.includes(meaning.answer) ? t('attest.wording.flags') : t('attest.wording.limit', { max: ANSWER_MAX })}
          value={draft.answers[meaning.answer] ?? ''}
          autoComplete="off"
          error={tried ? (answerProblems[meaning.answer] ?? null) : null}
          onChange={(event) => setDraft({ ...draft, answers: { ...draft.answers, [meaning.answer]: event.target.value } })}
        />
      ))}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setDraft(null)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={save} disabled={write.isPending} data-testid={`attest-wording-save-${question}`}>
          {t('attest.wording.save')}
        </Button>
      </div>
    </div>
  );
}
