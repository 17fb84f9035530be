/** Entry by employee number (checkid) for people who prefer it to finding their name. */
import { useState } from 'react';
import { findByNumber } from '../../../offline/kioskOperations';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Keypad } from '../../ui/Keypad';
import { Notice } from '../../ui/Notice';
import steps from './Steps.module.css';

export function NumberStep() {
  const { t } = useI18n();
  const runtime = useRuntime();
  const go = useUiStore((s) => s.go);
  const reset = useUiStore((s) => s.reset);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const person = await findByNumber(runtime, Number(value));
    setBusy(false);
    if (person) return go({ step: 'pin', employeeId: person.employeeId });
    setError(t('kiosk.number.notFound'));
    setValue('');
  };

  return (
    <section className={steps.narrow} aria-labelledby="number-title">
      <h1 id="number-title" className={steps.title}>
        {t('kiosk.number.title')}
      </h1>
      <output className={steps.title} aria-label={t('kiosk.number.label')} style={{ textAlign: 'center', minHeight: '1.3em', letterSpacing: '0.2em' }}>
        {value}
      </output>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Keypad value={value} onChange={setValue} onSubmit={() => void submit()} disabled={busy} minLength={1} submitLabel={t('kiosk.pin.ok')} />
      <div className={steps.footer}>
        <span />
        <Button variant="secondary" onClick={reset}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}
