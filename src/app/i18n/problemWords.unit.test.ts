/**
 * The app's one problem-code map answers every code there is: each code the service can answer
 * (the contract's ERROR_CODES) has words for a manager, each refusal of the kiosk's outbox
 * (ENQUEUE_ERROR_CODES) has words for the person, in every language, and no text is written twice.
 * The code lists are the ones the service and the kiosk are built from, so a new code fails here
 * until it has words.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/problem';
import { ENQUEUE_ERROR_CODES } from '../../offline/refusals';
import { LOCALES } from './catalogue';
import { problems } from './messages/problems';
import { PROBLEM_WORDS, problemWords, serviceSaysMore, type Reader, type Words } from './problemWords';
import { ALL_CATALOGUES } from './testing/allCatalogues';
import { createTranslator } from './translate';

const TIME = '14:05';

/** Every text a reader can be shown for a code, in every language, through the app's own translator. */
function textsFor(code: string, reader: Reader) {
  const plain = problemWords(code, reader);
  const timed = problemWords(code, reader, TIME);
  if (plain === null || timed === null) return null;
  return LOCALES.flatMap((locale) => {
    const t = createTranslator(locale);
    return [
      { locale, key: plain.key, text: t(plain.key, plain.values) },
      { locale, key: timed.key, text: t(timed.key, timed.values), timed: timed.key !== plain.key },
    ];
  });
}

describe('problem words', () => {
  const cases = [
    ...ERROR_CODES.map((code) => ({ code, reader: 'manager' as const })),
    ...ENQUEUE_ERROR_CODES.map((code) => ({ code, reader: 'person' as const })),
  ];

  it.each(cases)('has words for $code as the $reader reads it, in every language', ({ code, reader }) => {
    const texts = textsFor(code, reader);
    expect(texts, `no words for ${code}`).not.toBeNull();
    for (const { locale, key, text, timed } of texts ?? []) {
      // An unregistered key is shown as the key itself; the words load with the map.
      expect(text, `${locale} ${key}`).not.toBe(key);
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(text, `${locale} ${key} leaves a placeholder`).not.toMatch(/\{\w+\}/);
      if (timed) expect(text, `${locale} ${key}`).toContain(TIME);
    }
  });

  it('knows no code that neither the service nor the kiosk can answer', () => {
    const declared = new Set<string>([...ERROR_CODES, ...ENQUEUE_ERROR_CODES]);
    expect(Object.keys(PROBLEM_WORDS).filter((code) => !declared.has(code))).toEqual([]);
  });

  it('has no words for a code a reader cannot meet, and none for an unknown code', () => {
    const personCodes = new Set<string>(ENQUEUE_ERROR_CODES);
    const managerCodes = new Set<string>(ERROR_CODES);
    for (const code of Object.keys(PROBLEM_WORDS)) {
      expect(problemWords(code, 'person') !== null, `person ${code}`).toBe(personCodes.has(code));
      expect(problemWords(code, 'manager') !== null, `manager ${code}`).toBe(managerCodes.has(code));
    }
    expect(problemWords('a-code-from-a-newer-service', 'manager')).toBeNull();
    expect(problemWords('toString', 'manager')).toBeNull();
    expect(serviceSaysMore('toString')).toBe(false);
  });

  it('speaks to the person about themselves and to a manager about someone else', () => {
    const en = createTranslator('en');
    expect(en(problemWords('already-clocked-on', 'person').key)).toBe('You are already clocked on.');
    expect(en(problemWords('already-clocked-on', 'manager').key)).toBe('This person is already clocked on.');
  });

  it('takes every key it uses from the problems catalogue', () => {
    const own = new Set(Object.keys(problems.en));
    const keysOf = (words: Words | undefined): string[] => (words === undefined ? [] : typeof words === 'string' ? [words] : [words.later, words.at]);
    const used = Object.values(PROBLEM_WORDS).flatMap((entry: { person?: Words; manager?: Words }) => [...keysOf(entry.person), ...keysOf(entry.manager)]);
    expect(used.filter((key) => !own.has(key))).toEqual([]);
    // And the catalogue holds nothing the map does not use.
    expect([...own].filter((key) => !used.includes(key))).toEqual([]);
  });

  it.each(LOCALES)('writes no text twice in %s: no two keys of the app say the same words as a problem', (locale) => {
    const byText = new Map<string, string[]>();
    for (const { name, catalogue } of ALL_CATALOGUES) {
      for (const [key, message] of Object.entries(catalogue[locale])) {
        if (typeof message !== 'string') continue;
        byText.set(message, [...(byText.get(message) ?? []), `${name}:${key}`]);
      }
    }
    const problemTexts = new Set(Object.values(problems[locale]).filter((m): m is string => typeof m === 'string'));
    const twice = [...byText].filter(([text, keys]) => problemTexts.has(text) && keys.length > 1);
    expect(twice).toEqual([]);
  });
});
