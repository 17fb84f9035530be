/** The app's words for each reason the PIN policy refuses a PIN (domain/pinPolicy.ts), kiosk and manager alike. */
import type { PinProblem } from '../../domain/pinPolicy';
import type { MessageKey } from './catalogue';

export function pinProblemKey(problem: PinProblem): MessageKey {
  return `pin.problem.${problem}`;
}
