/**
 * Punching at a set instant, for the browser tests of rules at their edges: both clocks (tablet and
 * service) are set just into the minute, the person signs in and punches, and the kiosk is back on
 * the grid; then what the service stored is read back, since the edges count from the recorded
 * instants (the clocks run on at real speed between the set and the tap).
 */
import { fullName, type KioskPage, type Punch, type StaffMember } from './kiosk';
import type { Clocks } from '../support/clocks';
import { expect } from '../support/fixtures';
import type { ServiceApi } from '../support/serviceApi';

/** Sets both clocks ten seconds into the minute of `instant`, then signs in and punches; back on the grid after. */
export async function punchAt(kiosk: KioskPage, clocks: Clocks, who: StaffMember, kind: Punch, instant: string): Promise<void> {
  // Ten seconds in: the kiosk follows the service's Date header in whole seconds.
  await clocks.set(new Date(Date.parse(instant) + 10_000));
  await kiosk.signIn(fullName(who), who.pin);
  await kiosk.choose(kind);
  if (kind === 'clockOn') await kiosk.confirmClockOn();
  await kiosk.expectReceipt(kind);
  await kiosk.finishReceipt();
}

/** The instants the service recorded for the person's shift that started at or after `from`. */
export async function storedShift(api: ServiceApi, who: StaffMember, from: string): Promise<{ start: number; end: number | null }> {
  const shift = (await api.shifts(who.employeeId)).find((s) => Date.parse(s.startTimeUtc) >= Date.parse(from));
  const start = Date.parse(shift?.startTimeUtc ?? '');
  expect(Number.isNaN(start), `a shift of ${fullName(who)} from ${from} reached the service`).toBe(false);
  return { start, end: shift?.endTimeUtc ? Date.parse(shift.endTimeUtc) : null };
}
