/**
 * HTTP load for the history benchmark: timed requests against the service process (loopback
 * only), retried once on a connection the server closed while idle, percentiles, and bounded
 * concurrent loops.
 */

export interface Timed {
  status: number;
  ms: number;
  bytes: number;
}

export interface Caller {
  baseUrl: string;
  authorization: string;
}

/** One request, timed from send to the last byte of the body. */
export async function timedRequest(caller: Caller, method: string, path: string, json?: unknown): Promise<Timed> {
  const init: RequestInit = {
    method,
    headers: { authorization: caller.authorization, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  };
  for (let attempt = 0; ; attempt += 1) {
    const started = performance.now();
    try {
      const response = await fetch(`${caller.baseUrl}${path}`, init);
      const body = await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started, bytes: body.byteLength };
    } catch (error) {
      // Node closes idle keep-alive sockets after 5 s; a request sent on one fails once.
      if (attempt >= 1) throw error;
    }
  }
}

/** A request that must succeed (the benchmark is wrong otherwise). */
export async function expectOk(caller: Caller, method: string, path: string, json?: unknown): Promise<Timed> {
  const result = await timedRequest(caller, method, path, json);
  if (result.status !== 200) throw new Error(`${method} ${path} answered ${result.status}`);
  return result;
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export interface Summary {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

export function summarise(samples: readonly number[]): Summary {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples), count: samples.length };
}

/** Runs `count` timed calls one after another and summarises their latency. */
export async function sample(count: number, call: (index: number) => Promise<Timed>): Promise<Summary & { bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i += 1) {
    const result = await call(i);
    samples.push(result.ms);
    bytes = result.bytes;
  }
  return { ...summarise(samples), bytes };
}

/**
 * `loops` concurrent loops calling `call` until `stop()` answers true (checked between calls, so
 * each loop ends after its current request); answers how many calls completed.
 */
export async function loopUntil(loops: number, stop: () => boolean, call: (loop: number, index: number) => Promise<unknown>): Promise<number> {
  let done = 0;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let index = 0; !stop(); index += 1) {
        await call(loop, index);
        done += 1;
      }
    }),
  );
  return done;
}
