/**
 * Chooses the language (picked at the kiosk for this session, else the device's), the time zone
 * (the kiosk's, else the device's) and the way times are written (the business's locale: the
 * kiosk's preference, else derived from its zone; else the device's) for everything below; and
 * applies the kiosk's theme.
 */
import { useEffect, type ReactNode } from 'react';
import type { KioskDb } from '../../offline/db';
import { useKioskHeading } from '../runtime/useKioskData';
import { useUiStore } from '../state/uiStore';
import { formatLocaleFor, pickLocale } from './catalogue';
import { businessLocale } from '../../domain/businessLocale';
import { useKioskLook } from '../runtime/kioskLook';
import { useApplyTheme } from '../styles/useApplyTheme';
import { deviceZone, timeLocaleFor } from './formatters';
import { I18nProvider } from './I18nProvider';

export function LocaleRoot({ db, children }: { db: KioskDb; children: ReactNode }) {
  const chosen = useUiStore((s) => s.locale);
  const settings = useKioskHeading(db);
  const locale = chosen ?? pickLocale(navigator.languages);
  const zone = settings?.ianaTimeZone || deviceZone();
  const look = useKioskLook(db);
  useApplyTheme(look.theme);
  const business = businessLocale({ setting: look.locale, zone: settings?.ianaTimeZone ?? null, language: locale });
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <I18nProvider locale={locale} formatLocale={timeLocaleFor(locale, business, formatLocaleFor(locale, navigator.languages))} zone={zone}>
      {children}
    </I18nProvider>
  );
}
