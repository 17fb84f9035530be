import { describe, expect, it } from 'vitest';
import { rosterAttendance, type ClockedShiftStart, type RosteredShift } from './roster';

const at = (hhmm: string, day = '2026-11-25') => new Date(`${day}T${hhmm}:00Z`);

const roster = (id: number, employeeId: number, start: string, end: string, patch: Partial<RosteredShift> = {}): RosteredShift => ({
  id,
  employeeId,
  startUtc: at(start),
  endUtc: at(end),
  locationId: null,
  workTypeId: null,
  ...patch,
});

const clocked = (id: number, employeeId: number, start: string, end: string | null = null, patch: Partial<ClockedShiftStart> = {}): ClockedShiftStart => ({
  id,
  employeeId,
  startUtc: at(start),
  endUtc: end === null ? null : at(end),
  locationId: null,
  workTypeId: null,
  ...patch,
});

describe('rosterAttendance: who is due, late or absent', () => {
  const nine = roster(1, 7, '09:00', '17:00');

  it('without a clock-on: upcoming, due inside the window before the start, overdue after it, absent once the window is over', () => {
    const status = (now: string, window: number | null = 15) => rosterAttendance([nine], [], at(now), window).get(1);
    expect(status('08:44')).toEqual({ kind: 'upcoming' });
    expect(status('08:45')).toEqual({ kind: 'due' });
    expect(status('09:00')).toEqual({ kind: 'due' });
    expect(rosterAttendance([nine], [], new Date('2026-11-25T09:00:59Z'), 15).get(1)).toEqual({ kind: 'due' });
    expect(status('09:01')).toEqual({ kind: 'overdue', minutes: 1 });
    expect(status('09:15')).toEqual({ kind: 'overdue', minutes: 15 });
    expect(status('09:16')).toEqual({ kind: 'absent' });
    expect(status('18:00')).toEqual({ kind: 'absent' });
  });

  it('a null window (no matching) is 0 minutes: due only in the rostered minute, absent after it', () => {
    expect(rosterAttendance([nine], [], at('08:59'), null).get(1)).toEqual({ kind: 'upcoming' });
    expect(rosterAttendance([nine], [], at('09:00'), null).get(1)).toEqual({ kind: 'due' });
    expect(rosterAttendance([nine], [], at('09:01'), null).get(1)).toEqual({ kind: 'absent' });
  });

  it('a clock-on inside the window arrives early, on time or late by arrivalAgainst', () => {
    const early = rosterAttendance([nine], [clocked(50, 7, '08:50')], at('10:00'), 15).get(1);
    expect(early).toEqual({ kind: 'arrived', clockedShiftId: 50, clockOnUtc: at('08:50'), arrival: { kind: 'early', minutes: 10 }, open: true });
    const late = rosterAttendance([nine], [clocked(51, 7, '09:07', '17:00')], at('18:00'), 15).get(1);
    expect(late).toMatchObject({ kind: 'arrived', arrival: { kind: 'late', minutes: 7 }, open: false });
  });

  it('someone later (or earlier) than the window still arrived: the clocked shift overlaps the rostered one', () => {
    expect(rosterAttendance([nine], [clocked(52, 7, '10:30')], at('11:00'), 15).get(1)).toMatchObject({ kind: 'arrived', arrival: { kind: 'late', minutes: 90 } });
    expect(rosterAttendance([nine], [clocked(53, 7, '07:30')], at('11:00'), 15).get(1)).toMatchObject({ kind: 'arrived', arrival: { kind: 'early', minutes: 90 } });
    // A shift clocked off before the roster began does not count for it.
    expect(rosterAttendance([nine], [clocked(54, 7, '06:00', '08:00')], at('11:00'), 15).get(1)).toEqual({ kind: 'absent' });
  });

  it('pairs one clocked shift with one roster shift, and only of the same person', () => {
    const split = [roster(1, 7, '09:00', '12:00'), roster(2, 7, '14:00', '18:00'), roster(3, 8, '09:00', '17:00')];
    const board = rosterAttendance(split, [clocked(60, 7, '08:58', '12:00'), clocked(61, 7, '14:20')], at('14:30'), 10);
    expect(board.get(1)).toMatchObject({ kind: 'arrived', clockedShiftId: 60, arrival: { kind: 'early', minutes: 2 } });
    expect(board.get(2)).toMatchObject({ kind: 'arrived', clockedShiftId: 61, arrival: { kind: 'late', minutes: 20 } });
    expect(board.get(3)).toEqual({ kind: 'absent' });
  });

  it('prefers the shift at the location and work type the person chose, as the kiosk does', () => {
    const two = [roster(1, 7, '09:00', '13:00', { locationId: 4 }), roster(2, 7, '09:10', '13:00', { locationId: 5 })];
    const board = rosterAttendance(two, [clocked(70, 7, '09:00', null, { locationId: 5 })], at('09:30'), 15);
    expect(board.get(2)).toMatchObject({ kind: 'arrived', clockedShiftId: 70, arrival: { kind: 'early', minutes: 10 } });
    expect(board.get(1)).toEqual({ kind: 'absent' });
  });
});
