/** The standing-secret pattern finds a PIN as a leak would show it and ignores chance digits in tokens. */
import { describe, expect, it } from 'vitest';
import { standing } from './standingSecret';

describe('standing', () => {
  it.each(['{"pin":"4821"}', 'PIN 4821 accepted', '4821', 'pin=4821&x=1', '[4821]'])('finds the PIN in %s', (text) => {
    expect(text).toMatch(standing('4821'));
  });
  it.each(['"id":"6c45accf-a092-4e27-b166-f27482100826"', '"nextAttemptAt":1795848210000', 'sealedPin":"lq2+4821/eDL==', 'abc4821='])('ignores the digits inside a token in %s', (text) => {
    expect(text).not.toMatch(standing('4821'));
  });
  it('escapes signs that mean something in a pattern', () => {
    expect('a key k.1 here').toMatch(standing('k.1'));
    expect('a key kx1 here').not.toMatch(standing('k.1'));
  });
});
