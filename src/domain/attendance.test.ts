import { describe, expect, it } from 'vitest';
import {
  allowedPunches,
  applyPunch,
  INITIAL_ATTENDANCE_STATE,
  isLongShift,
  PUNCH_KINDS,
  type AttendanceState,
  type PunchKind,
} from './attendance';

const t = (iso: string) => new Date(iso);
const NOW = t('2026-03-10T12:00:00Z');

function run(kinds: Array<[PunchKind, string]>, start: AttendanceState = INITIAL_ATTENDANCE_STATE) {
  let state = start;
  for (const [kind, at] of kinds) {
    const outcome = applyPunch(state, { kind, at: t(at) }, NOW);
    if (!outcome.ok) throw new Error(`${kind} refused: ${outcome.error.code}`);
    state = outcome.state;
  }
  return state;
}

describe('attendance state machine', () => {
  it('walks a full shift with a break', () => {
    const on = applyPunch(INITIAL_ATTENDANCE_STATE, { kind: 'clockOn', at: t('2026-03-10T08:00:00Z') }, NOW);
    expect(on).toEqual({
      ok: true,
      state: { status: 'ClockedOn', clockOnTimeUtc: t('2026-03-10T08:00:00Z'), breakStartTimeUtc: null, lastPunchTimeUtc: t('2026-03-10T08:00:00Z') },
      effects: [{ type: 'openShift', at: t('2026-03-10T08:00:00Z') }],
    });
    const onBreak = run([['clockOn', '2026-03-10T08:00:00Z'], ['startBreak', '2026-03-10T10:00:00Z']]);
    expect(onBreak.status).toBe('OnBreak');
    expect(onBreak.breakStartTimeUtc).toEqual(t('2026-03-10T10:00:00Z'));
    const back = run([['endBreak', '2026-03-10T10:30:00Z']], onBreak);
    expect(back).toMatchObject({ status: 'ClockedOn', breakStartTimeUtc: null, clockOnTimeUtc: t('2026-03-10T08:00:00Z') });
    const off = run([['clockOff', '2026-03-10T11:00:00Z']], back);
    expect(off).toEqual({ status: 'ClockedOff', clockOnTimeUtc: null, breakStartTimeUtc: null, lastPunchTimeUtc: t('2026-03-10T11:00:00Z') });
  });

  it('clock-off during a break closes the break first', () => {
    const onBreak = run([['clockOn', '2026-03-10T08:00:00Z'], ['startBreak', '2026-03-10T10:00:00Z']]);
    const outcome = applyPunch(onBreak, { kind: 'clockOff', at: t('2026-03-10T10:15:00Z') }, NOW);
    expect(outcome.ok && outcome.effects.map((e) => e.type)).toEqual(['closeBreak', 'closeShift']);
  });

  it('discard abandons the shift and ends an open break', () => {
    const onBreak = run([['clockOn', '2026-03-10T08:00:00Z'], ['startBreak', '2026-03-10T10:00:00Z']]);
    const outcome = applyPunch(onBreak, { kind: 'discard', at: t('2026-03-10T10:05:00Z') }, NOW);
    expect(outcome.ok && outcome.effects.map((e) => e.type)).toEqual(['closeBreak', 'abandonShift']);
    expect(outcome.ok && outcome.state.status).toBe('NotClockedOn');
  });

  it('offers exactly the punches the machine accepts, from every status', () => {
    const states: AttendanceState[] = [
      INITIAL_ATTENDANCE_STATE,
      run([['clockOn', '2026-03-10T08:00:00Z']]),
      run([['clockOn', '2026-03-10T08:00:00Z'], ['startBreak', '2026-03-10T09:00:00Z']]),
      run([['clockOn', '2026-03-10T08:00:00Z'], ['clockOff', '2026-03-10T09:00:00Z']]),
    ];
    for (const state of states) {
      for (const kind of PUNCH_KINDS) {
        const outcome = applyPunch(state, { kind, at: t('2026-03-10T11:00:00Z') }, NOW);
        expect(outcome.ok, `${kind} from ${state.status}`).toBe(allowedPunches(state.status).includes(kind));
      }
    }
  });

  it('names each refused transition', () => {
    const on = run([['clockOn', '2026-03-10T08:00:00Z']]);
    const codes = [
      applyPunch(on, { kind: 'clockOn', at: t('2026-03-10T09:00:00Z') }, NOW),
      applyPunch(INITIAL_ATTENDANCE_STATE, { kind: 'clockOff', at: t('2026-03-10T09:00:00Z') }, NOW),
      applyPunch(on, { kind: 'endBreak', at: t('2026-03-10T09:00:00Z') }, NOW),
      applyPunch(run([['startBreak', '2026-03-10T09:00:00Z']], on), { kind: 'startBreak', at: t('2026-03-10T09:30:00Z') }, NOW),
    ].map((o) => (o.ok ? 'ok' : o.error.code));
    expect(codes).toEqual(['already-clocked-on', 'not-clocked-on', 'not-on-break', 'already-on-break']);
  });

  it('refuses a punch recorded before the previous one, and one in the future beyond the skew', () => {
    const on = run([['clockOn', '2026-03-10T08:00:00Z']]);
    const early = applyPunch(on, { kind: 'startBreak', at: t('2026-03-10T07:59:59Z') }, NOW);
    expect(early.ok ? null : early.error.code).toBe('punch-before-previous');
    const sameInstant = applyPunch(on, { kind: 'startBreak', at: t('2026-03-10T08:00:00Z') }, NOW);
    expect(sameInstant.ok).toBe(true);
    const withinSkew = applyPunch(on, { kind: 'startBreak', at: t('2026-03-10T12:01:59Z') }, NOW, 120_000);
    expect(withinSkew.ok).toBe(true);
    const future = applyPunch(on, { kind: 'startBreak', at: t('2026-03-10T12:02:01Z') }, NOW, 120_000);
    expect(future.ok ? null : future.error.code).toBe('punch-in-future');
  });

  it('flags a long open shift', () => {
    const on = run([['clockOn', '2026-03-10T00:00:00Z']]);
    expect(isLongShift(on, t('2026-03-10T11:59:00Z'), 720)).toBe(false);
    expect(isLongShift(on, t('2026-03-10T12:00:00Z'), 720)).toBe(true);
    expect(isLongShift(INITIAL_ATTENDANCE_STATE, NOW, 1)).toBe(false);
  });
});
