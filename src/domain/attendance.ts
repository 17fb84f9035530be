/**
 * The time-and-attendance state machine: NotClockedOn -> ClockedOn <-> OnBreak -> ClockedOff.
 *
 * Pure and shared: the service applies it authoritatively inside a database transaction, and the
 * kiosk applies the same function to its local state so an offline confirmation can never
 * disagree with what the service will later decide.
 */

export const ATTENDANCE_STATUSES = ['NotClockedOn', 'ClockedOn', 'OnBreak', 'ClockedOff'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const PUNCH_KINDS = ['clockOn', 'startBreak', 'endBreak', 'clockOff', 'discard'] as const;
export type PunchKind = (typeof PUNCH_KINDS)[number];

/** A clocked shift is open until clocked off (completed) or thrown away (discarded). */
export const SHIFT_STATUSES = ['open', 'completed', 'discarded'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** The service's default for flagging an open shift as long (LONG_SHIFT_MINUTES). */
export const DEFAULT_LONG_SHIFT_MINUTES = 12 * 60;

/** How far ahead of the service's clock a recorded punch time may be (device clock drift). */
export const DEFAULT_MAX_FUTURE_SKEW_MS = 2 * 60 * 1000;

export interface AttendanceState {
  status: AttendanceStatus;
  /** Start of the open shift, when there is one. */
  clockOnTimeUtc: Date | null;
  /** Start of the open break, when there is one. */
  breakStartTimeUtc: Date | null;
  /** Time of record of the employee's latest punch; no later punch may precede it. */
  lastPunchTimeUtc: Date | null;
}

export const INITIAL_ATTENDANCE_STATE: AttendanceState = {
  status: 'NotClockedOn',
  clockOnTimeUtc: null,
  breakStartTimeUtc: null,
  lastPunchTimeUtc: null,
};

export interface Punch {
  kind: PunchKind;
  /** Time of record of the punch (the device's recorded time when it sent one). */
  at: Date;
}

/** What a punch does to the employee's shift records; the service turns these into writes. */
export type ShiftEffect =
  | { type: 'openShift'; at: Date }
  | { type: 'openBreak'; at: Date }
  | { type: 'closeBreak'; at: Date }
  | { type: 'closeShift'; at: Date }
  | { type: 'abandonShift'; at: Date };

/** Every reason the state machine refuses a punch (a list, so the app can check it has words for each). */
export const PUNCH_ERROR_CODES = ['already-clocked-on', 'not-clocked-on', 'already-on-break', 'not-on-break', 'punch-before-previous', 'punch-in-future'] as const;
export type PunchErrorCode = (typeof PUNCH_ERROR_CODES)[number];

export interface PunchError {
  code: PunchErrorCode;
  message: string;
}

export type PunchOutcome =
  | { ok: true; state: AttendanceState; effects: ShiftEffect[] }
  | { ok: false; error: PunchError };

const ALLOWED: Record<AttendanceStatus, readonly PunchKind[]> = {
  NotClockedOn: ['clockOn'],
  ClockedOff: ['clockOn'],
  ClockedOn: ['startBreak', 'clockOff', 'discard'],
  OnBreak: ['endBreak', 'clockOff', 'discard'],
};

/** The punches that are valid from a status, in the order a kiosk should offer them. */
export function allowedPunches(status: AttendanceStatus): readonly PunchKind[] {
  return ALLOWED[status];
}

/** True while the employee has an open shift (clocked on or on a break). */
export function isOnShift(status: AttendanceStatus): boolean {
  return status === 'ClockedOn' || status === 'OnBreak';
}

function refuse(code: PunchErrorCode, message: string): PunchOutcome {
  return { ok: false, error: { code, message } };
}

function transitionError(kind: PunchKind, status: AttendanceStatus): PunchOutcome {
  if (kind === 'clockOn') return refuse('already-clocked-on', 'The employee is already clocked on.');
  if (kind === 'startBreak' && status === 'OnBreak') {
    return refuse('already-on-break', 'The employee is already on a break.');
  }
  if (kind === 'endBreak' && status === 'ClockedOn') {
    return refuse('not-on-break', 'The employee is not on a break.');
  }
  return refuse('not-clocked-on', 'The employee is not clocked on.');
}

/**
 * Applies one punch to an employee's state.
 *
 * `now` is the clock of whoever decides (the service, or the kiosk's server-corrected clock);
 * a punch recorded more than `maxFutureSkewMs` after it is refused, as is one recorded before the
 * employee's previous punch, because late offline punches must arrive in order.
 */
export function applyPunch(
  state: AttendanceState,
  punch: Punch,
  now: Date,
  maxFutureSkewMs: number = DEFAULT_MAX_FUTURE_SKEW_MS,
): PunchOutcome {
  const at = punch.at;
  if (!ALLOWED[state.status].includes(punch.kind)) return transitionError(punch.kind, state.status);
  if (at.getTime() > now.getTime() + maxFutureSkewMs) {
    return refuse('punch-in-future', `The punch time ${at.toISOString()} is in the future.`);
  }
  if (state.lastPunchTimeUtc && at.getTime() < state.lastPunchTimeUtc.getTime()) {
    return refuse(
      'punch-before-previous',
      `The punch time ${at.toISOString()} is before the previous punch at ${state.lastPunchTimeUtc.toISOString()}.`,
    );
  }
  switch (punch.kind) {
    case 'clockOn':
      return {
        ok: true,
        state: { status: 'ClockedOn', clockOnTimeUtc: at, breakStartTimeUtc: null, lastPunchTimeUtc: at },
        effects: [{ type: 'openShift', at }],
      };
    case 'startBreak':
      return {
        ok: true,
        state: { ...state, status: 'OnBreak', breakStartTimeUtc: at, lastPunchTimeUtc: at },
        effects: [{ type: 'openBreak', at }],
      };
    case 'endBreak':
      return {
        ok: true,
        state: { ...state, status: 'ClockedOn', breakStartTimeUtc: null, lastPunchTimeUtc: at },
        effects: [{ type: 'closeBreak', at }],
      };
    case 'clockOff':
    case 'discard': {
      const closeBreak: ShiftEffect[] = state.status === 'OnBreak' ? [{ type: 'closeBreak', at }] : [];
      const end: ShiftEffect =
        punch.kind === 'clockOff' ? { type: 'closeShift', at } : { type: 'abandonShift', at };
      return {
        ok: true,
        state: {
          status: punch.kind === 'clockOff' ? 'ClockedOff' : 'NotClockedOn',
          clockOnTimeUtc: null,
          breakStartTimeUtc: null,
          lastPunchTimeUtc: at,
        },
        effects: [...closeBreak, end],
      };
    }
  }
}

/** True when an open shift has run longer than the threshold (the `longShift` flag). */
export function isLongShift(state: AttendanceState, now: Date, longShiftMinutes: number): boolean {
  if (!state.clockOnTimeUtc || !isOnShift(state.status)) return false;
  return now.getTime() - state.clockOnTimeUtc.getTime() >= longShiftMinutes * 60_000;
}

/**
 * Refusals that mean the punch's intent is already met (the employee was clocked on at another
 * kiosk, or by a manager): the code the state machine gives for the punch, with the service in a
 * state where the punch would have taken it anyway. A replaying kiosk reconciles instead of
 * reporting a failure.
 */
const ALREADY_DONE: Record<PunchKind, { code: PunchErrorCode; statuses: readonly AttendanceStatus[] }> = {
  clockOn: { code: 'already-clocked-on', statuses: ['ClockedOn', 'OnBreak'] },
  startBreak: { code: 'already-on-break', statuses: ['OnBreak'] },
  endBreak: { code: 'not-on-break', statuses: ['ClockedOn'] },
  clockOff: { code: 'not-clocked-on', statuses: ['NotClockedOn', 'ClockedOff'] },
  discard: { code: 'not-clocked-on', statuses: ['NotClockedOn', 'ClockedOff'] },
};

/** True when a refusal means the service is already where the punch would have taken it. */
export function isAlreadyDone(kind: PunchKind, refusalCode: string, serverStatus: AttendanceStatus): boolean {
  const rule = ALREADY_DONE[kind];
  return rule.code === refusalCode && rule.statuses.includes(serverStatus);
}
