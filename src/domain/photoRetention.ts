/**
 * How long a punch photo may be kept, shared by the service (the setting's bounds, the deletion
 * job's cut-off) and the manager's screen. A photo exists to settle "was it really them?" about a
 * recent punch; that question is asked when a manager reviews the period's timesheets, so the default
 * covers one monthly pay cycle and its review, and a business may choose longer up to a year.
 */

export const PHOTO_RETENTION_DAYS = { default: 30, min: 1, max: 365 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Photos stored before this instant are past their time under a retention of `days`. */
export function photoCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
