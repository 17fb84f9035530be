/**
 * What a badge read at the kiosk does, wherever it came from (a keyboard-wedge scanner or the
 * camera): under the kiosk's mode as the tablet last heard it, a PIN-only kiosk refuses it without
 * asking anyone; otherwise the service says whose it is, and the person's actions open (badge
 * alone) or their PIN step (badge then PIN). Only the names screen or the scan step act on it, and
 * only if the person is still there when the answer comes. The check (and the API client under it)
 * loads on the first badge, outside the first screen.
 */
import type { BadgeRefusal } from '../../../offline/badgeCheck';
import { readBadgeMode } from '../../../offline/badgesRecord';
import type { KioskRuntime } from '../../../offline/kioskRuntime';
import { useUiStore } from '../../state/uiStore';

/** The steps a badge may be read on: the names, and the camera's scan step. */
export const readsBadges = (step: string) => step === 'grid' || step === 'scan';

export type BadgeReading = { ok: true } | { ok: false; reason: BadgeRefusal | 'elsewhere' | 'moved-on' };

/** Acts on one badge read (`token` null: a scan that was not a whole token); moves the flow on success. */
export async function signInWithBadge(rt: KioskRuntime | null, token: string | null): Promise<BadgeReading> {
  const { mode, flow } = useUiStore.getState();
  if (mode !== 'kiosk' || !readsBadges(flow.step)) return { ok: false, reason: 'elsewhere' };
  if (token === null) return { ok: false, reason: 'not-badge' };
  if (!rt) return { ok: false, reason: 'offline' };
  if ((await readBadgeMode(rt.db)) === 'pin') return { ok: false, reason: 'badges-off' };
  const { checkBadgeAtKiosk } = await import('../../../offline/badgeCheck');
  const result = await checkBadgeAtKiosk(rt, token).catch(() => ({ ok: false as const, reason: 'offline' as const, attemptsLeft: null }));
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
