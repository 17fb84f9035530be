/**
 * What every handler can reach: the database (or the idempotency transaction wrapping the
 * request), the validated settings, the clock, the logger and the resolved caller.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from './db/openDatabase';
import type { FinalWriteSink } from './db/finalWrite';
import type { Env } from './env';
import type { Logger } from './logger';
import type { ServiceMetrics } from './metrics/serviceMetrics';
import type { Grant } from './auth/access';
import type { Principal } from './auth/principal';
import type { Region } from '../domain/regions';

export interface AppDeps {
  db: Database;
  settings: Env;
  /** The service's clock; tests may pin it. */
  now: () => Date;
  logger: Logger;
  /** Prometheus instruments when METRICS=1 (metrics/serviceMetrics.ts); absent otherwise, at no cost. */
  metrics?: ServiceMetrics;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** The database handle for this request: a transaction when an Idempotency-Key is in play. */
    db: Database;
    /** The caller, resolved by the route guard after validation (null when anonymous). */
    principal: Principal | null;
    /** The caller's rights in the business of the path, set by the route guard (auth/routeGuard.ts). */
    grant?: Grant;
    /**
     * Set by handlers whose failures must still be recorded (a wrong PIN counts towards the
     * lockout even when the request carried an Idempotency-Key and answers 4xx).
     */
    keepWorkOnError?: boolean;
    /** The business's region, set by the route guard on routes with regional variants (auth/businessRegion.ts). */
    region?: Region;
    /** What the route asked the guard to read with its caller (auth/callerReads.ts), once the caller is admitted. */
    callerRead?: unknown;
    /** Where the request's last write waits for the idempotency record (db/finalWrite.ts), when a key is in play. */
    finalWrite?: FinalWriteSink;
  };
}

export type App = OpenAPIHono<AppEnv>;
