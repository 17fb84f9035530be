/**
 * A note on the open shift; queued like a punch, so it works offline too. Managers see every
 * note; the person chooses, as two large options, whether it also goes on their timesheet
 * (`Visible`, the timesheet line's comments) or stays with managers only (`Hidden`).
 */
import { useState } from 'react';
import { MAX_NOTE_LENGTH, noteProblem } from '../../../domain/notes';
import { noteAtKiosk } from '../../../offline/kioskOperations';
import { useI18n } from '../../i18n/I18nProvider';
import { problemKey } from '../../i18n/problemWords';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
import steps from './Steps.module.css';
import { useStepPerson } from './useStepPerson';

export function NoteStep({ employeeId, pin }: { employeeId: number; pin: string }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const go = useUiStore((s) => s.go);
  const [text, setText] = useState('');
  const [hidden, setHidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!person) return null;

  const save = async () => {
    if (noteProblem(text)) return setError(text.trim() ? t('kiosk.note.tooLong', { max: MAX_NOTE_LENGTH }) : null);
    const result = await noteAtKiosk(runtime, employeeId, text, hidden ? 'Hidden' : 'Visible');
    if (!result.ok) return setError(t(problemKey(result.code, 'person')));
    go({ step: 'done', receipt: { kind: 'note', employeeName: person.name, at: result.receipt.at.toISOString(), entryId: result.receipt.entryId } });
  };

  return (
    <section className={steps.narrow} aria-labelledby="note-title">
      <h1 id="note-title" className={steps.title}>
        {t('kiosk.note.title')}
      </h1>
      <p className={steps.forName}>{t('kiosk.forName', { name: person.name })}</p>
      <p className={steps.subtitle}>{t('kiosk.note.text')}</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <label className={steps.fieldLabel} htmlFor="note-text">
        {t('kiosk.note.label')}
        <span className={steps.hint}>
          {text.length}/{MAX_NOTE_LENGTH}
        </span>
      </label>
      <textarea id="note-text" className={steps.textarea} value={text} maxLength={MAX_NOTE_LENGTH} onChange={(event) => setText(event.target.value)} />
      <ChoiceGroup
        legend={t('kiosk.note.who')}
        name="note-visibility"
        choices={[
          { value: 'Visible', label: t('kiosk.note.visible'), detail: t('kiosk.note.visibleDetail') },
          { value: 'Hidden', label: t('kiosk.note.hidden'), detail: t('kiosk.note.hiddenDetail') },
        ]}
        selected={[hidden ? 'Hidden' : 'Visible']}
        onChange={([value]) => setHidden(value === 'Hidden')}
      />
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'actions', employeeId, pin })}>
          {t('common.back')}
        </Button>
        <Button variant="primary" size="large" onClick={() => void save()} disabled={!text.trim()}>
          {t('kiosk.note.save')}
        </Button>
      </div>
    </section>
  );
}
