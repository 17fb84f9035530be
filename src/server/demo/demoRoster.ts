/**
 * The demo's roster, laid around the moment the demo was seeded so that whenever someone tries it
 * there is a person due now, one running late, one absent, one finishing soon, one on a break and
 * one who forgot to clock off yesterday (demoToday.ts makes their punches), while the rest of the
 * staff are rostered hours away from that moment (their clock-ons match no shift, so what the
 * browser tests see of them does not depend on the hour). A "day" of roster is a block of shifts
 * placed at fixed offsets from an anchor: the seeding instant plus whole days. Blocks are laid for
 * today and the next six days, and topped up at every start so the demo never runs out of roster
 * (a demo started again days later keeps its day's shape, not its live scenes: a fresh DATA_DIR
 * seeds a new one around the moment it starts);
 * the demo kiosk gets 60-minute matching windows when it has none, so an early clock-on is
 * matched and said. Everything goes through the API, as the rest of the demo does.
 */
import { z } from 'zod';
import { TimeAndAttendanceKioskModel } from '../../contract/generated/models';

/** Calls the service's API as the demo manager (seedDemo.ts's `call`). */
export type DemoCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

export const DEMO_WINDOW_MINUTES = 60;
/** Blocks laid ahead of the current one (a published week in all). */
const DAYS_AHEAD = 6;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A block spans half a day either side of its anchor; every offset below lies inside that span. */
const HALF_BLOCK_MS = 12 * HOUR_MS;
const SHIFT_HOURS = 8;
/** Each shift's unpaid break starts this long after the shift does, and lasts 30 minutes. */
const BREAK_AFTER_MS = 4 * HOUR_MS;
const BREAK_MS = 30 * MINUTE_MS;

export interface Pattern {
  location: 'Bakery floor' | 'Front counter';
  workType: 'Baking' | 'Counter service' | 'Deliveries';
  /** Start of the person's 8-hour shift, from the block's anchor. */
  startMinutes: number;
  /**
   * The people of the live scenes work yesterday, today and tomorrow only (their scenes are
   * today's, so later days add little but seeding time); everyone else every day of the week
   * with one day off in five.
   */
  live?: boolean;
}

const at = (location: Pattern['location'], workType: Pattern['workType'], startMinutes: number, live = false): Pattern => ({
  location,
  workType,
  startMinutes,
  live,
});

/** Whether a pattern's person works block `day`; `index` is their place in the staff list. */
function worksOn(pattern: Pattern, index: number, day: number): boolean {
  if (pattern.live) return day >= -1 && day <= 1;
  return (((index + day) % 5) + 5) % 5 !== 4;
}

/**
 * Who works when, by name. The live scenes (seeded punches in demoToday.ts) sit on the bakery
 * floor, where the demo kiosk is, so its manager's roster board shows them all. Everyone else
 * starts three or more hours after the anchor: outside the 60-minute windows for a good while.
 */
export const DEMO_PATTERNS: Readonly<Record<string, Pattern>> = {
  'Oscar Bell': at('Bakery floor', 'Baking', 10, true), // due: starts 10 minutes after the anchor
  'Ruby Hughes': at('Bakery floor', 'Baking', -20, true), // late, not here yet
  'Sofia Novak': at('Bakery floor', 'Deliveries', -120, true), // absent: the window after the start has passed
  'Tom Price': at('Bakery floor', 'Baking', -(7 * 60 + 45), true), // clocked on, finishing in 15 minutes
  'Uma Reid': at('Bakery floor', 'Baking', -180, true), // clocked on, on a break
  'Victor Lang': at('Bakery floor', 'Deliveries', 120, true), // clocked on yesterday and never off
  'Amara Okafor': at('Bakery floor', 'Baking', 4 * 60),
  'Ben Thompson': at('Bakery floor', 'Baking', 4 * 60),
  'Chloe Martin': at('Bakery floor', 'Baking', 4 * 60),
  'Dev Patel': at('Bakery floor', 'Baking', 4 * 60),
  'Elena Rossi': at('Front counter', 'Counter service', 3 * 60),
  "Finn O'Brien": at('Front counter', 'Counter service', 3 * 60),
  'Grace Kim': at('Front counter', 'Counter service', 3 * 60),
  'Hamza Ali': at('Front counter', 'Counter service', 3 * 60),
  'Isla Campbell': at('Front counter', 'Counter service', 6 * 60),
  'Jonas Weber': at('Front counter', 'Counter service', 6 * 60),
  'Keira Walsh': at('Bakery floor', 'Deliveries', 10 * 60),
  'Luca Moreno': at('Bakery floor', 'Baking', 5 * 60),
};

export interface DemoPerson {
  employeeId: number;
  firstName: string;
  surname: string;
}

export const patternOf = (person: Pick<DemoPerson, 'firstName' | 'surname'>): Pattern | undefined =>
  DEMO_PATTERNS[`${person.firstName} ${person.surname}`];

/** Block `day`'s anchor: the seeding instant plus whole days (24 hours each). */
export const anchorOf = (seededAt: Date, day: number): Date => new Date(seededAt.getTime() + day * DAY_MS);

/** The shift a pattern gives in the block anchored at `anchor`: start, end and its break, as instants. */
export function shiftAt(pattern: Pattern, anchor: Date): { start: Date; end: Date; breakStart: Date; breakEnd: Date } {
  const start = new Date(anchor.getTime() + pattern.startMinutes * MINUTE_MS);
  return {
    start,
    end: new Date(start.getTime() + SHIFT_HOURS * HOUR_MS),
    breakStart: new Date(start.getTime() + BREAK_AFTER_MS),
    breakEnd: new Date(start.getTime() + BREAK_AFTER_MS + BREAK_MS),
  };
}

const Named = z.array(z.object({ id: z.number().int(), name: z.string().nullable() }));
const Listed = z.array(z.object({ id: z.number().int() }));

/** Sets the demo kiosk's matching windows when it has none. */
async function ensureWindows(call: DemoCall, base: string, kioskId: number): Promise<void> {
  const kiosk = TimeAndAttendanceKioskModel.parse(await call('GET', `${base}/kiosk/${kioskId}`));
  if (kiosk.clockOnWindowMinutes !== null && kiosk.clockOffWindowMinutes !== null) return;
  await call('PUT', `${base}/kiosk/${kioskId}`, {
    ...kiosk,
    clockOnWindowMinutes: kiosk.clockOnWindowMinutes ?? DEMO_WINDOW_MINUTES,
    clockOffWindowMinutes: kiosk.clockOffWindowMinutes ?? DEMO_WINDOW_MINUTES,
  });
}

/** Whether any roster shift of the business starts inside block `anchor`'s span. */
async function isLaid(call: DemoCall, base: string, anchor: Date): Promise<boolean> {
  const from = new Date(anchor.getTime() - HALF_BLOCK_MS).toISOString();
  const to = new Date(anchor.getTime() + HALF_BLOCK_MS - 1000).toISOString();
  const query = `FromDate=${from}&ToDate=${to}&SelectAllRoles=true&ExcludeShiftsOverlappingFromDate=true&PageSize=1`;
  return Listed.parse(await call('GET', `${base}/rostershift?${query}`)).length > 0;
}

/**
 * Lays block `day` (0: the seeding day) for `staff`: each person whose pattern works that day
 * gets a shift, published at once. Answers how many shifts were added.
 */
export async function layDemoBlock(call: DemoCall, businessId: number, staff: readonly DemoPerson[], seededAt: Date, day: number): Promise<number> {
  const base = `/api/v2/business/${businessId}`;
  const locations = Named.parse(await call('GET', `${base}/location`));
  const workTypes = Named.parse(await call('GET', `${base}/worktype`));
  const idOf = (list: z.infer<typeof Named>, name: string) => list.find((item) => item.name === name)?.id ?? null;
  let added = 0;
  for (const [index, person] of staff.entries()) {
    const pattern = patternOf(person);
    if (!pattern || !worksOn(pattern, index, day)) continue;
    const shift = shiftAt(pattern, anchorOf(seededAt, day));
    await call('POST', `${base}/rostershift?publish=true`, {
      employeeId: person.employeeId,
      locationId: idOf(locations, pattern.location),
      workTypeId: idOf(workTypes, pattern.workType),
      startTime: shift.start.toISOString(),
      endTime: shift.end.toISOString(),
      breaks: [{ startTime: shift.breakStart.toISOString(), endTime: shift.breakEnd.toISOString(), isPaidBreak: false }],
    });
    added += 1;
  }
  return added;
}

/**
 * Lays every block from the one `now` falls in to six days ahead that has no roster yet (the
 * seed also lays yesterday's block for the people who worked it). Answers how many shifts were
 * added.
 */
export async function ensureDemoRoster(
  call: DemoCall,
  demo: { businessId: number; kioskId: number; staff: readonly DemoPerson[] },
  seededAt: Date,
  now: Date,
): Promise<number> {
  const base = `/api/v2/business/${demo.businessId}`;
  await ensureWindows(call, base, demo.kioskId);
  const current = Math.floor((now.getTime() - seededAt.getTime() + HALF_BLOCK_MS) / DAY_MS);
  let added = 0;
  for (let day = current; day <= current + DAYS_AHEAD; day += 1) {
    if (await isLaid(call, base, anchorOf(seededAt, day))) continue;
    added += await layDemoBlock(call, demo.businessId, demo.staff, seededAt, day);
  }
  return added;
}
