import { describe, expect, it } from 'vitest';
import { BadgeWedge, WEDGE_GAP_MS } from './badgeWedge';

const TOKEN = 'KCB1ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Feeds keys `gap` ms apart; the verdicts. */
function type(wedge: BadgeWedge, keys: string[], gap: number, start = 1000) {
  return keys.map((key, i) => wedge.key(key, start + i * gap));
}

describe('the keyboard-wedge scanner detector', () => {
  it('reads a fast burst ending in Enter as a scan, keeping its keys from the screen from the fourth on', () => {
    const verdicts = type(new BadgeWedge(), [...TOKEN, 'Enter'], 5);
    expect(verdicts.slice(0, 3).map((v) => v.kind)).toEqual(['pass', 'pass', 'pass']);
    expect(verdicts.slice(3, -1).every((v) => v.kind === 'swallow')).toBe(true);
    expect(verdicts.at(-1)).toEqual({ kind: 'scan', token: TOKEN });
  });

  it('accepts a scanner that sends lower case (Caps Lock)', () => {
    expect(type(new BadgeWedge(), [...TOKEN.toLowerCase(), 'Enter'], 5).at(-1)).toEqual({ kind: 'scan', token: TOKEN });
  });

  it('leaves a person typing the same characters alone', () => {
    const verdicts = type(new BadgeWedge(), [...TOKEN, 'Enter'], WEDGE_GAP_MS + 60);
    expect(verdicts.every((v) => v.kind === 'pass')).toBe(true);
  });

  it('leaves fast typing of anything else alone (digits on the PIN pad, other words)', () => {
    expect(type(new BadgeWedge(), [...'1234', 'Enter'], 5).every((v) => v.kind === 'pass')).toBe(true);
    expect(type(new BadgeWedge(), [...'KCAT', 'Enter'], 5).every((v) => v.kind === 'pass')).toBe(true);
  });

  it('keeps a misread or cut-off scan from the screen and delivers no token', () => {
    const misread = type(new BadgeWedge(), [...'KCB1ABC!DEF', 'Enter'], 5);
    expect(misread.slice(3, -1).every((v) => v.kind === 'swallow')).toBe(true);
    expect(misread.at(-1)).toEqual({ kind: 'scan', token: null });
    const short = type(new BadgeWedge(), [...'KCB1ABCD', 'Enter'], 5);
    expect(short.at(-1)).toEqual({ kind: 'scan', token: null });
  });

  it('starts again after a pause: a slow key ends the burst', () => {
    const wedge = new BadgeWedge();
    type(wedge, [...'KCB1AB'], 5, 0);
    expect(wedge.key('C', 500)).toEqual({ kind: 'pass' });
    expect(type(wedge, [...TOKEN, 'Enter'], 5, 1000).at(-1)).toEqual({ kind: 'scan', token: TOKEN });
  });
});
