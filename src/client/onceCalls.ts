/**
 * Mutations that must take effect once although an answer can be lost (manager fixes: clock
 * someone off, discard, add a missed shift...). One Idempotency-Key per intended change, i.e. an
 * operation and its input compared as RFC 8785 canonical JSON. Every attempt carries that key
 * until the service has given a definite answer: the automatic retries after a network failure,
 * a timeout or a retryable status, and the user trying the same change again later. The service
 * therefore applies it once and replays its stored answer to the later attempts. A definite answer
 * (success, or a refusal that retrying cannot change) retires the key, so doing the same thing
 * again afterwards is a new change.
 */
import canonicalize from 'canonicalize';
import { isApiClientError, isRetryable } from './errors';
import type { MutationOptions } from './transport';
import { uuid } from './uuid';

export interface OnceCallsOptions {
  /** Pauses before each automatic retry; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
  /** How many changes with an unknown outcome are remembered (the oldest is forgotten first). */
  maxPending?: number;
  newKey?: () => string;
  sleep?: (ms: number) => Promise<void>;
}

/** Sends one intended change; `send` must pass the options (with the key) to the client call. */
export type OnceCall = <T>(operation: string, input: unknown, send: (options: MutationOptions) => Promise<T>) => Promise<T>;

export const DEFAULT_RETRY_DELAYS_MS = [500, 2_000] as const;

/** True when the failure leaves the outcome unknown or worth retrying, so the key must be kept. */
function outcomeOpen(error: unknown): boolean {
  return !isApiClientError(error) || isRetryable(error);
}

export function createOnceCalls(options: OnceCallsOptions = {}): OnceCall {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const maxPending = options.maxPending ?? 50;
  const newKey = options.newKey ?? uuid;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const pending = new Map<string, string>();

  const keyFor = (intent: string): string => {
    const known = pending.get(intent);
    if (known !== undefined) return known;
    const key = newKey();
    pending.set(intent, key);
    while (pending.size > maxPending) pending.delete(pending.keys().next().value ?? '');
    return key;
  };

  return async (operation, input, send) => {
    const intent = `${operation} ${canonicalize(input ?? null) ?? 'null'}`;
    const idempotencyKey = keyFor(intent);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await send({ idempotencyKey });
        pending.delete(intent);
        return answer;
      } catch (error) {
        if (!outcomeOpen(error)) pending.delete(intent);
        const delay = delays[attempt];
        if (delay === undefined || !isApiClientError(error) || !isRetryable(error)) throw error;
        await sleep(delay);
      }
    }
  };
}
