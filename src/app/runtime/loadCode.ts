/**
 * Loading the app's code that is split out of the first screen (the kiosk's steps and runtime,
 * manager mode, set-up, the badge readers). On bad Wi-Fi, or on a tablet whose service worker has
 * not kept a copy yet, such a fetch can fail; a browser then rejects the import once and, if
 * nobody asks again, the kiosk stays on "One moment…" or goes blank. So each load is asked again
 * after waits that double, and only after the last one fails does the failure reach the screen
 * (the app's restart notice, AppCrashed.tsx). A failed import is not kept by the browser, so the
 * same address is fetched anew each time.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Waits before each further try: about half a minute in all, long enough for Wi-Fi to come back. */
export const CODE_RETRY_WAITS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000];

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `load()`, asked again after each of `waitsMs` while it fails; rejects with the last failure. */
export async function loadCode<T>(load: () => Promise<T>, waitsMs: readonly number[] = CODE_RETRY_WAITS_MS): Promise<T> {
  for (const wait of waitsMs) {
    try {
      return await load();
    } catch {
      await pause(wait);
    }
  }
  return load();
}

/** React.lazy over `loadCode`: a component whose code is fetched again while the fetch fails. */
// The same constraint as React.lazy's own signature (props of any shape).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyCode<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadCode(load));
}
