/**
 * How the outbox senders (mail, web hooks) word a failed attempt in `last_error`: one short line,
 * control characters removed, and the same phrase when a row is given up.
 */

/** The longest `last_error` written. */
export const MAX_ERROR_LENGTH = 200;

/** One line of at most MAX_ERROR_LENGTH characters, control characters removed. */
export function clip(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
}

/** The reason of a row given up after `attempts` attempts. */
export function gaveUp(attempts: number, reason: string): string {
  return `gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`;
}
