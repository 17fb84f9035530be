/**
 * The hours a receipt shows, live from what the tablet holds (workHistory.ts): computed by the
 * domain at the punch's time, and recomputed if the service's shifts arrive while it is on
 * screen (fetched here too, in the background, for a kiosk that was offline at sign-in).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { PUNCH_KINDS, type PunchKind } from '../../../domain/attendance';
import { receiptHours, type ReceiptHours } from '../../../domain/workedHours';
import { readWorkSpans, refreshWorkHistory } from '../../../offline/workHistory';
import { useRuntime } from '../../runtime/RuntimeContext';
import type { Receipt } from '../../state/uiStore';

const isPunch = (kind: Receipt['kind']): kind is PunchKind => (PUNCH_KINDS as readonly string[]).includes(kind) && kind !== 'discard';

/** The receipt's hours, or null for receipts without (notes, PIN changes) and while loading. */
export function useReceiptHours(receipt: Receipt, employeeId: number | null, zone: string): (ReceiptHours & { withService: boolean }) | null {
  const runtime = useRuntime();
  const kind = receipt.kind;
  useEffect(() => {
    if (employeeId !== null && isPunch(kind)) void refreshWorkHistory(runtime, employeeId, zone);
  }, [runtime, employeeId, kind, zone]);
  return (
    useLiveQuery(async () => {
      if (employeeId === null || !isPunch(kind)) return null;
      const { spans, withService } = await readWorkSpans(runtime.db, employeeId);
      return { ...receiptHours(spans, kind, new Date(receipt.at), zone), withService };
    }, [runtime, employeeId, kind, receipt.at, zone]) ?? null
  );
}
