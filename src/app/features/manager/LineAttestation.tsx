/**
 * What the person answered at the clock-off of a timesheet line, shown on the line in Timesheets:
 * each question and answer in the wording (and its version) they were shown (the business's own
 * words as the service kept them, or the built-in wording in the manager's language), and a chip when an
 * answer reports a missed break (such a line is held back from approving itself).
 */
import type { AttestationModel } from '../../../contract/supporting/attestations';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import styles from './Manager.module.css';
import own from './Roster.module.css';

export function LineAttestation({ attestation }: { attestation: AttestationModel }) {
  const { t } = useI18n();
  return (
    <>
      {attestation.answers.map((a) => (
        <span key={a.question} className={own.raw} data-testid="line-attestation">
          {a.questionText ?? t(`attest.${a.question}.v${a.version}` as MessageKey)} {a.answerText ?? t(`attest.${a.question}.v${a.version}.${a.answer}` as MessageKey)}{' '}
          {t('attest.manager.version', { version: a.version })}
        </span>
      ))}
      {attestation.reportsMissedBreak ? (
        <span className={styles.chips}>
          <span className={styles.chipAlert} data-testid="missed-break">
            {t('attest.manager.missed')}
          </span>
        </span>
      ) : null}
    </>
  );
}
