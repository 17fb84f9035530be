/**
 * The roster the tablet keeps: the service's KioskRosterModel read in the
 * business's zone (overnight and daylight-saving shifts as instants), what the clock-on screen
 * shows from it (match, early or late, the shifts to pick), and the finish suggested for a
 * forgotten clock-off.
 */
import { describe, expect, it } from 'vitest';
import { choiceOf, clockOnRoster, suggestedFinish, type KeptRoster } from './kioskRoster';
import { keptRosterFrom, rosterWindow } from './refreshKioskRoster';

const ZONE = 'Europe/London';
const NOW = new Date('2026-03-28T08:00:00Z');

const wire = (shifts: object[], extra: object = {}) => ({
  clockOnWindowMinutes: 30,
  clockOffWindowMinutes: 30,
  allowEmployeeShiftSelection: false,
  shifts,
  ...extra,
});
const shift = (id: number, startTime: string, endTime: string, more: object = {}) => ({
  id,
  employeeId: 7,
  startTime,
  endTime,
  locationId: 3,
  locationName: 'Front counter',
  workTypeId: null,
  workTypeName: null,
  ...more,
});

function kept(shifts: object[], extra: object = {}): KeptRoster {
  const roster = keptRosterFrom(wire(shifts, extra), ZONE, NOW);
  if (!roster) throw new Error('not read');
  return roster;
}

describe('keeping the roster', () => {
  it('reads wall-clock times in the business zone, across the spring-forward night', () => {
    const roster = kept([shift(1, '2026-03-28T22:00:00', '2026-03-29T06:00:00'), shift(2, '2026-07-01T09:00:00', '2026-07-01T17:00:00')]);
    expect(roster.shifts.map((s) => [s.startUtc, s.endUtc])).toEqual([
      ['2026-03-28T22:00:00.000Z', '2026-03-29T05:00:00.000Z'],
      ['2026-07-01T08:00:00.000Z', '2026-07-01T16:00:00.000Z'],
    ]);
  });

  it('refuses an answer of another shape (the old copy stays) and leaves out unreadable times', () => {
    expect(keptRosterFrom([shift(1, '2026-03-28T09:00:00', '2026-03-28T17:00:00')], ZONE, NOW)).toBeNull();
    expect(kept([shift(1, 'soon', '2026-03-28T17:00:00'), shift(2, '2026-03-28T09:00:00', '2026-03-28T17:00:00')]).shifts.map((s) => s.id)).toEqual([2]);
  });

  it('asks for yesterday to a week ahead, as local dates', () => {
    expect(rosterWindow(new Date('2026-03-28T23:30:00Z'), 'Europe/Madrid')).toEqual({ FromDate: '2026-03-28T00:00:00', ToDate: '2026-04-05T23:59:59' });
  });
});

describe('the roster at clock-on', () => {
  const roster = kept([
    shift(1, '2026-03-28T09:00:00', '2026-03-28T17:00:00'),
    shift(2, '2026-03-28T09:15:00', '2026-03-28T13:00:00', { locationId: 4, locationName: 'Back office', workTypeId: 9 }),
    shift(3, '2026-03-28T09:00:00', '2026-03-28T17:00:00', { employeeId: 8 }),
  ]);

  it('matches the nearest shift of the person and says how early', () => {
    const view = clockOnRoster(roster, 7, new Date('2026-03-28T08:48:00Z'));
    expect(view.match?.id).toBe(1);
    expect(view.arrival).toEqual({ kind: 'early', minutes: 12 });
    expect(view.pickable).toEqual([]);
  });

  it('says how late, and a pick (as location and work type) wins the match', () => {
    const at = new Date('2026-03-28T09:20:00Z');
    expect(clockOnRoster(roster, 7, at).arrival).toEqual({ kind: 'late', minutes: 5 });
    const picked = clockOnRoster(roster, 7, at, choiceOf({ locationId: 4, workTypeId: 9 }));
    expect(picked.match?.id).toBe(2);
    expect(picked.arrival).toEqual({ kind: 'late', minutes: 5 });
  });

  it('offers a pick only when the kiosk allows it and there is more than one', () => {
    const at = new Date('2026-03-28T08:50:00Z');
    const allowing = { ...roster, allowEmployeeShiftSelection: true };
    expect(clockOnRoster(allowing, 7, at).pickable.map((s) => s.id)).toEqual([1, 2]);
    expect(clockOnRoster(allowing, 8, at).pickable).toEqual([]);
  });

  it('matches nothing before the window, nor before a shift without a window, nor without a roster', () => {
    expect(clockOnRoster(roster, 7, new Date('2026-03-28T07:00:00Z')).match).toBeNull();
    expect(clockOnRoster({ ...roster, clockOnWindowMinutes: null }, 7, new Date('2026-03-28T08:50:00Z')).match).toBeNull();
    expect(clockOnRoster(null, 7, NOW)).toEqual({ match: null, arrival: null, pickable: [] });
  });

  it('shows someone late beyond the window the shift under way, and how late', () => {
    // Rostered 09:00 (GMT), here at 14:00: five hours late.
    const late = clockOnRoster(roster, 7, new Date('2026-03-28T14:00:00Z'));
    expect(late.match?.id).toBe(1);
    expect(late.arrival).toEqual({ kind: 'late', minutes: 300 });
    expect(clockOnRoster({ ...roster, clockOnWindowMinutes: null }, 7, new Date('2026-03-28T09:30:00Z')).arrival).toEqual({ kind: 'late', minutes: 30 });
  });
});

describe('the finish suggested for a forgotten clock-off', () => {
  const roster = kept([shift(1, '2026-03-27T09:00:00', '2026-03-27T17:00:00')]);

  it('is the rostered end of the shift the clock-on matched', () => {
    const found = suggestedFinish(roster, 7, { clockOnUtc: new Date('2026-03-27T08:55:00Z') }, NOW);
    expect(found?.endUtc.toISOString()).toBe('2026-03-27T17:00:00.000Z');
  });

  it('is the rostered end of the shift under way for someone who came late', () => {
    expect(suggestedFinish(roster, 7, { clockOnUtc: new Date('2026-03-27T12:00:00Z') }, NOW)?.endUtc.toISOString()).toBe('2026-03-27T17:00:00.000Z');
  });

  it('is none when the clock-on matched nothing, or the end would not be a possible finish', () => {
    expect(suggestedFinish(roster, 7, { clockOnUtc: new Date('2026-03-27T18:00:00Z') }, NOW)).toBeNull();
    expect(suggestedFinish(roster, 7, { clockOnUtc: new Date('2026-03-27T08:55:00Z') }, new Date('2026-03-27T16:00:00Z'))).toBeNull();
    expect(suggestedFinish(roster, 7, { clockOnUtc: new Date('2026-03-27T08:55:00Z'), breakStartUtc: new Date('2026-03-27T17:30:00Z') }, NOW)).toBeNull();
  });
});
