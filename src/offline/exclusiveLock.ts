/**
 * One holder at a time for a named job across every tab and the service worker of the origin
 * (Web Locks API). Where Web Locks are missing (Node under test, old browsers) a promise chain
 * gives the same guarantee within one JavaScript context.
 */
const chains = new Map<string, Promise<unknown>>();

/** The part of the Web Locks API the kiosk uses (lib.dom's LockManager is not in every project's types). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
  query(): Promise<{ held?: Array<{ name?: string }> }>;
}

/** The origin's Web Locks; null where they are missing (Node under test, old browsers). */
export function webLocks(): LockManagerLike | null {
  const candidate = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return candidate && typeof candidate.request === 'function' ? candidate : null;
}

/** Runs `job` while holding the named lock; waits for the current holder first. */
export function withExclusiveLock<T>(name: string, job: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(name, job);
  const previous = chains.get(name) ?? Promise.resolve();
  const run = previous.then(job, job);
  chains.set(name, run.catch(() => undefined));
  return run;
}
