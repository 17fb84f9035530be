/**
 * The install step's checks, without React: which install instructions fit this browser (already
 * running as an app, iPad/iPhone Safari, a Chromium browser, or something else), and asking for
 * persistent storage so the browser does not evict the kiosk's data (unsent punches included).
 */

export type InstallPlatform = 'standalone' | 'ios' | 'chromium' | 'other';

export interface BrowserTraits {
  userAgent: string;
  maxTouchPoints: number;
  /** iOS Safari's own flag for a home-screen app. */
  iosStandalone: boolean;
  /** Whether a `(display-mode: ...)` media query matches. */
  displayMode: (mode: 'standalone' | 'fullscreen' | 'minimal-ui') => boolean;
}

export function browserTraits(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    iosStandalone: (navigator as Navigator & { standalone?: boolean }).standalone === true,
    displayMode: (mode) => typeof matchMedia === 'function' && matchMedia(`(display-mode: ${mode})`).matches,
  };
}

export function detectInstallPlatform(traits: BrowserTraits): InstallPlatform {
  if (traits.iosStandalone || traits.displayMode('standalone') || traits.displayMode('fullscreen') || traits.displayMode('minimal-ui')) {
    return 'standalone';
  }
  const ua = traits.userAgent;
  // iPadOS presents itself as a Mac; a Mac has no touch screen.
  if (/iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && traits.maxTouchPoints > 1)) return 'ios';
  if (/Chrome\/|Chromium\/|CriOS\/|Edg\//.test(ua)) return 'chromium';
  return 'other';
}

export type StorageAnswer = 'persistent' | 'best-effort' | 'unsupported';

type StorageLike = Pick<StorageManager, 'persist' | 'persisted'>;

/** Asks for persistent storage (granted silently or refused by the browser's own rules). */
export async function requestPersistentStorage(storage: Partial<StorageLike> | undefined = globalThis.navigator?.storage): Promise<StorageAnswer> {
  if (!storage?.persist) return 'unsupported';
  try {
    if (storage.persisted && (await storage.persisted())) return 'persistent';
    return (await storage.persist()) ? 'persistent' : 'best-effort';
  } catch {
    return 'best-effort';
  }
}
