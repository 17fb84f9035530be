/**
 * The property-based fuzz test: malformed paths, queries and bodies, generated from the OpenAPI
 * document (src/server/testing/fuzzCases.ts), thrown at every route, as the business owner, as
 * nobody and with a garbage credential, with and without an Idempotency-Key. For every case:
 * - never a 5xx;
 * - every error is application/problem+json;
 * - input the schema refuses gets a 4xx;
 * - nothing is written (a fingerprint of every table is compared after each request).
 * Every failure is collected, so one run lists them all. FUZZ_SEED=<n> replays a run.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../app';
import { listTables, watchWrites } from '../testing/databaseState';
import type { Tenant } from '../testing/fixtures';
import { FuzzCases, OpenApiDocument, routesOf, type FuzzCase, type FuzzKind } from '../testing/fuzzCases';
import { createRouteFixtures, type RouteFixtures } from '../testing/routeFixtures';
import { startTestService, type TestService } from '../testing/testService';

/** Generated cases per route and kind: about 3,000 requests in all, under a minute per database. */
const RUNS_PER_KIND: Record<FuzzKind, number> = { path: 8, 'path-garble': 3, query: 16, body: 40, 'body-raw': 10 };
/** The run's seed: FUZZ_SEED (CI pins one), else a new one each run, printed first so a failure can be replayed. */
const SEED = fuzzSeed(process.env.FUZZ_SEED);

function fuzzSeed(given: string | undefined): number {
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(given);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 31) throw new Error(`FUZZ_SEED must be an integer from 0 to 2^31 - 1, not ${given}`);
  return seed;
}
const PROBLEM = 'application/problem+json';

let t: TestService;
let tenant: Tenant;
let ids: Record<string, number>;
let pathValue: RouteFixtures['pathValue'];
let hint: RouteFixtures['hint'];

beforeAll(async () => {
  console.info(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  t = await startTestService();
  ({ tenant, ids, pathValue, hint } = await createRouteFixtures(t, { emailTag: 'fuzz', completeShift: true }));
});
afterAll(() => t.close());

interface Outcome {
  fuzzCase: FuzzCase;
  status: number;
  contentType: string | null;
  problems: string[];
}

async function send(fuzzCase: FuzzCase): Promise<{ status: number; contentType: string | null }> {
  const { method, path, headers, body } = fuzzCase.request;
  const init: RequestInit = { method, headers, ...(body !== undefined ? { body } : {}) };
  try {
    const res = await t.service.fetch(new Request(`http://127.0.0.1${path}`, init));
    await res.arrayBuffer();
    return { status: res.status, contentType: res.headers.get('content-type') };
  } catch (error) {
    // Escaped every handler: what Node's server would answer as a bare text/plain 500.
    return { status: 599, contentType: `thrown: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function judge(fuzzCase: FuzzCase, status: number, contentType: string | null, written: string[]): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400 && contentType !== PROBLEM) problems.push(`error as ${contentType ?? 'no content type'}`);
  if (fuzzCase.mustReject && status < 400) problems.push(`accepted (${status}) input the schema refuses`);
  if (written.length > 0) problems.push(`wrote to ${written.join(', ')}`);
  return problems;
}

/** A small stable hash, so each route and kind draws its own sequence from one run seed. */
function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) % 2 ** 31;
  return hash;
}

function describeOutcome(o: Outcome): string {
  const c = o.fuzzCase;
  return `${c.route.method} ${c.route.template} [${c.kind}] ${c.why} (caller ${c.caller}, key ${c.idempotencyKey}) -> ${o.status}: ${o.problems.join('; ')}`;
}

describe('malformed input at every route (generated from the OpenAPI document)', () => {
  it('never gets a 5xx, always a problem+json, and changes nothing', { timeout: 600_000 }, async () => {
    const document = OpenApiDocument.parse(buildOpenApiDocument());
    const routes = routesOf(document);
    const cases = new FuzzCases(document, { pathValue, hint, ownerAuth: tenant.manager.auth, maxBodyBytes: t.settings.MAX_BODY_BYTES });
    const writes = await watchWrites(t.db, await listTables(t.db));

    const outcomes: Outcome[] = [];
    const perKind: Record<string, number> = {};
    const started = Date.now();
    for (const route of routes) {
      for (const [kind, arbitrary] of Object.entries(cases.forRoute(route)) as [FuzzKind, fc.Arbitrary<FuzzCase>][]) {
        const seed = (SEED + hashOf(`${route.method} ${route.template} ${kind}`)) % 2 ** 31;
        for (const fuzzCase of fc.sample(arbitrary, { numRuns: RUNS_PER_KIND[kind], seed })) {
          const { status, contentType } = await send(fuzzCase);
          const written = await writes.written();
          outcomes.push({ fuzzCase, status, contentType, problems: judge(fuzzCase, status, contentType, written) });
          perKind[kind] = (perKind[kind] ?? 0) + 1;
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;

    const failures = outcomes.filter((o) => o.problems.length > 0);
    const routesHit = new Set(outcomes.map((o) => `${o.fuzzCase.route.method} ${o.fuzzCase.route.template}`));
    const statuses = new Map<number, number>();
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    console.info(
      `fuzz (${t.kind}, seed ${SEED}): ${outcomes.length} cases over ${routesHit.size} routes in ${seconds.toFixed(1)} s; ` +
        `by kind ${JSON.stringify(perKind)}; by status ${JSON.stringify(Object.fromEntries(statuses))}; ${failures.length} failed`,
    );

    expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
    expect(routesHit.size).toBe(routes.length);
    expect(failures.map(describeOutcome), `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  });

  it('draws the same cases from the same seed, so FUZZ_SEED replays a run', () => {
    const document = OpenApiDocument.parse(buildOpenApiDocument());
    const cases = new FuzzCases(document, { pathValue, hint, ownerAuth: tenant.manager.auth, maxBodyBytes: t.settings.MAX_BODY_BYTES });
    // A fresh Idempotency-Key is a new UUID each time by design; everything else must repeat.
    const draw = (seed: number) =>
      routesOf(document)
        .slice(0, 12)
        .flatMap((route) => Object.values(cases.forRoute(route)).flatMap((arbitrary) => fc.sample(arbitrary, { numRuns: 3, seed })))
        .map(({ request, why, mustReject, caller }) => {
          const { 'idempotency-key': key, ...headers } = request.headers;
          return { ...request, headers, hasKey: key !== undefined, why, mustReject, caller };
        });
    expect(draw(SEED)).toEqual(draw(SEED));
    expect(draw(SEED)).not.toEqual(draw(SEED + 1));
  });

  it('has a database check that sees a write, and ignores bookkeeping', async () => {
    const writes = await watchWrites(t.db, await listTables(t.db));
    const renamed = await t.request('PUT', `${tenant.base}/location/${ids.location}`, { auth: tenant.manager.auth, json: { name: 'Depot 2' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await writes.written()).toEqual(['locations']);
    const marked = await t.request('POST', `${tenant.kiosk}/shift/${ids.shift}/notes/read-state`, {
      auth: tenant.manager.auth,
      json: { employeeId: tenant.employees[0]!.id, noteIds: [ids.note], read: true },
    });
    expect(marked.status, marked.text).toBe(200);
    expect(await writes.written()).toEqual(['shift_notes']);
    // A device's last-seen time is bookkeeping, not a write the caller asked for.
    await t.db.execute(sql`update devices set last_seen_at = now() - interval '1 hour'`);
    expect(await writes.written()).toEqual([]);
  });
});
