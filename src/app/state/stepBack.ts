/**
 * Where the browser's Back (or a history gesture) takes the employee flow: one step back within
 * it, or nowhere; never out of the app. A step that holds something unfinished goes back to where
 * it was chosen (a clock-on's options or photo, a clock-off's questions, to the person's actions), so nothing recorded is
 * lost: punches are recorded only by their own buttons, and a receipt's punch is already queued.
 */
import type { KioskStep } from './uiStore';

export function stepBack(flow: KioskStep): KioskStep {
  switch (flow.step) {
    case 'grid':
      return flow;
    case 'number':
    case 'scan':
    case 'pin':
    case 'actions':
    case 'done':
      return { step: 'grid' };
    case 'forgotPin':
      return { step: 'pin', employeeId: flow.employeeId };
    case 'options':
    case 'attest':
    case 'photo':
    case 'note':
    case 'myHours':
      return { step: 'actions', employeeId: flow.employeeId, pin: flow.pin };
    case 'changePin':
      // A forced change (after a reset code) has no actions to go back to until it is done.
      return flow.reason === 'chosen' ? { step: 'actions', employeeId: flow.employeeId, pin: flow.oldPin } : { step: 'grid' };
  }
}
