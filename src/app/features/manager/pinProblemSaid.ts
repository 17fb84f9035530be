/**
 * What a manager's PIN field says for a PIN the shared policy refuses: the form's own words for a
 * PIN of the wrong form, and the reason for one anyone could guess (1111, 1234, the employee number).
 */
import { isGuessablePinProblem, type PinProblem } from '../../../domain/pinPolicy';
import type { MessageKey } from '../../i18n/catalogue';
import { pinProblemKey } from '../../i18n/pinProblemKey';

export function pinProblemSaid(problem: PinProblem): MessageKey {
  return isGuessablePinProblem(problem) ? pinProblemKey(problem) : 'manager.staff.pinInvalid';
}
