/**
 * Reading a badge token out of a Web NFC reading: a text record (what the badge sheet writes), a
 * URL record ending in the token (other tools), and everything else a tag may carry refused.
 */
import { describe, expect, it } from 'vitest';
import { badgeTokenOfReading } from './webNfc';

const TOKEN = 'KCB1' + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const bytes = (text: string) => new DataView(new TextEncoder().encode(text).buffer);
const reading = (...records: Array<Record<string, unknown>>) => ({ serialNumber: '04:a2', message: { records } });

describe('badgeTokenOfReading', () => {
  it('reads the token of a text record, forgiving white space and case', () => {
    expect(badgeTokenOfReading(reading({ recordType: 'text', encoding: 'utf-8', lang: 'en', data: bytes(TOKEN) }))).toBe(TOKEN);
    expect(badgeTokenOfReading(reading({ recordType: 'text', encoding: 'utf-8', data: bytes(` ${TOKEN.toLowerCase()}\n`) }))).toBe(TOKEN);
  });

  it('reads a URL record only when its last path segment or fragment is the whole token', () => {
    expect(badgeTokenOfReading(reading({ recordType: 'url', data: bytes(`https://badges.example.org/b/${TOKEN}`) }))).toBe(TOKEN);
    expect(badgeTokenOfReading(reading({ recordType: 'absolute-url', data: bytes(`https://example.org/#${TOKEN}`) }))).toBe(TOKEN);
    expect(badgeTokenOfReading(reading({ recordType: 'url', data: bytes(`https://example.org/?t=${TOKEN}`) }))).toBeNull();
    expect(badgeTokenOfReading(reading({ recordType: 'url', data: bytes(`https://example.org/${TOKEN}x`) }))).toBeNull();
    expect(badgeTokenOfReading(reading({ recordType: 'url', data: bytes(TOKEN) }))).toBeNull();
  });

  it('takes the first record that carries a token, skipping the others', () => {
    const other = { recordType: 'mime', mediaType: 'text/plain', data: bytes(TOKEN) };
    expect(badgeTokenOfReading(reading(other, { recordType: 'text', data: bytes('hello') }, { recordType: 'text', data: bytes(TOKEN) }))).toBe(TOKEN);
    expect(badgeTokenOfReading(reading(other))).toBeNull();
  });

  it('refuses what is not a reading, text that is not a token, bad encodings and oversized records', () => {
    for (const event of [null, 'KCB1', {}, { message: {} }, { message: { records: 'x' } }, reading({ recordType: 'text' })]) {
      expect(badgeTokenOfReading(event)).toBeNull();
    }
    expect(badgeTokenOfReading(reading({ recordType: 'text', data: bytes('KCB1' + 'A'.repeat(31)) }))).toBeNull();
    expect(badgeTokenOfReading(reading({ recordType: 'text', data: new DataView(new Uint8Array([0xff, 0xfe, 0xfd]).buffer) }))).toBeNull();
    expect(badgeTokenOfReading(reading({ recordType: 'text', data: bytes(TOKEN + ' '.repeat(4096)) }))).toBeNull();
    expect(badgeTokenOfReading(reading({ recordType: 'text', encoding: 'not-an-encoding', data: bytes(TOKEN) }))).toBeNull();
  });
});
