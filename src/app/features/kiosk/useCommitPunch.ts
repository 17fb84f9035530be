/**
 * Records a punch chosen on screen (through the outbox, online or offline) and moves to the
 * confirmation; on refusal (by the state machine, or a clock-on the break rules at its location
 * refuse after a short rest), returns the message to show instead.
 */
import { useCallback } from 'react';
import type { StatedFinish } from '../../../offline/enqueue';
import { choicesOfBody } from '../../../domain/clockOnPreselection';
import { recordedChoiceNames, rosterNamesUnlikeRecorded } from '../../../domain/clockOnReceipt';
import type { KioskDb } from '../../../offline/db';
import { clockOnRoster, readKeptRoster } from '../../../offline/kioskRoster';
import { readKeptLookup } from '../../../offline/refreshKioskData';
import { punchAtKiosk } from '../../../offline/kioskOperations';
import { readClockOnRefusal } from '../../../offline/breakRuleWarnings';
import { restShownMs } from '../../../domain/breakRules';
import { useI18n } from '../../i18n/I18nProvider';
import { problemKey } from '../../i18n/problemWords';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore, type PendingPunch, type Receipt } from '../../state/uiStore';

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
  const { t, format } = useI18n();
  return useCallback(
    async (employeeId: number, employeeName: string, pending: PendingPunch, forgotten?: ForgottenClockOff): Promise<string | null> => {
      // A clock-on the break rules at its location refuse after a short rest (offline too): the reason, and when it opens.
      if (pending.kind === 'clockOn') {
        const named = pending.fields.locationId;
        const short = await readClockOnRefusal(runtime.db, employeeId, runtime.clock.now(), typeof named === 'number' ? named : null);
        if (short) {
          const rest = { duration: format.duration(restShownMs(short)), minimum: format.duration(short.minimumMinutes * 60_000) };
          return `${t('kiosk.rules.shortRest', rest)} ${t('kiosk.rules.blocked', { time: format.time(short.until) })}`;
        }
      }
      // A person let through unverified: the punch carries their sealed PIN (and photo) as a claim.
      const { unverified, badgeSession } = useUiStore.getState();
      const claim = unverified?.employeeId === employeeId ? unverified : null;
      // Signed in by a badge checked on the tablet alone: the punch names the badge (docs/badges.md).
      const badge = !claim && badgeSession?.employeeId === employeeId ? { badgeId: badgeSession.badgeId } : undefined;
      const fields = claim?.image && !('image' in pending.fields) ? { ...pending.fields, image: claim.image } : pending.fields;
      const result = await punchAtKiosk(
        runtime,
        employeeId,
        pending.kind,
        fields,
        claim ? { keyId: claim.keyId, sealedPin: claim.sealedPin } : badge,
        forgotten?.correction,
        pending.answers,
      );
      if (!result.ok) return t(problemKey(result.code, 'person'));
      // The PIN the person signed in with: an undone clock-off returns to their actions without asking again.
      const flow = useUiStore.getState().flow;
      const pin = forgotten?.pin ?? ('pin' in flow ? flow.pin : undefined);
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
          ...(forgotten ? { statedFinishUtc: forgotten.correction.statedFinishUtc.toISOString() } : {}),
          ...(pin !== undefined && (forgotten || pending.kind === 'clockOff') ? { pin } : {}),
        },
      });
      return null;
    },
    [runtime, go, t, format],
  );
}
