/**
 * Prometheus metrics (prom-client) behind METRICS=1, for the operator's scraper: request rate and
 * latency by route template, punches by kind, the mail outbox and web hook delivery backlogs, the
 * PostgreSQL pool, and Node's default process metrics. A request costs one histogram observation
 * (and one counter step when it is a new punch); the backlogs and the pool are read only when
 * /metrics is scraped, one cheap query per backlog. Under node:cluster each worker keeps its own
 * figures and the primary adds them up for the scrape (clusterMetrics.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { PUNCH_ROUTES } from '../../contract/punchKinds';
import { ESS_PUNCH_ROUTES } from '../../contract/routes/selfService';
import type { Database } from '../db/openDatabase';
import { DEFAULT_MAX_ATTEMPTS } from '../jobs/deliverOutbox';
import { rowsOf } from '../db/rowsOf';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface ServiceMetrics {
  registry: Registry;
  /**
   * One answered request: `route` is the route's template (`/api/v2/business/:businessId/...`),
   * never the raw path; `replayed` when the answer was an Idempotency-Key replay (not a new punch).
   */
  observeRequest(method: string, route: string, status: number, seconds: number, replayed: boolean): void;
}

export interface MetricsSources {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  /** The PostgreSQL pool's connections (none on PGlite, which runs inside the process). */
  poolStats?: () => PoolStats;
}

/** Request latency buckets in seconds: fine below 50 ms, where a punch should answer. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** `/a/{b}/c` (contract) as Hono registers it: `/a/:b/c`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Each punch route's template to its kind and where it was made. */
const PUNCH_BY_ROUTE = new Map<string, { kind: string; source: 'kiosk' | 'self_service' }>([
  ...Object.entries(PUNCH_ROUTES).map(([kind, route]) => [honoPath(route.path), { kind, source: 'kiosk' as const }] as const),
  ...Object.entries(ESS_PUNCH_ROUTES).map(([kind, route]) => [honoPath(route.path), { kind, source: 'self_service' as const }] as const),
]);

const count = (value: unknown) => Number(value ?? 0);

export function createServiceMetrics(sources: MetricsSources): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'kiosk_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route template and status class (its _count is the request rate).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const punches = new Counter({
    name: 'kiosk_punches_total',
    help: 'Punches accepted (2xx, Idempotency-Key replays not counted), by kind and source (kiosk or self_service).',
    labelNames: ['kind', 'source'] as const,
    registers: [registry],
  });
  // Backlogs are the same figure in every process (one database): a cluster shows the largest, not the sum.
  new Gauge({
    name: 'kiosk_mail_outbox_messages',
    help: 'Mail in the outbox not sent yet: pending (will be tried) or given_up (attempts exhausted; see last_error).',
    labelNames: ['state'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ pending: unknown; given_up: unknown }>(
        await sources.db.execute(
          sql`select count(*) filter (where attempts < ${DEFAULT_MAX_ATTEMPTS}) as pending, count(*) filter (where attempts >= ${DEFAULT_MAX_ATTEMPTS}) as given_up
              from outbox where channel = 'email' and sent_at is null`,
        ),
      );
      this.set({ state: 'pending' }, count(row?.pending));
      this.set({ state: 'given_up' }, count(row?.given_up));
    },
  });
  new Gauge({
    name: 'kiosk_webhook_deliveries_pending',
    help: 'Web hook deliveries neither delivered nor given up (waiting, retrying, or held by a paused registration).',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ pending: unknown }>(
        await sources.db.execute(sql`select count(*) as pending from webhook_deliveries where delivered_at is null and gave_up_at is null`),
      );
      this.set(count(row?.pending));
    },
  });
  new Gauge({
    name: 'kiosk_database_info',
    help: 'The database this service runs on (kind: pglite, embedded in the process with no pool; or postgres).',
    labelNames: ['kind'] as const,
    aggregator: 'max',
    registers: [registry],
  }).set({ kind: sources.databaseKind }, 1);
  const poolStats = sources.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'kiosk_db_pool_connections',
      help: "PostgreSQL connections in this service's pools (summed over processes): total open, and idle among them.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'kiosk_db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL connection (DATABASE_POOL_SIZE reached).',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  return {
    registry,
    observeRequest(method, route, status, seconds, replayed) {
      requests.observe({ method: METHODS.has(method) ? method : 'other', route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      if (status >= 200 && status < 300 && !replayed) {
        const punch = PUNCH_BY_ROUTE.get(route);
        if (punch) punches.inc(punch);
      }
    },
  };
}
