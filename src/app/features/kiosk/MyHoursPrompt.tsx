/**
 * At sign-in, on the actions screen: what the manager left the person to read in their hours (a
 * reply to a dispute, a change to a line), with the way in. Nothing while there is nothing to read.
 */
import { waitingForPerson } from '../../../offline/myHours';
import { useI18n } from '../../i18n/I18nProvider';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { useMyHours } from './useMyHours';

export function MyHoursPrompt({ employeeId, pin }: { employeeId: number; pin: string }) {
  const { t } = useI18n();
  const go = useUiStore((s) => s.go);
  const { query } = useMyHours(employeeId);
  if (!query.data) return null;
  const waiting = waitingForPerson(query.data);
  const count = waiting.replies + waiting.changes;
  if (count === 0) return null;
  return (
    <Notice tone="info">
      <div data-testid="my-hours-prompt">
        {t('myHours.toRead', { count })}{' '}
        <Button variant="secondary" onClick={() => go({ step: 'myHours', employeeId, pin })}>
          {t('myHours.open')}
        </Button>
      </div>
    </Notice>
  );
}
