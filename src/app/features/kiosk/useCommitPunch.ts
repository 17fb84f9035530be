/**
 * Records a punch chosen on screen (through the outbox, online or offline) and moves to the
 * confirmation; on refusal by the state machine, returns the message to show instead.
 */
import { useCallback } from 'react';
import type { EnqueueErrorCode, StatedFinish } from '../../../offline/enqueue';
import { choicesOfBody } from '../../../domain/clockOnPreselection';
import { recordedChoiceNames, rosterNamesUnlikeRecorded } from '../../../domain/clockOnReceipt';
import type { KioskDb } from '../../../offline/db';
import { clockOnRoster, readKeptRoster } from '../../../offline/kioskRoster';
import { readKeptLookup } from '../../../offline/refreshKioskData';
import { punchAtKiosk } from '../../../offline/kioskOperations';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore, type PendingPunch, type Receipt } from '../../state/uiStore';

/** A message for every code the kiosk can refuse a punch with (the type checker asks for new ones). */
const PUNCH_ERRORS: Record<EnqueueErrorCode, MessageKey> = {
  'already-clocked-on': 'kiosk.punchError.already-clocked-on',
  'not-clocked-on': 'kiosk.punchError.not-clocked-on',
  'already-on-break': 'kiosk.punchError.already-on-break',
  'not-on-break': 'kiosk.punchError.not-on-break',
  'punch-before-previous': 'kiosk.punchError.punch-before-previous',
  'punch-in-future': 'kiosk.punchError.punch-in-future',
  'unknown-employee': 'kiosk.punchError.unknown-employee',
  'no-open-shift': 'kiosk.punchError.no-open-shift',
  'invalid-note': 'kiosk.punchError.invalid-note',
  'invalid-entry': 'kiosk.punchError.invalid-entry',
};

/** The message for a punch the kiosk refused (by code). */
export function punchErrorKey(code: string): MessageKey {
  return (PUNCH_ERRORS as Record<string, MessageKey | undefined>)[code] ?? 'kiosk.punchError.unknown-employee';
}

/**
 * What a clock-on's receipt says, from the body queued for the service (what was recorded): the
 * choices in words, and the roster shift it is compared with (matched with those choices, as the
 * service will), naming the roster's location and work type only where they differ.
 */
async function clockOnReceiptOf(db: KioskDb, employeeId: number, at: Date, body: Readonly<Record<string, unknown>>): Promise<Pick<Receipt, 'details' | 'rosterShift'>> {
  const recorded = choicesOfBody(body);
  const [lookup, roster] = await Promise.all([readKeptLookup(db, employeeId, at).catch(() => null), readKeptRoster(db).catch(() => null)]);
  const details = recordedChoiceNames(recorded, lookup?.data ?? null);
  const view = clockOnRoster(roster, employeeId, at, { locationId: recorded.locationId, workTypeId: recorded.workTypeId });
  const rosterShift =
    view.match && view.arrival
      ? { startUtc: view.match.startUtc.toISOString(), endUtc: view.match.endUtc.toISOString(), names: rosterNamesUnlikeRecorded(view.match, recorded), arrival: view.arrival }
      : undefined;
  return { ...(details.length > 0 ? { details } : {}), ...(rosterShift ? { rosterShift } : {}) };
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
      if (!result.ok) return t(punchErrorKey(result.code));
      const recorded = pending.kind === 'clockOn' ? await clockOnReceiptOf(runtime.db, employeeId, result.receipt.at, result.receipt.body) : {};
      go({
        step: 'done',
        receipt: {
          kind: pending.kind,
          employeeName,
          employeeId,
          at: result.receipt.at.toISOString(),
          entryId: result.receipt.entryId,
          ...(pending.labels?.length ? { details: pending.labels } : {}),
          ...recorded,
          ...(claim ? { unverified: true } : {}),
          ...(forgotten ? { statedFinishUtc: forgotten.correction.statedFinishUtc.toISOString(), pin: forgotten.pin } : {}),
        },
      });
      return null;
    },
    [runtime, go, t],
  );
}
