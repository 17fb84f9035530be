/**
 * Telling a keyboard-wedge badge scanner from a person at a keyboard. A scanner "types" the whole
 * token, a few milliseconds per key, and ends with Enter; nobody types `KCB1` with the Shift key
 * that fast. So a burst starting `KCB1`, each key within WEDGE_GAP_MS of the one before, is a scan:
 * from its fourth key on, its keys are kept from the screen (a scan into the PIN pad must not
 * enter or submit digits), and its Enter delivers the token. A slower key ends the burst and is
 * an ordinary key again. Pure: the caller passes each key with its event time.
 */
import { BADGE_TOKEN_LENGTH, BADGE_TOKEN_PREFIX, readBadgeToken } from '../../../domain/badges';

/** Scanners send a key every 1 to 20 ms; people, with Shift held for capitals, far slower. */
export const WEDGE_GAP_MS = 40;

const PREFIX_OK = /^(K(C(B(1[A-Z2-7]*)?)?)?)?$/;

export type WedgeVerdict =
  /** Not part of a scan: the key goes where it was going. */
  | { kind: 'pass' }
  /** Part of a scan: keep it from the screen. */
  | { kind: 'swallow' }
  /** A scan ended with Enter: the token (null when it was not a whole token). */
  | { kind: 'scan'; token: string | null };

export class BadgeWedge {
  private buffer = '';
  private lastAt = -Infinity;

  /** One key (`KeyboardEvent.key`) at `at` ms (`event.timeStamp`). Modifier keys are ignored. */
  key(key: string, at: number): WedgeVerdict {
    const fast = at - this.lastAt <= WEDGE_GAP_MS;
    if (key === 'Enter') {
      const scanning = fast && this.buffer.length >= BADGE_TOKEN_PREFIX.length;
      const token = scanning ? readBadgeToken(this.buffer) : null;
      this.reset();
      return scanning ? { kind: 'scan', token } : { kind: 'pass' };
    }
    if (key.length !== 1) return { kind: 'pass' };
    this.lastAt = at;
    const next = (fast ? this.buffer : '') + key.toUpperCase();
    if (!PREFIX_OK.test(next) || next.length > BADGE_TOKEN_LENGTH) {
      // A scan that went wrong (a misread) keeps being kept from the screen until it ends.
      const wasScanning = fast && this.buffer.length >= BADGE_TOKEN_PREFIX.length;
      this.buffer = wasScanning ? `${this.buffer}?` : key.toUpperCase() === 'K' ? 'K' : '';
      return wasScanning ? { kind: 'swallow' } : { kind: 'pass' };
    }
    this.buffer = next;
    return next.length >= BADGE_TOKEN_PREFIX.length ? { kind: 'swallow' } : { kind: 'pass' };
  }

  reset(): void {
    this.buffer = '';
    this.lastAt = -Infinity;
  }
}
