/**
 * How long to wait before retrying an entry: capped exponential backoff with "equal" jitter (half
 * fixed, half random, so retries spread out but never fire at once), never
 * sooner than the service's Retry-After.
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffDelayMs(
  failures: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  const jittered = Math.round(exponential / 2 + random() * (exponential / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}
