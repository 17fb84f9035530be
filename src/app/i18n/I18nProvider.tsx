/**
 * Makes the translator and formatters of the current language and kiosk zone available to every
 * component (useI18n).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from './catalogue';
import { createFormatters, type Formatters } from './formatters';
import { createTranslator, type Translate } from './translate';

export interface I18n {
  locale: Locale;
  t: Translate;
  format: Formatters;
}

const I18nContext = createContext<I18n | null>(null);

/**
 * `formatLocale` is the regional variant used for dates and times (en-GB writes 13:05, en-US
 * 1:05 PM); messages come from the base language's catalogue.
 */
export function I18nProvider({ locale, formatLocale, zone, children }: { locale: Locale; formatLocale: string; zone: string; children: ReactNode }) {
  const value = useMemo(() => {
    const t = createTranslator(locale);
    return { locale, t, format: createFormatters(formatLocale, zone, t) };
  }, [locale, formatLocale, zone]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
