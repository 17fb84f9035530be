/**
 * The punches that put the demo in the middle of a working day at the moment it is seeded, so
 * the kiosk, the manager's On site, Roster, Timesheets, Fix shifts and Notes tabs all have
 * something to show whatever the hour: Tom is clocked on and finishes in 15 minutes (with a shift
 * note), Uma is on a break, Victor clocked on yesterday and never clocked off, and yesterday's
 * shifts of Oscar, Ruby, Tom and Uma wait as timesheet lines to approve. Oscar (due), Ruby (late)
 * and Sofia (absent) have only their roster (demoRoster.ts). Punches go through the kiosk routes
 * with their recorded times, as a tablet replaying its outbox sends them, so the lines are
 * written, rounded and matched to the roster by the same code as any punch.
 */
import { z } from 'zod';
import { anchorOf, patternOf, shiftAt, type DemoCall, type DemoPerson } from './demoRoster';

const MINUTE_MS = 60_000;
const Named = z.array(z.object({ id: z.number().int(), name: z.string().nullable() }));

/** A punch at `minutes` from a shift's rostered start (negative: before it). */
type Step = readonly [op: 'clockon' | 'startbreak' | 'endbreak' | 'clockoff', minutes: number];

/** A full shift clocked a little off the roster: on 4 minutes early, a 31-minute break, off 3 minutes late. */
const WORKED: readonly Step[] = [
  ['clockon', -4],
  ['startbreak', 4 * 60 + 1],
  ['endbreak', 4 * 60 + 32],
  ['clockoff', 8 * 60 + 3],
];

interface Scene {
  name: string;
  /** 0: the block of the seeding moment; -1: the day before. */
  day: number;
  steps: readonly Step[];
  note?: string;
}

/** Every punch is at or before the seeding moment (the anchor), so none is in the service's future. */
export const DEMO_SCENES: readonly Scene[] = [
  { name: 'Oscar Bell', day: -1, steps: WORKED },
  { name: 'Ruby Hughes', day: -1, steps: WORKED },
  { name: 'Tom Price', day: -1, steps: WORKED },
  { name: 'Uma Reid', day: -1, steps: WORKED },
  { name: 'Victor Lang', day: -1, steps: [['clockon', 1]] },
  // Rostered -7:45 to +0:15 around the anchor: on 3 minutes early, a break taken, still on.
  { name: 'Tom Price', day: 0, steps: [['clockon', -3], ['startbreak', 4 * 60], ['endbreak', 4 * 60 + 30]], note: 'Oven 2 runs hot: I turned the sourdough down 10 degrees.' },
  // Rostered from -3:00: on 2 minutes late, on a break since 10 minutes before the anchor.
  { name: 'Uma Reid', day: 0, steps: [['clockon', 2], ['startbreak', 170]] },
];

/** Makes the scenes' punches at the demo kiosk, in time order per person. */
export async function seedDemoScenes(
  call: DemoCall,
  demo: { businessId: number; kioskId: number; staff: readonly DemoPerson[] },
  seededAt: Date,
): Promise<void> {
  const base = `/api/v2/business/${demo.businessId}`;
  const locations = Named.parse(await call('GET', `${base}/location`));
  const workTypes = Named.parse(await call('GET', `${base}/worktype`));
  const idOf = (list: z.infer<typeof Named>, name: string) => list.find((item) => item.name === name)?.id ?? null;
  for (const scene of DEMO_SCENES) {
    const person = demo.staff.find((member) => `${member.firstName} ${member.surname}` === scene.name);
    const pattern = person && patternOf(person);
    if (!person || !pattern) continue;
    const start = shiftAt(pattern, anchorOf(seededAt, scene.day)).start.getTime();
    for (const [op, minutes] of scene.steps) {
      const recordedTimeUtc = new Date(start + minutes * MINUTE_MS).toISOString();
      const choices = op === 'clockon' ? { locationId: idOf(locations, pattern.location), workTypeId: idOf(workTypes, pattern.workType), note: scene.note ?? null } : {};
      await call('POST', `${base}/kiosk/${demo.kioskId}/${op}`, { employeeId: person.employeeId, recordedTimeUtc, ...choices });
    }
  }
}
