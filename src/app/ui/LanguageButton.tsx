/** The language toggle of the top bars (kiosk and set-up): switches to the next language for this session. */
import { LOCALES, LOCALE_NAMES } from '../i18n/catalogue';
import { useI18n } from '../i18n/I18nProvider';
import { useUiStore } from '../state/uiStore';
import { Button } from './Button';
import { GlobeIcon } from './icons';

export function LanguageButton() {
  const { t, locale } = useI18n();
  const setLocale = useUiStore((s) => s.setLocale);
  const nextLocale = LOCALES[(LOCALES.indexOf(locale) + 1) % LOCALES.length] ?? 'en';
  return (
    <Button variant="onDark" icon={<GlobeIcon />} onClick={() => setLocale(nextLocale)} lang={nextLocale} aria-label={`${t('common.language')}: ${LOCALE_NAMES[nextLocale]}`}>
      {nextLocale.toUpperCase()}
    </Button>
  );
}
