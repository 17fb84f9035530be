/**
 * People of the demo who are not on shift as the kiosk shows them (the demo clocks some people on
 * around its seeding time), for specs that clock someone on from scratch: one place for the look
 * at the grid's groups that several specs need.
 */
import type { DemoFile } from '../support/serviceProcess';
import { fullName, type GridGroup, type KioskPage, type StaffMember } from './kiosk';

/** The first `count` people of the demo listed in those groups (by default everyone not on shift); throws when there are fewer. */
export async function peopleOffShift(kiosk: KioskPage, demo: DemoFile, count = 1, groups: readonly GridGroup[] = ['Everyone else', 'Rostered now']): Promise<StaffMember[]> {
  const listed = new Set<string>();
  for (const group of groups) for (const name of await kiosk.namesIn(group)) listed.add(name);
  const people = demo.staff.filter((member) => listed.has(fullName(member))).slice(0, count);
  if (people.length < count) throw new Error(`the demo has ${people.length} people off shift, ${count} needed`);
  return people;
}
