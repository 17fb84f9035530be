/**
 * Chooses the language (picked at the kiosk for this session, else the device's) and the time
 * zone (the kiosk's, else the device's) for everything below.
 */
import { useEffect, type ReactNode } from 'react';
import type { KioskDb } from '../../offline/db';
import { useKioskSettings } from '../runtime/useKioskData';
import { useUiStore } from '../state/uiStore';
import { formatLocaleFor, pickLocale } from './catalogue';
import { deviceZone } from './formatters';
import { I18nProvider } from './I18nProvider';

export function LocaleRoot({ db, children }: { db: KioskDb; children: ReactNode }) {
  const chosen = useUiStore((s) => s.locale);
  const settings = useKioskSettings(db);
  const locale = chosen ?? pickLocale(navigator.languages);
  const zone = settings?.ianaTimeZone || deviceZone();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <I18nProvider locale={locale} formatLocale={formatLocaleFor(locale, navigator.languages)} zone={zone}>
      {children}
    </I18nProvider>
  );
}
