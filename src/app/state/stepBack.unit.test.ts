import { describe, expect, it } from 'vitest';
import { stepBack } from './stepBack';
import type { KioskStep } from './uiStore';

const pending = { kind: 'clockOn' as const, fields: { locationId: 3 } };

describe('stepBack', () => {
  it('stays on the staff grid', () => {
    expect(stepBack({ step: 'grid' })).toEqual({ step: 'grid' });
  });

  it('steps back within the flow, keeping the signed-in person where the step came from', () => {
    const cases: Array<[KioskStep, KioskStep]> = [
      [{ step: 'number' }, { step: 'grid' }],
      [{ step: 'pin', employeeId: 7 }, { step: 'grid' }],
      [{ step: 'pin', employeeId: 7, codeSent: 'email' }, { step: 'grid' }],
      [{ step: 'forgotPin', employeeId: 7 }, { step: 'pin', employeeId: 7 }],
      [{ step: 'actions', employeeId: 7, pin: '4821' }, { step: 'grid' }],
      [{ step: 'options', employeeId: 7, pin: '4821', pending }, { step: 'actions', employeeId: 7, pin: '4821' }],
      [{ step: 'photo', employeeId: 7, pin: '4821', pending }, { step: 'actions', employeeId: 7, pin: '4821' }],
      [{ step: 'note', employeeId: 7, pin: '4821' }, { step: 'actions', employeeId: 7, pin: '4821' }],
      [{ step: 'changePin', employeeId: 7, oldPin: '4821', reason: 'chosen' }, { step: 'actions', employeeId: 7, pin: '4821' }],
      [{ step: 'changePin', employeeId: 7, oldPin: '04817263', reason: 'expired' }, { step: 'grid' }],
      [{ step: 'done', receipt: { kind: 'clockOff', employeeName: 'Ada', at: '2026-03-10T12:00:00Z', entryId: 'e-1' } }, { step: 'grid' }],
    ];
    for (const [from, to] of cases) expect(stepBack(from), from.step).toEqual(to);
  });
});
