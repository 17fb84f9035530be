/**
 * How messages are declared: every feature defines its English messages and the Spanish
 * translation side by side; the type checker refuses a translation with a missing or extra key.
 * A message is a string with `{name}` placeholders, or plural forms chosen by `count`.
 */
export type PluralForms = { one?: string; other: string };
export type Message = string | PluralForms;

export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : PluralForms };

export function defineMessages<const T extends Record<string, Message>>(messages: { en: T; es: Translation<T> }) {
  return messages;
}
