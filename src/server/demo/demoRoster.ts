/**
 * The demo's roster (issue 10): a published week for the demo staff, today and the next six days
 * in the business's zone, topped up at every start so the demo never runs out of roster; and the
 * demo kiosk's matching windows (60 minutes) when it has none, so an early clock-on is matched and
 * said. Everything goes through the API, as the rest of the demo does.
 */
import { z } from 'zod';
import { TimeAndAttendanceKioskModel } from '../../contract/generated/models';
import { toLocalDateTime } from '../../domain/time';

/** Calls the service's API as the demo manager (seedDemo.ts's `call`). */
export type DemoCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

export const DEMO_WINDOW_MINUTES = 60;
const DAYS = 7;

interface Pattern {
  location: string;
  workType: string;
  start: string;
  end: string;
  breakStart: string;
  breakEnd: string;
}

/** Early bakers, the counter by day and by evening, one night delivery run (overnight) and a day baker. */
const PATTERNS: readonly Pattern[] = [
  ...Array<Pattern>(4).fill({ location: 'Bakery floor', workType: 'Baking', start: '06:00', end: '14:00', breakStart: '10:00', breakEnd: '10:30' }),
  ...Array<Pattern>(4).fill({ location: 'Front counter', workType: 'Counter service', start: '09:00', end: '17:00', breakStart: '12:30', breakEnd: '13:00' }),
  ...Array<Pattern>(2).fill({ location: 'Front counter', workType: 'Counter service', start: '12:00', end: '20:00', breakStart: '16:00', breakEnd: '16:30' }),
  { location: 'Bakery floor', workType: 'Deliveries', start: '22:00', end: '06:00', breakStart: '02:00', breakEnd: '02:30' },
  { location: 'Bakery floor', workType: 'Baking', start: '09:00', end: '17:00', breakStart: '12:30', breakEnd: '13:00' },
];

const Named = z.array(z.object({ id: z.number().int(), name: z.string().nullable() }));
const Listed = z.array(z.object({ id: z.number().int() }));

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A wall-clock time on `day`, or on the next day when it is before `after` (an overnight shift). */
function wallClock(day: string, time: string, after?: string): string {
  return `${after !== undefined && time < after ? addDays(day, 1) : day}T${time}:00`;
}

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

/**
 * Seeds each of the coming seven days that has no roster yet: every person works one of PATTERNS
 * (by their place in the staff list) with one day off in five, published at once.
 */
export async function ensureDemoRoster(
  call: DemoCall,
  demo: { businessId: number; kioskId: number; staff: ReadonlyArray<{ employeeId: number }> },
  zone: string,
  now: Date,
): Promise<number> {
  const base = `/api/v2/business/${demo.businessId}`;
  await ensureWindows(call, base, demo.kioskId);
  const locations = Named.parse(await call('GET', `${base}/location`));
  const workTypes = Named.parse(await call('GET', `${base}/worktype`));
  const idOf = (list: z.infer<typeof Named>, name: string) => list.find((item) => item.name === name)?.id ?? null;
  const today = toLocalDateTime(now, zone).slice(0, 10);
  let added = 0;
  for (let offset = 0; offset < DAYS; offset += 1) {
    const day = addDays(today, offset);
    const query = `FromDate=${day}T00:00:00&ToDate=${day}T00:00:00&SelectAllRoles=true&ExcludeShiftsOverlappingFromDate=true&PageSize=1`;
    if (Listed.parse(await call('GET', `${base}/rostershift?${query}`)).length > 0) continue;
    for (const [index, person] of demo.staff.entries()) {
      const pattern = PATTERNS[index % PATTERNS.length];
      const dayOff = (index + offset) % 5 === 4;
      if (!pattern || dayOff) continue;
      await call('POST', `${base}/rostershift?publish=true`, {
        employeeId: person.employeeId,
        locationId: idOf(locations, pattern.location),
        workTypeId: idOf(workTypes, pattern.workType),
        startTime: wallClock(day, pattern.start),
        endTime: wallClock(day, pattern.end, pattern.start),
        breaks: [{ startTime: wallClock(day, pattern.breakStart, pattern.start), endTime: wallClock(day, pattern.breakEnd, pattern.start), isPaidBreak: false }],
      });
      added += 1;
    }
  }
  return added;
}
