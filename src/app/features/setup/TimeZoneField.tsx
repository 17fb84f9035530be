/**
 * Picks an IANA time zone without a 400-item select: the chosen zone with its current time, a
 * search box, and up to six big matching choices (suggestions such as the device's zone while
 * the box is empty). Enter in the box picks the best match instead of submitting the form.
 */
import { useId, useMemo, useState } from 'react';
import { formatLocaleFor } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { ChoiceGroup, type Choice } from '../../ui/ChoiceGroup';
import { SearchIcon } from '../../ui/icons';
import styles from './Setup.module.css';
import { searchTimeZones, supportedTimeZones, zoneOffset, zoneParts } from './timeZones';

const SHOWN = 6;

export interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  /** Shown while nothing is typed (e.g. the device's and the business's zones). */
  suggestions: readonly string[];
}

export function TimeZoneField({ value, onChange, suggestions }: TimeZoneFieldProps) {
  const { t, locale } = useI18n();
  // Times as the device writes them (en-GB 13:05, en-US 1:05 PM), like the rest of the app.
  const timeLocale = formatLocaleFor(locale, navigator.languages);
  const id = useId();
  const [query, setQuery] = useState('');
  const [now] = useState(() => new Date());
  const suggestionKey = suggestions.join(' ');
  const zones = useMemo(() => supportedTimeZones(suggestionKey.split(' ')), [suggestionKey]);
  const searching = query.trim() !== '';
  const found = useMemo(() => searchTimeZones(zones, query, SHOWN), [zones, query]);
  const shown = searching ? found.matches : [...new Set([value, ...suggestions])].filter((zone) => zones.includes(zone));

  const describe = (zone: string): Choice<string> => {
    const { city, region } = zoneParts(zone);
    const offset = zoneOffset(zone, timeLocale, now);
    return { value: zone, label: city, detail: [region, offset].filter(Boolean).join(' · ') };
  };
  const time = new Intl.DateTimeFormat(timeLocale, { timeZone: value, hour: 'numeric', minute: '2-digit' }).format(now);

  return (
    <div className={styles.zone} role="group" aria-labelledby={`${id}-label`}>
      <div className={styles.zoneHead}>
        <span id={`${id}-label`} className={styles.label}>
          {t('setup.zone.label')}
        </span>
        <span className={styles.zoneCurrent}>{t('setup.zone.selected', { zone: value, time, offset: zoneOffset(value, timeLocale, now) })}</span>
      </div>
      <div className={styles.search}>
        <span className={styles.searchIcon}>
          <SearchIcon />
        </span>
        <input
          className={styles.searchInput}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const best = found.matches[0];
            if (searching && best) onChange(best);
          }}
          placeholder={t('setup.zone.placeholder')}
          aria-label={t('setup.zone.search')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        {searching ? (
          <button type="button" className={styles.searchClear} onClick={() => setQuery('')} aria-label={t('setup.zone.clear')}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <span className="visually-hidden" role="status">
        {searching ? t('setup.zone.matching', { count: found.total }) : ''}
      </span>
      {shown.length === 0 ? (
        <p className={styles.hint}>{t('setup.zone.noMatch', { query: query.trim() })}</p>
      ) : (
        <div className={styles.zoneChoices}>
          <ChoiceGroup
            legend={searching ? t('setup.zone.matching', { count: found.total }) : t('setup.zone.suggested')}
            name={`${id}-zone`}
            choices={shown.map(describe)}
            selected={[value]}
            onChange={([zone]) => {
              if (zone) onChange(zone);
            }}
          />
        </div>
      )}
      {searching && found.total > found.matches.length ? <p className={styles.hint}>{t('setup.zone.more', { count: found.total - found.matches.length })}</p> : null}
    </div>
  );
}
