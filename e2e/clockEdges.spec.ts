/**
 * Time at its edges, on a clock the test sets (the tablet's and the service's together,
 * support/clocks.ts), whatever the hour of the run: a shift clocked on at 23:59 and off at 00:01
 * business time, and shifts across both DST changes in Europe/London (in March 01:00 GMT becomes
 * 02:00 BST; in October 02:00 BST becomes 01:00 GMT, so 01:30 happens twice). Each receipt names
 * the wall time and day it was punched, the service keeps the real instants, and the hours are real
 * hours. The file runs on a service of its own (the pages load from it) whose clock starts at the
 * first edge and is moved forward to each next one, so the data it leaves at other dates confuses no
 * other spec.
 */
import { KioskPage, fullName, kioskWeekdayDate } from './pages/kiosk';
import { bothClocks, type Clocks } from './support/clocks';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { ServiceApi } from './support/serviceApi';

const ZONE = 'Europe/London';
const MINUTE = 60_000;

interface Edge {
  name: string;
  /** The instants of the clock-on and the clock-off (UTC). */
  on: string;
  off: string;
  /** What the receipts show (London wall times, 24-hour). */
  shownOn: string;
  shownOff: string;
  /**
   * The receipt's "This shift": real time worked, give or take the seconds each tap took after its
   * clock was set (a wall-clock subtraction would say 2 h in March and nothing in October).
   */
  shift: RegExp;
}

const EDGES: Edge[] = [
  { name: 'at midnight: on at 23:59, off at 00:01 the next day', on: '2026-03-18T23:59:00Z', off: '2026-03-19T00:01:00Z', shownOn: '23:59', shownOff: '00:01', shift: /^[123] min$/ },
  { name: 'across the spring change: on at 00:30 GMT, off at 02:30 BST, one hour', on: '2026-03-29T00:30:00Z', off: '2026-03-29T01:30:00Z', shownOn: '00:30', shownOff: '02:30', shift: /^(59 min|1 h( [01] min)?)$/ },
  { name: 'across the autumn change: on at 01:30 BST, off at 01:30 GMT, one hour', on: '2026-10-25T00:30:00Z', off: '2026-10-25T01:30:00Z', shownOn: '01:30', shownOff: '01:30', shift: /^(59 min|1 h( [01] min)?)$/ },
];

/**
 * One service for the file (ownService.ts), seeded ten minutes before the first edge's clock-on;
 * each test moves it (and the page's clock) forward to ten minutes before its own edge
 * (`edgeClocks`). The edges are in time order, so the service's clock only ever moves forward.
 */
const FIRST_EDGE = EDGES[0]!.on;
const test = testWithOwnService({ label: 'clock-edge', clockAt: new Date(Date.parse(FIRST_EDGE) - 10 * MINUTE) }).extend<{ edgeAt: string; edgeClocks: Clocks }>({
  edgeAt: ['', { option: true }],
  edgeClocks: async ({ context, edgeAt, ownService }, use) => {
    if (!edgeAt) throw new Error('test.use({ edgeAt }) names the instant the scenario starts at');
    const clocks = bothClocks(context, ownService.clock);
    await clocks.set(new Date(Date.parse(edgeAt) - 10 * MINUTE));
    await use(clocks);
  },
});

/** Signs in and punches in the minute starting at `instant` on both clocks (set just before the tap), and reads the receipt. */
async function punchAt(kiosk: KioskPage, clocks: Clocks, who: { name: string; pin: string }, kind: 'clockOn' | 'clockOff', instant: string) {
  await kiosk.signIn(who.name, who.pin);
  // Ten seconds into the minute: the kiosk corrects its time to the service's from the Date header
  // (whole seconds), so a tap at the very start of a minute may be recorded in the one before.
  await clocks.set(new Date(Date.parse(instant) + 10_000));
  await kiosk.choose(kind);
  // The demo kiosk offers locations and work types: its options step comes before every clock-on.
  if (kind === 'clockOn') await kiosk.confirmClockOn();
  const shown = await kiosk.expectReceipt(kind);
  const date = (await kiosk.receiptDate().innerText()).trim();
  const hours = kind === 'clockOff' ? (await kiosk.receiptFigure('This shift').innerText()).trim() : '';
  await kiosk.finishReceipt();
  return { shown, date, hours };
}

test.describe('time at its edges, on a set clock', () => {
  for (const edge of EDGES) {
    test.describe(() => {
      test.use({ edgeAt: edge.on });
      test(edge.name, async ({ page, request, ownService: service, edgeClocks: clocks }) => {
        test.setTimeout(120_000);
        const demo = service.demo;
        const person = demo.staff[0]!;
        const who = { name: fullName(person), pin: person.pin };
        const kiosk = new KioskPage(page);
        await kiosk.enrol(service.baseURL, demo, 'Clock edge tablet');

        const on = await punchAt(kiosk, clocks, who, 'clockOn', edge.on);
        expect(on.shown).toBe(edge.shownOn);
        expect(on.date).toBe(kioskWeekdayDate(edge.on, ZONE));
        const off = await punchAt(kiosk, clocks, who, 'clockOff', edge.off);
        expect(off.shown).toBe(edge.shownOff);
        expect(off.date).toBe(kioskWeekdayDate(edge.off, ZONE));
        expect(off.hours).toMatch(edge.shift);

        // The service keeps the instants (each a few seconds after its clock was set: the tap).
        await kiosk.waitForSync();
        const api = new ServiceApi(request, service.baseURL, demo);
        const within = (stored: string | null | undefined, from: string) => {
          const offset = Date.parse(stored ?? '') - Date.parse(from);
          return offset >= 0 && offset < MINUTE;
        };
        // The demo's own shifts (laid around the real time it was seeded) are not this one.
        const shift = (await api.shifts(person.employeeId)).find((candidate) => within(candidate.startTimeUtc, edge.on));
        expect(within(shift?.startTimeUtc, edge.on), 'a shift clocked on at the edge').toBe(true);
        expect(within(shift?.endTimeUtc, edge.off), `clock-off stored at ${shift?.endTimeUtc}`).toBe(true);
      });
    });
  }
});
