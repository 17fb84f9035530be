/** The receipt's short code of a Journal-Entry header, and headers it refuses. */
import { describe, expect, it } from 'vitest';
import { journalCodeOf } from './journalCodes';

describe('journalCodeOf', () => {
  it('is the entry number and the first eight hex digits, upper case', () => {
    expect(journalCodeOf(`57:3fa9c01b${'0'.repeat(56)}`)).toBe('57-3FA9C01B');
  });
  it('refuses a missing or malformed header', () => {
    expect(journalCodeOf(null)).toBeNull();
    expect(journalCodeOf('57:3fa9')).toBeNull();
    expect(journalCodeOf(`x:${'a'.repeat(64)}`)).toBeNull();
  });
});
