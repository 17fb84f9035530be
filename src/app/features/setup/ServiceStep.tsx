/** Step 1: which service this kiosk talks to (this page's own origin by default), checked before going on. */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { serviceCheckText } from './failureText';
import { checkService } from './serviceCheck';
import { StepFrame } from './StepFrame';

export function ServiceStep({ initialUrl, onConnected }: { initialUrl: string; onConnected: (serviceUrl: string) => void }) {
  const { t } = useI18n();
  const [url, setUrl] = useState(initialUrl);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const check = await checkService(url, { pageProtocol: window.location.protocol });
    setBusy(false);
    if (check.ok) onConnected(check.url);
    else setProblem(serviceCheckText(check, t));
  };

  return (
    <StepFrame
      step={1}
      title={t('setup.service.title')}
      lead={t('setup.service.lead')}
      submitLabel={busy ? t('setup.service.checking') : t('common.continue')}
      onSubmit={() => void submit()}
      busy={busy}
      notice={problem ? <Notice tone="error">{problem}</Notice> : null}
    >
      <Field
        label={t('setup.service.label')}
        hint={t('setup.service.hint')}
        type="url"
        inputMode="url"
        autoComplete="url"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        aria-invalid={problem ? true : undefined}
      />
    </StepFrame>
  );
}
