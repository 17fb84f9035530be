/**
 * Which demo staff member each employee-flow test uses. The shared service persists for the whole
 * run and every spec file gets fresh workers, so tests that punch, lock or change a PIN must not
 * share a person: each one below is used by exactly one test (indexes into demo.json's `staff`).
 * A test that adds a person of its own names them with uniqueWord().
 */
import { randomInt } from 'node:crypto';

export const STAFF = {
  /** employee.spec.ts: clock on, break, clock off, timesheet line. */
  fullShift: 0,
  /** employee-pin.spec.ts: five wrong PINs lock the PIN. */
  lockout: 1,
  /** employee.spec.ts: idle timeout on the PIN pad and on the actions screen (no punches). */
  idle: 2,
  /** employee.spec.ts: employee number entry. */
  byNumber: 3,
  /** employee-pin.spec.ts: forgot PIN by e-mail, then the current PIN still signs in. */
  forgotPin: 4,
  /** employee.spec.ts: Spanish, and the receipt time in the kiosk's zone. */
  spanish: 5,
  /** employee.spec.ts: a note on the open shift. */
  note: 6,
  /** employee-pin.spec.ts: changing the PIN from the actions screen. */
  changePin: 7,
  /** employee.spec.ts: the long-shift notice (clocked on through the API hours ago). */
  longShift: 8,
  /** employee.spec.ts: receipt hours of a shift begun hours ago (through the API), with an unpaid break. */
  hours: 9,
  /** employee.spec.ts: receipt hours offline, from the tablet's own records. */
  offlineHours: 10,
  /** webhooks.spec.ts: clock on and off at the kiosk, seen by a web hook receiver. */
  webhooks: 11,
} as const;

export type StaffRole = keyof typeof STAFF;

/** The demo staff member a test uses (see STAFF). */
export function staffFor<Member>(demo: { staff: readonly Member[] }, role: StaffRole): Member {
  const member = demo.staff[STAFF[role]];
  if (!member) throw new Error(`demo.json has no staff member #${STAFF[role]} (for ${role})`);
  return member;
}

/**
 * Six random letters, for the name of a person a test adds (ServiceApi.addStaff): a word no other
 * test, nor an earlier run on the same service, uses, and letters only so it reads as a name.
 */
export function uniqueWord(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
}
