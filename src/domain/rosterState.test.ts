/** Due, late, on shift and finishing on the staff grid (rosterState.ts). */
import { describe, expect, it } from 'vitest';
import type { RosteredShift } from './roster';
import { personRosterState, ROSTER_LEAD_MINUTES } from './rosterState';

const at = (hhmm: string) => new Date(`2026-06-02T${hhmm}:00Z`);
const shift = (id: number, start: string, end: string): RosteredShift => ({ id, employeeId: 1, startUtc: at(start), endUtc: at(end), locationId: null, workTypeId: null });
const zoe = shift(1, '15:00', '19:00');
const windows = { clockOnWindowMinutes: 60, clockOffWindowMinutes: 30 };
const off = { status: 'NotClockedOn' as const, clockOnTimeUtc: null, lastPunchTimeUtc: null };

describe('personRosterState', () => {
  it('is nothing before the clock-on window opens, due inside it and in the rostered minute', () => {
    expect(personRosterState([zoe], off, at('13:59'), windows)).toEqual({ kind: 'none' });
    expect(personRosterState([zoe], off, at('14:00'), windows)).toEqual({ kind: 'due', shift: zoe });
    expect(personRosterState([zoe], off, new Date('2026-06-02T15:00:59Z'), windows)).toEqual({ kind: 'due', shift: zoe });
  });

  it('is late once the start has passed, however late, until the shift is over', () => {
    expect(personRosterState([zoe], off, at('15:01'), windows)).toEqual({ kind: 'late', shift: zoe, minutes: 1 });
    expect(personRosterState([zoe], off, at('18:59'), windows)).toEqual({ kind: 'late', shift: zoe, minutes: 239 });
    expect(personRosterState([zoe], off, at('19:00'), windows)).toEqual({ kind: 'none' });
  });

  it('is on shift after clocking on for it (early, on time or late), finishing near its end and past it after', () => {
    const on = (clockOn: string) => ({ status: 'ClockedOn' as const, clockOnTimeUtc: at(clockOn), lastPunchTimeUtc: at(clockOn) });
    expect(personRosterState([zoe], on('14:48'), at('16:00'), windows)).toEqual({ kind: 'onShift', shift: zoe });
    // Five hours late is outside the window but still on the shift under way.
    const finn = shift(2, '09:00', '17:00');
    expect(personRosterState([finn], on('14:00'), at('14:05'), windows)).toEqual({ kind: 'onShift', shift: finn });
    expect(personRosterState([zoe], { ...on('15:00'), status: 'OnBreak' }, at('18:30'), windows)).toEqual({ kind: 'finishing', shift: zoe });
    expect(personRosterState([zoe], on('15:00'), at('18:59'), windows)).toEqual({ kind: 'finishing', shift: zoe });
    // Still clocked on at and after the rostered finish: the shift has ended, it is not "finishing".
    expect(personRosterState([zoe], on('15:00'), at('19:00'), windows)).toEqual({ kind: 'pastEnd', shift: zoe });
    expect(personRosterState([zoe], on('15:00'), at('23:30'), windows)).toEqual({ kind: 'pastEnd', shift: zoe });
    // A clock-on that belongs to no roster shift says nothing about the roster.
    expect(personRosterState([zoe], on('08:00'), at('09:00'), windows)).toEqual({ kind: 'none' });
  });

  it('is nothing for a shift the person came for and left, and due again for the next one', () => {
    const evening = shift(3, '21:00', '23:00');
    const left = { status: 'ClockedOff' as const, clockOnTimeUtc: null, lastPunchTimeUtc: at('15:30') };
    expect(personRosterState([zoe, evening], left, at('16:00'), windows)).toEqual({ kind: 'none' });
    expect(personRosterState([zoe, evening], left, at('20:30'), windows)).toEqual({ kind: 'due', shift: evening });
  });

  it('looks ahead a fixed lead when the kiosk does no matching', () => {
    const none = { clockOnWindowMinutes: null, clockOffWindowMinutes: null };
    const lead = new Date(zoe.startUtc.getTime() - ROSTER_LEAD_MINUTES * 60_000);
    expect(personRosterState([zoe], off, new Date(lead.getTime() - 1), none)).toEqual({ kind: 'none' });
    expect(personRosterState([zoe], off, lead, none)).toEqual({ kind: 'due', shift: zoe });
  });
});
