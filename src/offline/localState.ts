/**
 * What the kiosk shows for an employee: the state the service last reported, with this device's
 * unsent punches replayed on top through the same domain state machine the service runs. When a
 * punch is delivered, the service's answer becomes the new base and the rest is replayed again.
 */
import type { BasicKioskEmployeeModel } from '../contract/generated/models';
import { applyPunch, isOnShift, PUNCH_KINDS, type AttendanceState, type PunchKind } from '../domain/attendance';
import type { OutboxRecord, StoredAttendance } from './records';

export const NOT_CLOCKED_ON: StoredAttendance = {
  status: 'NotClockedOn',
  clockOnTimeUtc: null,
  breakStartTimeUtc: null,
  lastPunchTimeUtc: null,
  currentShiftId: null,
};

const toDate = (value: string | null) => (value === null ? null : new Date(value));
const toText = (value: Date | null) => (value === null ? null : value.toISOString());

export function toDomainState(stored: StoredAttendance): AttendanceState {
  return {
    status: stored.status,
    clockOnTimeUtc: toDate(stored.clockOnTimeUtc),
    breakStartTimeUtc: toDate(stored.breakStartTimeUtc),
    lastPunchTimeUtc: toDate(stored.lastPunchTimeUtc),
  };
}

/** Stores a domain state; the shift id survives only while the same shift stays open. */
export function fromDomainState(state: AttendanceState, currentShiftId: number | null): StoredAttendance {
  return {
    status: state.status,
    clockOnTimeUtc: toText(state.clockOnTimeUtc),
    breakStartTimeUtc: toText(state.breakStartTimeUtc),
    lastPunchTimeUtc: toText(state.lastPunchTimeUtc),
    currentShiftId: isOnShift(state.status) ? currentShiftId : null,
  };
}

/** The service's view of an employee, from a staff or punch response. */
export function fromServerModel(model: BasicKioskEmployeeModel): StoredAttendance {
  return {
    status: model.status,
    clockOnTimeUtc: model.clockOnTimeUtc,
    breakStartTimeUtc: model.breakStartTimeUtc,
    lastPunchTimeUtc: model.recordedTimeUtc,
    currentShiftId: model.currentShiftId,
  };
}

export function punchKindOf(entry: Pick<OutboxRecord, 'op'>): PunchKind | null {
  return (PUNCH_KINDS as readonly string[]).includes(entry.op) ? (entry.op as PunchKind) : null;
}

export function recordedTimeOf(entry: Pick<OutboxRecord, 'body' | 'createdAt'>): Date {
  const recorded = entry.body.recordedTimeUtc;
  return new Date(typeof recorded === 'string' ? recorded : entry.createdAt);
}

/**
 * Replays pending punches on the service's state. A punch the service's newer state refuses is
 * skipped here (the sync engine reconciles or escalates it); the kiosk never shows a state the
 * state machine would not allow. Time checks are relaxed (`now` = far future) because these punches
 * were already accepted locally at their own time.
 */
export function rebase(server: StoredAttendance, pending: readonly OutboxRecord[]): StoredAttendance {
  let state = toDomainState(server);
  let shiftId = server.currentShiftId;
  const farFuture = new Date(8.64e15);
  for (const entry of pending) {
    const kind = punchKindOf(entry);
    if (!kind) continue;
    const outcome = applyPunch(state, { kind, at: recordedTimeOf(entry) }, farFuture);
    if (!outcome.ok) continue;
    if (kind === 'clockOn') shiftId = null;
    state = outcome.state;
  }
  return fromDomainState(state, shiftId);
}
