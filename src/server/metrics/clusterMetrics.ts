/**
 * /metrics for a whole node:cluster: a scrape reaches one worker, which asks the primary over IPC;
 * the primary collects the registry of every worker that has finished starting and adds them up
 * with prom-client's AggregatorRegistry.aggregate: sums for counters, histograms and pool
 * connections, the largest value for the backlogs (every worker reads them from the one
 * database). So one scrape describes the service, whichever process answered it; per-process
 * figures are not labelled. A worker that does not answer in time fails the scrape (503) rather
 * than making the cluster's counters appear to drop.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

type ScrapeRequest = { kind: 'metrics-request'; id: number };
type ScrapeAnswer = { kind: 'metrics-answer'; id: number; text?: string; error?: string };
type CollectRequest = { kind: 'metrics-collect'; id: number };
/** One worker's figures as prom-client's getMetricsAsJSON gives them, or why it has none. */
type WorkerFigures = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
type CollectAnswer = { kind: 'metrics-collected'; id: number; metrics?: WorkerFigures; error?: string };

/** How long the primary waits for every worker's figures. */
const COLLECT_TIMEOUT_MS = 4_000;
/** How long a worker waits for the primary's answer. */
const ANSWER_TIMEOUT_MS = 6_000;

function isMessage<T extends { kind: string }>(message: unknown, kind: T['kind']): message is T {
  return typeof message === 'object' && message !== null && (message as { kind?: unknown }).kind === kind;
}

/** In the primary: answers each worker's scrape with every started worker's metrics added up. */
export function serveClusterMetrics(): void {
  // Workers say 'ready' once started (main.ts); only they are asked.
  const started = new Set<Worker>();
  const collecting = new Map<number, (worker: Worker, answer: CollectAnswer) => void>();
  let nextId = 0;

  const collect = () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const asked = [...started].filter((worker) => worker.isConnected());
      const answers = new Map<Worker, WorkerFigures>();
      const timer = setTimeout(() => {
        collecting.delete(id);
        reject(new Error(`${asked.length - answers.size} of ${asked.length} service processes did not report their metrics in time`));
      }, COLLECT_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        collecting.delete(id);
        AggregatorRegistry.aggregate([...answers.values()]).metrics().then(resolve, reject);
      };
      collecting.set(id, (worker, answer) => {
        if (!answer.metrics) {
          clearTimeout(timer);
          collecting.delete(id);
          reject(new Error(answer.error ?? 'a service process sent no metrics'));
          return;
        }
        answers.set(worker, answer.metrics);
        if (answers.size === asked.length) finish();
      });
      for (const worker of asked) worker.send({ kind: 'metrics-collect', id } satisfies CollectRequest);
      if (asked.length === 0) finish();
    });

  cluster.on('exit', (worker) => started.delete(worker));
  cluster.on('message', (worker, message: unknown) => {
    if (isMessage<{ kind: 'ready' }>(message, 'ready')) started.add(worker);
    else if (isMessage<CollectAnswer>(message, 'metrics-collected')) collecting.get(message.id)?.(worker, message);
    else if (isMessage<ScrapeRequest>(message, 'metrics-request')) {
      const reply = (answer: Omit<ScrapeAnswer, 'kind' | 'id'>) => {
        if (worker.isConnected()) worker.send({ kind: 'metrics-answer', id: message.id, ...answer } satisfies ScrapeAnswer);
      };
      collect().then(
        (text) => reply({ text }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
}

/**
 * In a worker: reports this process's registry when the primary collects, and returns the scrape
 * function /metrics uses, which asks the primary for the whole cluster's figures.
 */
export function clusterScrape(registry: Registry): () => Promise<string> {
  const waiting = new Map<number, (answer: ScrapeAnswer) => void>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (isMessage<ScrapeAnswer>(message, 'metrics-answer')) waiting.get(message.id)?.(message);
    else if (isMessage<CollectRequest>(message, 'metrics-collect')) {
      const send = (answer: Omit<CollectAnswer, 'kind' | 'id'>) => process.send?.({ kind: 'metrics-collected', id: message.id, ...answer } satisfies CollectAnswer);
      registry.getMetricsAsJSON().then(
        (metrics) => send({ metrics }),
        (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not answer the metrics request'));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(answer.error ?? 'no metrics'));
      });
      process.send?.({ kind: 'metrics-request', id } satisfies ScrapeRequest);
    });
}
