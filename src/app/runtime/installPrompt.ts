/**
 * Catches Chromium's `beforeinstallprompt` event as early as possible (main.tsx imports this module
 * before React renders; the event can fire before any component exists) and keeps it, so the
 * set-up flow can offer its own "Install" button later. Also notes `appinstalled`. No React here:
 * components read it through subscribeInstallPrompt/getInstallPromptState (useSyncExternalStore).
 */

/** Chromium's event (not in the DOM typings): `prompt()` shows the browser's install dialog once. */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms: readonly string[];
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
  prompt(): Promise<void>;
}

export interface InstallPromptState {
  /** The browser offered installation and the offer has not been used yet. */
  canPrompt: boolean;
  /** The app was installed while this page was open. */
  installed: boolean;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallPromptState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();

function update(next: Partial<InstallPromptState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function isInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return typeof (event as Partial<BeforeInstallPromptEvent>).prompt === 'function';
}

/** Starts listening on `target` (done once for the page when this module loads). Returns a stop function. */
export function captureInstallPrompt(target: Window): () => void {
  const onPrompt = (event: Event) => {
    if (!isInstallPromptEvent(event)) return;
    // Keeps the browser's own mini-infobar away: the set-up flow offers installation itself.
    event.preventDefault();
    deferred = event;
    update({ canPrompt: true });
  };
  const onInstalled = () => {
    deferred = null;
    update({ canPrompt: false, installed: true });
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** The current state; the same object until something changes (as useSyncExternalStore needs). */
export function getInstallPromptState(): InstallPromptState {
  return state;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog (the kept event can be used once). */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  update({ canPrompt: false });
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') update({ installed: true });
  return choice.outcome;
}

if (typeof window !== 'undefined') captureInstallPrompt(window);
