/**
 * What a badge read at the kiosk does, wherever it came from (a keyboard-wedge scanner or the
 * camera): under the kiosk's mode as the tablet last heard it, a PIN-only kiosk refuses it without
 * asking anyone; otherwise the service says whose it is, and the person's actions open (badge
 * alone) or their PIN step (badge then PIN). Only the names screen or the scan step act on it, and
 * only if the person is still there when the answer comes. The check (and the API client under it)
 * is kept out of the first screen's code and loaded as soon as a badge reader starts
 * (`loadBadgeCheck`), so a tablet that loses the network before the service worker has kept a copy
 * can still judge badges; a load that fails is forgotten (the next badge tries again) and the read
 * ends as "badges need the network" instead of "checking" for ever.
 */
import type * as BadgeCheckCode from '../../../offline/badgeCheck';
import type { BadgeRefusal } from '../../../offline/badgeCheck';
import { readBadgeMode } from '../../../offline/badgesRecord';
import type { KioskRuntime } from '../../../offline/kioskRuntime';
import { useUiStore } from '../../state/uiStore';

type BadgeCheckModule = typeof BadgeCheckCode;
let badgeCheck: Promise<BadgeCheckModule> | null = null;

/** The badge check's code, loaded once; a failed load (no network, no cached copy) is not kept, so a later call tries again. */
export function loadBadgeCheck(): Promise<BadgeCheckModule> {
  badgeCheck ??= import('../../../offline/badgeCheck').catch((error: unknown) => {
    badgeCheck = null;
    throw error;
  });
  return badgeCheck;
}

/** The steps a badge may be read on: the names, and the camera's scan step. */
export const readsBadges = (step: string) => step === 'grid' || step === 'scan';

export type BadgeReading = { ok: true } | { ok: false; reason: BadgeRefusal | 'elsewhere' | 'moved-on' };

/**
 * Acts on one badge read (`token` null: a scan that was not a whole token); moves the flow on success.
 * Never rejects: whatever fails underneath (the tablet's storage, say) ends the read as "badges need
 * the network", so no screen is left saying "checking".
 */
export function signInWithBadge(rt: KioskRuntime | null, token: string | null): Promise<BadgeReading> {
  return signIn(rt, token).catch(() => ({ ok: false, reason: 'offline' }));
}

async function signIn(rt: KioskRuntime | null, token: string | null): Promise<BadgeReading> {
  const { mode, flow } = useUiStore.getState();
  if (mode !== 'kiosk' || !readsBadges(flow.step)) return { ok: false, reason: 'elsewhere' };
  if (token === null) return { ok: false, reason: 'not-badge' };
  if (!rt) return { ok: false, reason: 'offline' };
  if ((await readBadgeMode(rt.db)) === 'pin') return { ok: false, reason: 'badges-off' };
  const loaded = await loadBadgeCheck().catch(() => null);
  if (!loaded) return { ok: false, reason: 'offline' };
  const result = await loaded.checkBadgeAtKiosk(rt, token);
  // The person may have moved on meanwhile: only the step that read the badge acts on the answer.
  const now = useUiStore.getState();
  if (now.mode !== 'kiosk' || !readsBadges(now.flow.step)) return { ok: false, reason: 'moved-on' };
  if (!result.ok) return { ok: false, reason: result.reason };
  // Let in on the tablet's word alone: the punches say which badge, for the service to judge.
  now.setBadgeSession(result.checkedOffline && !result.pinRequired ? { employeeId: result.employee.employeeId, badgeId: result.badgeId } : null);
  if (result.pinRequired) now.go({ step: 'pin', employeeId: result.employee.employeeId });
  else now.go({ step: 'actions', employeeId: result.employee.employeeId, pin: '' });
  return { ok: true };
}
