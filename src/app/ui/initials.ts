/**
 * A person's initials for their avatar, by grapheme (Intl.Segmenter), never by UTF-16 unit: a
 * name that starts with an emoji or an accent written as two code points keeps its characters
 * whole instead of showing half a surrogate pair. Words that start with a letter or digit give
 * the initials (the first and the last such word); a name with none gives its first grapheme.
 */

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

function firstGrapheme(text: string): string {
  if (segmenter) {
    for (const { segment } of segmenter.segment(text)) return segment;
    return '';
  }
  return Array.from(text)[0] ?? '';
}

const STARTS_WITH_LETTER = /^[\p{L}\p{N}]/u;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const lettered = words.filter((word) => STARTS_WITH_LETTER.test(word));
  if (lettered.length === 0) return firstGrapheme(name.trim()) || '?';
  const first = firstGrapheme(lettered[0] ?? '');
  const last = lettered.length > 1 ? firstGrapheme(lettered.at(-1) ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}
