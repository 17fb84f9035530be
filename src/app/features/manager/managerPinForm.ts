/**
 * The manager PIN form's own check, without React: the domain's rule (6 to 8 digits) and the two
 * entries agreeing, as catalogue messages per field, before anything is sent.
 */
import { managerPinProblem } from '../../../domain/managerPin';
import type { MessageKey } from '../../i18n/catalogue';

export interface ManagerPinPairProblems {
  pin?: MessageKey;
  again?: MessageKey;
}

/** What is wrong with the two typed PINs, or null when they can be sent. */
export function checkManagerPinPair(pin: string, again: string): ManagerPinPairProblems | null {
  const problem = managerPinProblem(pin);
  if (problem) return { pin: problem === 'digits-only' ? 'managerPin.problem.digits' : 'managerPin.problem.length' };
  if (pin !== again) return { again: 'managerPin.problem.mismatch' };
  return null;
}
