/**
 * When the service refuses a replayed punch because it already has that state (the employee was
 * clocked on at another kiosk, or by a manager), the punch's intent is already met: the kiosk
 * reconciles instead of reporting a failure. Anything else needs a person.
 */
import type { AttendanceStatus, PunchKind } from '../domain/attendance';

const SATISFIED: Record<PunchKind, { code: string; statuses: readonly AttendanceStatus[] }> = {
  clockOn: { code: 'already-clocked-on', statuses: ['ClockedOn', 'OnBreak'] },
  startBreak: { code: 'already-on-break', statuses: ['OnBreak'] },
  endBreak: { code: 'not-on-break', statuses: ['ClockedOn'] },
  clockOff: { code: 'not-clocked-on', statuses: ['NotClockedOn', 'ClockedOff'] },
  discard: { code: 'not-clocked-on', statuses: ['NotClockedOn', 'ClockedOff'] },
};

/** True when a refusal means the service is already where the punch would have taken it. */
export function isAlreadySatisfied(kind: PunchKind, refusalCode: string, serverStatus: AttendanceStatus): boolean {
  const rule = SATISFIED[kind];
  return rule.code === refusalCode && rule.statuses.includes(serverStatus);
}
