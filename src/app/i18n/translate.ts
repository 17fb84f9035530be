/**
 * Turning a message key into text: `{name}` placeholders are filled from `values`, and plural
 * messages pick their form with Intl.PluralRules on `values.count`.
 */
import { CATALOGUES, type Locale, type MessageKey } from './catalogue';

export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export function createTranslator(locale: Locale): Translate {
  const catalogue = CATALOGUES[locale];
  const plurals = new Intl.PluralRules(locale);
  return (key, values = {}) => {
    const message = catalogue[key];
    let text: string;
    if (message === undefined) {
      // A feature's texts are registered when its code loads; seeing the key means it was not.
      text = key;
    } else if (typeof message === 'string') {
      text = message;
    } else {
      const count = typeof values.count === 'number' ? values.count : Number(values.count ?? 0);
      const form = plurals.select(count);
      text = (form === 'one' ? message.one : undefined) ?? message.other;
    }
    return text.replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = values[name];
      return value === undefined ? match : String(value);
    });
  };
}
