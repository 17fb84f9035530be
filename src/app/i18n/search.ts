/** Text as searches compare it: lower case, accents removed, so "jose" finds "José". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
}
