/**
 * Holds the kiosk page's own API requests while a new app version takes over. Chromium swaps
 * versions only once the running one has stopped; a request from the page that reaches it while it
 * stops starts it again, and the swap then waits until that worker has been idle for 30 s (with
 * DevTools attached, as in the browser tests, until Chromium's five-minute limit). The page asks
 * only at rest and reloads once the new version controls it, so its sync, refresh and health
 * requests can wait that long (the outbox keeps what a person does meanwhile); the hold ends by
 * itself after a bound, whatever happens.
 */

/** The longest the page's requests wait for a version switch (it takes 1-3 s when undisturbed). */
export const REQUEST_HOLD_MAX_MS = 60_000;

let hold: Promise<void> | null = null;

/** Holds requests until `done` settles or `maxMs` has passed, whichever comes first. */
export function holdRequestsUntil(done: Promise<unknown>, maxMs = REQUEST_HOLD_MAX_MS): void {
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    const finish = () => {
      clearTimeout(timer);
      resolve();
    };
    done.then(finish, finish);
  });
  const current = ended.then(() => {
    if (hold === current) hold = null;
  });
  hold = current;
}

/** Resolves when the page's requests may go: at once, unless a hold is on. */
export function requestsMayGo(): Promise<void> {
  return hold ?? Promise.resolve();
}
