/**
 * PINs for the people a browser test adds: ones the service and the kiosk accept, by the domain's
 * own rule (src/domain/pinPolicy.ts), so a test never trips over a PIN the rule calls guessable
 * (9-0-1-2 counts as a sequence, for one). Four different digits from 5000 up, so a PIN is never
 * the new person's employee number either (the shared service never reaches that many people).
 */
import { randomInt } from 'node:crypto';
import { pinProblemCode } from '../../src/domain/pinPolicy';

/** A PIN nobody could guess, different from any given. */
export function goodPin(...not: readonly string[]): string {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const digits = [5 + randomInt(5), ...Array.from({ length: 3 }, () => randomInt(10))];
    const pin = digits.join('');
    if (new Set(digits).size === 4 && pinProblemCode(pin) === null && !not.includes(pin)) return pin;
  }
  throw new Error('no acceptable PIN found in 1,000 tries');
}
