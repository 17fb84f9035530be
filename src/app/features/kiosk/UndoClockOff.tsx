/**
 * The way back from a clock-off tapped by mistake, on its receipt: "Undo clock-off" takes the
 * queued clock-off back while it is still held on the tablet (undoPunch.ts) and returns to the
 * person's actions, still clocked on; too late (already sent), it says so and what to do instead.
 * The hold ends the moment the receipt is left, however it is left (Done, the countdown, Back,
 * the idle screen): the clock-off is then sent at once.
 */
import { useEffect, useState } from 'react';
import { releasePunchAtKiosk, undoPunchAtKiosk } from '../../../offline/kioskOperations';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore, type Receipt } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';

export function UndoClockOff({ receipt }: { receipt: Receipt }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const go = useUiStore((s) => s.go);
  const reset = useUiStore((s) => s.reset);
  const [state, setState] = useState<'offered' | 'busy' | 'too-late'>('offered');
  const { entryId } = receipt;

  // Released when the screen moves on from this receipt (not on a remount of the same receipt).
  useEffect(() => {
    if (!entryId) return;
    return useUiStore.subscribe((s) => {
      if (s.flow.step !== 'done' || s.flow.receipt !== receipt) void releasePunchAtKiosk(runtime, entryId);
    });
  }, [runtime, entryId, receipt]);

  // A forgotten shift's clock-off (a finish given on its own screen) is sent at once: no undo.
  if (receipt.kind !== 'clockOff' || !entryId || receipt.statedFinishUtc !== undefined) return null;
  if (state === 'too-late') return <Notice tone="warning">{t('kiosk.undo.tooLate')}</Notice>;

  const undo = async () => {
    setState('busy');
    const outcome = await undoPunchAtKiosk(runtime, entryId);
    if (outcome === 'already-sent') return setState('too-late');
    const { employeeId, pin } = receipt;
    if (employeeId === undefined || pin === undefined) return reset();
    go({ step: 'actions', employeeId, pin, notice: 'clockOffUndone' });
  };

  return (
    <Button variant="secondary" size="large" onClick={() => void undo()} disabled={state === 'busy'} data-testid="undo-clock-off">
      {t('kiosk.undo.clockOff')}
    </Button>
  );
}
