/**
 * Whether the service answers, as this kiosk has seen it: the only honest "online". The browser's
 * `navigator.onLine` says a network interface is up, not that the service answers; shop Wi-Fi that
 * accepts connections and never replies keeps it true. Every exchange of the device's client
 * reports here (an answer of any status: reachable; a network failure or a timeout: not), and so
 * does a screen that gave up waiting for an answer. While the service is unreachable, screens do
 * not wait on it at all (what the tablet holds decides) and a background probe, not a person at
 * the keypad, finds out when it answers again.
 */
import { isApiClientError } from '../client/clientError';

/** How long a screen waits for the service before what the tablet holds decides. */
export const INTERACTIVE_BUDGET_MS = 1_200;
/** How long a step with nothing on the tablet to decide from waits on a slow service (a person without a verifier, choices never loaded). */
export const SLOW_ANSWER_WAIT_MS = 5_000;
/** How often an unreachable service is probed. */
export const PROBE_INTERVAL_MS = 10_000;
/** An answer older than this no longer counts as "the service answered recently". */
export const ANSWER_FRESH_MS = 3 * 60_000;

export type ReachabilityState = 'unknown' | 'reachable' | 'unreachable';

export interface ReachabilitySnapshot {
  state: ReachabilityState;
  /** Device time of the service's last answer, if any. */
  lastAnswerAt: number | null;
}

export interface Reachability {
  snapshot: () => ReachabilitySnapshot;
  /** True when screens should not wait on the service (it did not answer last time). */
  unreachable: () => boolean;
  answered: () => void;
  failed: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createReachability(now: () => number = Date.now): Reachability {
  let snapshot: ReachabilitySnapshot = { state: 'unknown', lastAnswerAt: null };
  const listeners = new Set<() => void>();
  const set = (next: ReachabilitySnapshot) => {
    if (next.state === snapshot.state && next.lastAnswerAt === snapshot.lastAnswerAt) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    snapshot: () => {
      // A reachable service that has said nothing for a long while is no longer known to answer.
      if (snapshot.state === 'reachable' && snapshot.lastAnswerAt !== null && now() - snapshot.lastAnswerAt > ANSWER_FRESH_MS) {
        return { ...snapshot, state: 'unknown' };
      }
      return snapshot;
    },
    unreachable: () => snapshot.state === 'unreachable',
    answered: () => set({ state: 'reachable', lastAnswerAt: now() }),
    failed: () => set({ ...snapshot, state: 'unreachable' }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const isNetworkFailure = (error: unknown) => isApiClientError(error) && error.kind === 'network';

/** The answer when it comes within `ms`, else 'late' (the call runs on). Rejects as the call does. */
async function within<T>(pending: Promise<T>, ms: number): Promise<{ value: T } | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([pending.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

export type Asked<T> = { answered: true; value: T } | { answered: false; pending: Promise<T> | null };

/**
 * Asks the service for something a screen waits on, within the interactive budget. Answers the
 * value when it came in time; otherwise `answered: false` with the still-running call (null when
 * the service was not asked, being unreachable, or the call already failed on the network), so the
 * caller decides from what the tablet holds and may reconcile when the answer arrives. Errors the
 * service answered with (4xx, 5xx) are thrown as they are.
 */
export async function askWithinBudget<T>(reachability: Reachability, call: () => Promise<T>, budgetMs = INTERACTIVE_BUDGET_MS): Promise<Asked<T>> {
  if (reachability.unreachable()) return { answered: false, pending: null };
  const pending = call();
  try {
    const first = await within(pending, budgetMs);
    if (first !== 'late') return { answered: true, value: first.value };
    reachability.failed();
    return { answered: false, pending };
  } catch (error) {
    if (isNetworkFailure(error)) return { answered: false, pending: null };
    throw error;
  }
}

/** Waits for an answer at most `ms`; null when it did not come (or failed on the network) by then. */
export async function answerWithin<T>(pending: Promise<T>, ms: number): Promise<{ value: T } | null> {
  try {
    const first = await within(pending, ms);
    return first === 'late' ? null : first;
  } catch (error) {
    if (isNetworkFailure(error)) return null;
    throw error;
  }
}
