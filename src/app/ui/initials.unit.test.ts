import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

/** No lone surrogate (half of an emoji or astral character) anywhere in the text. */
const wellFormed = (text: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('initialsOf', () => {
  it('takes the first and last words', () => {
    expect(initialsOf('Zoë Adams')).toBe('ZA');
    expect(initialsOf('  ben   de la  cruz ')).toBe('BC');
    expect(initialsOf('Mia')).toBe('M');
  });

  it('skips words that start with an emoji or a symbol, and never splits a surrogate pair', () => {
    expect(initialsOf('😀 Emma Stone')).toBe('ES');
    expect(initialsOf('😀Emma')).toBe('😀');
    expect(initialsOf('👩🏽‍🍳')).toBe('👩🏽‍🍳');
    for (const name of ['😀 Emma', '😀Emma', '🇪🇸 José', '𝒜lice Smith', '👩🏽‍🍳 Ana']) expect(wellFormed(initialsOf(name)), name).toBe(true);
  });

  it('keeps a letter and its combining marks together, in any script', () => {
    expect(initialsOf('E\u0301mile Zola')).toBe('E\u0301Z');
    expect(initialsOf('山田 太郎')).toBe('山太');
    expect(initialsOf('नमस्ते दुनिया')).toBe('नदु');
    expect(initialsOf('ศรี สมชาย')).toBe('ศส');
  });

  it('has something to show for an empty name', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('   ')).toBe('?');
  });
});
