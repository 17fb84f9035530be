/**
 * Records a punch chosen on screen (through the outbox, online or offline) and moves to the
 * confirmation; on refusal by the state machine, returns the message to show instead.
 */
import { useCallback } from 'react';
import type { StatedFinish } from '../../../offline/enqueue';
import { clockOnRoster, readKeptRoster } from '../../../offline/kioskRoster';
import { punchAtKiosk } from '../../../offline/kioskOperations';
import { useI18n } from '../../i18n/I18nProvider';
import { problemKey } from '../../i18n/problemWords';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore, type PendingPunch, type Receipt } from '../../state/uiStore';
import { shiftNames } from './RosterShiftCard';

/** A clock-on's roster shift for its receipt: matched with the choice its body carries, as the service will. */
async function rosterShiftOf(db: Parameters<typeof readKeptRoster>[0], employeeId: number, at: Date, fields: Record<string, unknown>): Promise<Receipt['rosterShift']> {
  const id = (value: unknown) => (typeof value === 'number' ? value : null);
  const view = clockOnRoster(await readKeptRoster(db), employeeId, at, { locationId: id(fields.locationId), workTypeId: id(fields.workTypeId) });
  if (!view.match || !view.arrival) return undefined;
  return { startUtc: view.match.startUtc.toISOString(), endUtc: view.match.endUtc.toISOString(), names: shiftNames(view.match), arrival: view.arrival };
}

/** What a forgotten clock-off adds to its punch: the stated finish (queued with it) and the PIN for "Clock on for today". */
export interface ForgottenClockOff {
  correction: StatedFinish;
  pin: string;
}

export function useCommitPunch() {
  const runtime = useRuntime();
  const go = useUiStore((s) => s.go);
  const { t } = useI18n();
  return useCallback(
    async (employeeId: number, employeeName: string, pending: PendingPunch, forgotten?: ForgottenClockOff): Promise<string | null> => {
      // A person let through unverified: the punch carries their sealed PIN (and photo) as a claim.
      const unverified = useUiStore.getState().unverified;
      const claim = unverified?.employeeId === employeeId ? unverified : null;
      const fields = claim?.image && !('image' in pending.fields) ? { ...pending.fields, image: claim.image } : pending.fields;
      const result = await punchAtKiosk(
        runtime,
        employeeId,
        pending.kind,
        fields,
        claim ? { keyId: claim.keyId, sealedPin: claim.sealedPin } : undefined,
        forgotten?.correction,
      );
      if (!result.ok) return t(problemKey(result.code, 'person'));
      const rosterShift = pending.kind === 'clockOn' ? await rosterShiftOf(runtime.db, employeeId, result.receipt.at, fields).catch(() => undefined) : undefined;
      go({
        step: 'done',
        receipt: {
          kind: pending.kind,
          employeeName,
          employeeId,
          at: result.receipt.at.toISOString(),
          entryId: result.receipt.entryId,
          ...(pending.labels?.length ? { details: pending.labels } : {}),
          ...(claim ? { unverified: true } : {}),
          ...(rosterShift ? { rosterShift } : {}),
          ...(forgotten ? { statedFinishUtc: forgotten.correction.statedFinishUtc.toISOString(), pin: forgotten.pin } : {}),
        },
      });
      return null;
    },
    [runtime, go, t],
  );
}
