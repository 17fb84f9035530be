/**
 * Applies the kiosk's theme to the page: 'system' follows the tablet's light/dark setting
 * (prefers-color-scheme, live), 'light' or 'dark' fixes it. Sets data-theme on <html>, which the
 * tokens in global.css read (the header keeps its colour in both, so theme-color stays).
 */
import { useEffect, useState } from 'react';
import type { KioskTheme } from '../runtime/kioskLook';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme shown for a preference and the tablet's own setting. */
export function resolveTheme(preference: KioskTheme, tabletPrefersDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return tabletPrefersDark ? 'dark' : 'light';
  return preference;
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function useApplyTheme(preference: KioskTheme): 'light' | 'dark' {
  const [dark, setDark] = useState(prefersDark);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => setDark(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  const theme = resolveTheme(preference, dark);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
