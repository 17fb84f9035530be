/**
 * Bulk reads must not starve punches. The service is one event loop: every list page is a burst
 * of CPU (rows to models to JSON), and a punch waits behind whatever bursts are queued at each of
 * its database round trips. So at most LIST_CONCURRENCY list requests run at once (the others wait
 * their turn, in order), at most LIST_QUEUE_MAX wait (more get 429 with Retry-After), and the
 * work inside a page is cut into slices that let waiting punches through between them.
 */
import type { Env } from '../env';
import { ApiError } from '../errors/apiError';

class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    private readonly limit: number,
    private readonly queueMax: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queueMax) {
        throw new ApiError(429, 'lists-busy', 'Too many list requests at once.', {
          detail: 'The service is answering as many list requests as it allows; try again shortly.',
          headers: { 'retry-after': '1' },
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** One gate per service (its settings object), shared by all its list routes. */
const gates = new WeakMap<Env, Gate>();

/** Runs a list request's work when the service's list gate lets it (see the header). */
export function throughListGate<T>(settings: Env, work: () => Promise<T>): Promise<T> {
  let gate = gates.get(settings);
  if (!gate) {
    gate = new Gate(settings.LIST_CONCURRENCY, settings.LIST_QUEUE_MAX);
    gates.set(settings, gate);
  }
  return gate.run(work);
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items.map(fn)`, yielding to the event loop after every `slice` items. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R, slice = 100): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await yieldToEventLoop();
    for (const item of items.slice(start, start + slice)) out.push(fn(item));
  }
  return out;
}
