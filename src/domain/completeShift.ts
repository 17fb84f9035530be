/**
 * Rules for a shift recorded in one go (`addshift`): a manager fixing a forgotten punch, or a
 * kiosk that captured a whole shift offline. The same ordering and future-time rules as single
 * punches apply, plus the shape rules a finished shift must satisfy.
 */
import { DEFAULT_MAX_FUTURE_SKEW_MS } from './attendance';

export interface TimeInterval {
  start: Date;
  end: Date;
}

export interface CompleteShiftPlan extends TimeInterval {
  breaks: Array<TimeInterval & { isPaidBreak: boolean }>;
}

export type CompleteShiftErrorCode =
  | 'shift-ends-before-start'
  | 'punch-in-future'
  | 'break-ends-before-start'
  | 'break-outside-shift'
  | 'breaks-overlap'
  | 'shift-overlaps-existing';

export interface CompleteShiftError {
  code: CompleteShiftErrorCode;
  message: string;
  /** Index of the offending break, when a break is at fault. */
  breakIndex?: number;
}

function overlaps(a: TimeInterval, b: TimeInterval): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/**
 * Checks the shape of a finished shift (or a timesheet line): it ends after it starts, and its
 * breaks end after they start, lie inside it and do not overlap. `allowEmpty` admits a shift of
 * no length (a line of `units`, whose start and end are both midnight).
 */
export function checkShiftShape(plan: CompleteShiftPlan, allowEmpty = false): CompleteShiftError | null {
  const length = plan.end.getTime() - plan.start.getTime();
  if (length < 0 || (length === 0 && !allowEmpty)) {
    return { code: 'shift-ends-before-start', message: 'The shift must end after it starts.' };
  }
  const sorted = plan.breaks
    .map((b, breakIndex) => ({ ...b, breakIndex }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  for (const [position, b] of sorted.entries()) {
    if (b.end.getTime() < b.start.getTime()) {
      return { code: 'break-ends-before-start', message: 'A break must end after it starts.', breakIndex: b.breakIndex };
    }
    if (b.start.getTime() < plan.start.getTime() || b.end.getTime() > plan.end.getTime()) {
      return { code: 'break-outside-shift', message: 'Every break must lie inside the shift.', breakIndex: b.breakIndex };
    }
    const next = sorted[position + 1];
    if (next && overlaps(b, next)) {
      return { code: 'breaks-overlap', message: 'Breaks must not overlap.', breakIndex: next.breakIndex };
    }
  }
  return null;
}

/** Checks a finished shift on its own and against the employee's existing shifts. */
export function checkCompleteShift(
  plan: CompleteShiftPlan,
  existing: readonly TimeInterval[],
  now: Date,
  maxFutureSkewMs: number = DEFAULT_MAX_FUTURE_SKEW_MS,
): CompleteShiftError | null {
  if (plan.end.getTime() > plan.start.getTime() && plan.end.getTime() > now.getTime() + maxFutureSkewMs) {
    return { code: 'punch-in-future', message: `The shift end ${plan.end.toISOString()} is in the future.` };
  }
  const shape = checkShiftShape(plan);
  if (shape) return shape;
  const clash = existing.find((shift) => overlaps(plan, shift));
  if (clash) {
    return {
      code: 'shift-overlaps-existing',
      message: `The shift overlaps another shift of this employee (${clash.start.toISOString()} to ${clash.end.toISOString()}).`,
    };
  }
  return null;
}
