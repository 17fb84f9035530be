/** The roster matching rules (domain/roster.ts) the kiosk and the service share. */
import { describe, expect, it } from 'vitest';
import { arrivalAgainst, matchClockOff, matchClockOn, matchingWindow, nearbyShifts, nextShiftAfter, pickableShifts, rosterShiftForClockOn, type RosteredShift } from './roster';

const at = (iso: string) => new Date(iso);
const shift = (id: number, start: string, end: string, extra: Partial<RosteredShift> = {}): RosteredShift => ({
  id,
  employeeId: 1,
  startUtc: at(start),
  endUtc: at(end),
  locationId: null,
  workTypeId: null,
  ...extra,
});

const nine = shift(1, '2026-06-02T09:00:00Z', '2026-06-02T17:00:00Z');

describe('matchClockOn', () => {
  it('matches within the window, edges included, and not beyond', () => {
    expect(matchClockOn([nine], at('2026-06-02T08:50:00Z'), 10)?.shift.id).toBe(1);
    expect(matchClockOn([nine], at('2026-06-02T09:10:00Z'), 10)?.shift.id).toBe(1);
    expect(matchClockOn([nine], at('2026-06-02T08:49:59Z'), 10)).toBeNull();
    expect(matchClockOn([nine], at('2026-06-02T09:10:01Z'), 10)).toBeNull();
  });

  it('is exact inside the rostered minute, even with a window of 0', () => {
    expect(matchClockOn([nine], at('2026-06-02T09:00:59Z'), 0)).toEqual({ shift: nine, exact: true });
    expect(matchClockOn([nine], at('2026-06-02T08:59:59Z'), 0)).toBeNull();
    expect(matchClockOn([nine], at('2026-06-02T08:59:00Z'), 5)).toEqual({ shift: nine, exact: false });
  });

  it('does no matching without a window (or a negative one)', () => {
    expect(matchClockOn([nine], at('2026-06-02T09:00:00Z'), null)).toBeNull();
    expect(matchClockOn([nine], at('2026-06-02T09:00:00Z'), -1)).toBeNull();
    expect(matchClockOn([], at('2026-06-02T09:00:00Z'), 60)).toBeNull();
  });

  it('prefers the chosen location and work type, then the nearest start, then the earlier, then the lower id', () => {
    const front = shift(2, '2026-06-02T09:00:00Z', '2026-06-02T13:00:00Z', { locationId: 10, workTypeId: 20 });
    const back = shift(3, '2026-06-02T09:20:00Z', '2026-06-02T13:00:00Z', { locationId: 11, workTypeId: 21 });
    const now = at('2026-06-02T09:15:00Z');
    expect(matchClockOn([front, back], now, 30)?.shift.id).toBe(3);
    expect(matchClockOn([front, back], now, 30, { locationId: 10 })?.shift.id).toBe(2);
    expect(matchClockOn([front, back], now, 30, { workTypeId: 20 })?.shift.id).toBe(2);
    // Location outweighs work type.
    expect(matchClockOn([front, back], now, 30, { locationId: 11, workTypeId: 20 })?.shift.id).toBe(3);
    const twinA = shift(5, '2026-06-02T09:00:00Z', '2026-06-02T10:00:00Z');
    const twinB = shift(4, '2026-06-02T09:00:00Z', '2026-06-02T11:00:00Z');
    expect(matchClockOn([twinA, twinB], at('2026-06-02T09:00:00Z'), 5)?.shift.id).toBe(4);
    const before = shift(6, '2026-06-02T08:50:00Z', '2026-06-02T10:00:00Z');
    const after = shift(7, '2026-06-02T09:10:00Z', '2026-06-02T10:00:00Z');
    expect(matchClockOn([after, before], at('2026-06-02T09:00:00Z'), 15)?.shift.id).toBe(6);
  });
});

describe('matchClockOff', () => {
  it('matches by the end, across midnight, and only the remembered shift when one is given', () => {
    const night = shift(8, '2026-06-02T21:00:00Z', '2026-06-03T05:00:00Z');
    expect(matchClockOff([night], at('2026-06-03T05:14:00Z'), 15)?.shift.id).toBe(8);
    expect(matchClockOff([night], at('2026-06-03T05:16:00Z'), 15)).toBeNull();
    expect(matchClockOff([night], at('2026-06-03T05:00:30Z'), 15)?.exact).toBe(true);
    const other = shift(9, '2026-06-02T23:00:00Z', '2026-06-03T05:05:00Z');
    expect(matchClockOff([night, other], at('2026-06-03T05:06:00Z'), 15)?.shift.id).toBe(9);
    expect(matchClockOff([night, other], at('2026-06-03T05:06:00Z'), 15, 8)?.shift.id).toBe(8);
    expect(matchClockOff([night, other], at('2026-06-03T05:06:00Z'), 15, 99)).toBeNull();
  });

  it('works on instants, so a daylight-saving night needs nothing special', () => {
    // London, 29 March 2026: 22:00 GMT to 06:00 BST is 22:00Z to 05:00Z, seven hours.
    const spring = shift(10, '2026-03-28T22:00:00Z', '2026-03-29T05:00:00Z');
    expect(matchClockOff([spring], at('2026-03-29T05:00:00Z'), 10)?.exact).toBe(true);
    expect(matchClockOff([spring], at('2026-03-29T06:00:00Z'), 10)).toBeNull();
  });
});

describe('nearbyShifts and pickableShifts', () => {
  it('lists shifts overlapping 12 hours either side, by start', () => {
    const late = shift(11, '2026-06-02T21:30:00Z', '2026-06-02T23:00:00Z');
    const early = shift(12, '2026-06-01T20:00:00Z', '2026-06-01T21:00:00Z');
    const edge = shift(13, '2026-06-01T20:00:00Z', '2026-06-01T21:15:00Z');
    expect(nearbyShifts([late, nine, early, edge], at('2026-06-02T09:15:00Z')).map((s) => s.id)).toEqual([13, 1]);
    expect(nearbyShifts([late, nine], at('2026-06-02T09:15:00Z'), 13).map((s) => s.id)).toEqual([1, 11]);
  });

  it('offers shifts the window reaches or already under way', () => {
    const running = shift(14, '2026-06-02T06:00:00Z', '2026-06-02T10:00:00Z');
    const soon = shift(15, '2026-06-02T09:20:00Z', '2026-06-02T12:00:00Z');
    const later = shift(16, '2026-06-02T11:00:00Z', '2026-06-02T12:00:00Z');
    const now = at('2026-06-02T09:00:00Z');
    expect(pickableShifts([later, soon, running, nine], now, 30).map((s) => s.id)).toEqual([14, 1, 15]);
    expect(pickableShifts([later, soon, running], now, null).map((s) => s.id)).toEqual([14]);
  });
});

describe('arrivalAgainst and matchingWindow', () => {
  it('says early or late in whole minutes, on time inside the minute', () => {
    expect(arrivalAgainst(nine, at('2026-06-02T09:00:40Z'))).toEqual({ kind: 'onTime' });
    // As the clocks read: 08:47 is 13 minutes before 09:00, whatever the seconds.
    expect(arrivalAgainst(nine, at('2026-06-02T08:47:30Z'))).toEqual({ kind: 'early', minutes: 13 });
    expect(arrivalAgainst(nine, at('2026-06-02T09:04:59Z'))).toEqual({ kind: 'late', minutes: 4 });
    expect(arrivalAgainst(nine, at('2026-06-02T09:05:00Z'))).toEqual({ kind: 'late', minutes: 5 });
    expect(arrivalAgainst(nine, at('2026-06-02T08:59:59Z'))).toEqual({ kind: 'early', minutes: 1 });
  });

  it("takes the kiosk's window, else the business's, else none (0 is a window)", () => {
    expect(matchingWindow(10, 30)).toBe(10);
    expect(matchingWindow(0, 30)).toBe(0);
    expect(matchingWindow(null, 30)).toBe(30);
    expect(matchingWindow(undefined, null)).toBeNull();
  });
});

describe('rosterShiftForClockOn', () => {
  it('is the match within the window, else the shift under way, else nothing', () => {
    expect(rosterShiftForClockOn([nine], at('2026-06-02T08:55:00Z'), 10)).toEqual({ shift: nine, exact: false });
    // Five hours late: outside the window, still the shift under way.
    expect(rosterShiftForClockOn([nine], at('2026-06-02T14:00:00Z'), 10)).toEqual({ shift: nine, exact: false });
    expect(rosterShiftForClockOn([nine], at('2026-06-02T14:00:00Z'), null)).toEqual({ shift: nine, exact: false });
    expect(rosterShiftForClockOn([nine], at('2026-06-02T17:00:00Z'), 10)).toBeNull();
    expect(rosterShiftForClockOn([nine], at('2026-06-02T08:00:00Z'), 10)).toBeNull();
  });

  it('prefers the chosen location among shifts under way', () => {
    const a = shift(2, '2026-06-02T09:00:00Z', '2026-06-02T17:00:00Z', { locationId: 10 });
    const b = shift(3, '2026-06-02T10:00:00Z', '2026-06-02T18:00:00Z', { locationId: 11 });
    expect(rosterShiftForClockOn([a, b], at('2026-06-02T13:00:00Z'), 10)?.shift.id).toBe(2);
    expect(rosterShiftForClockOn([a, b], at('2026-06-02T13:00:00Z'), 10, { locationId: 11 })?.shift.id).toBe(3);
  });
});

describe('nextShiftAfter', () => {
  const morning = shift(10, '2026-06-02T06:00:00Z', '2026-06-02T10:00:00Z');
  const evening = shift(11, '2026-06-02T17:00:00Z', '2026-06-02T21:00:00Z');
  const tomorrow = shift(12, '2026-06-03T09:00:00Z', '2026-06-03T17:00:00Z');
  it('is the later part of a split day before tomorrow, whatever the order given', () => {
    expect(nextShiftAfter([tomorrow, evening, morning], at('2026-06-02T10:05:00Z'))?.id).toBe(11);
  });
  it('is not the shift being left, even when leaving early', () => {
    expect(nextShiftAfter([morning, tomorrow], at('2026-06-02T08:00:00Z'))?.id).toBe(12);
  });
  it('is not a shift starting at the very instant of leaving, and none when nothing is ahead', () => {
    expect(nextShiftAfter([tomorrow], at('2026-06-03T09:00:00Z'))).toBeNull();
    expect(nextShiftAfter([], at('2026-06-02T08:00:00Z'))).toBeNull();
  });
  it('takes the lower id when two start together', () => {
    expect(nextShiftAfter([shift(31, '2026-06-04T09:00:00Z', '2026-06-04T12:00:00Z'), shift(30, '2026-06-04T09:00:00Z', '2026-06-04T13:00:00Z')], at('2026-06-03T18:00:00Z'))?.id).toBe(30);
  });
});
