/**
 * The kiosk bench's targets, each judged against the run's own figures and set
 * beside the ceiling it is compared with: the equivalent transaction's rate and latency, the no-op
 * route's latency, and a bare Node process's memory. Rows with no target (PGlite) are reported.
 */
import { ceilingFor, cpuSentence, fmt, sum, type Ceilings, type ConfigResult, type Verdict } from './report';

export const TARGET = { ratio: 0.5, p99Ms: 50, p50Ms: 3, perceptualMs: 100, restMb: 200 };

export function verdicts(configs: readonly ConfigResult[], ceilings: Ceilings, clients: readonly number[], bareNodeMb: number): Verdict[] {
  const out: Verdict[] = [];
  const top = Math.max(...clients);
  for (const config of configs) {
    const failed = sum(config.runs.map((run) => run.punch.result.failed + run.noop.result.failed));
    if (failed > 0) {
      out.push({ name: `${config.label}: every request answered 200`, figure: `${failed} failed`, target: '0 failed', met: false, bound: 'the bench or the service is wrong; see the printed failure' });
    }
  }
  const main = configs.find((config) => config.key === 'pg2');
  const busiest = main?.runs.find((run) => run.clients === top);
  if (main && busiest) {
    const ceiling = ceilingFor(main, ceilings, top);
    const punch = busiest.punch.result;
    const ratio = ceiling ? punch.rate / ceiling : Number.NaN;
    const bound = cpuSentence(busiest.punch.cpu, punch.rate);
    out.push({
      name: `${main.label}, ${top} clients: punches/s`,
      figure: fmt(punch.rate, 0),
      ceiling: `${ceiling === null ? '–' : fmt(ceiling, 0)} equivalent transactions/s`,
      ratio: `${fmt(100 * ratio, 0)} %`,
      target: `≥ ${100 * TARGET.ratio} % of the ceiling`,
      met: ratio >= TARGET.ratio,
      bound,
    });
    const pgbench = ceilings.postgres.get(top)?.result;
    out.push({
      name: `${main.label}, ${top} clients: p99`,
      figure: `${fmt(punch.p99)} ms`,
      ceiling: `no-op route p99 ${fmt(busiest.noop.result.p99)} ms; equivalent transaction ${pgbench ? fmt(pgbench.latencyMs) : '–'} ms on average`,
      target: `< ${TARGET.p99Ms} ms`,
      met: punch.p99 < TARGET.p99Ms,
      bound,
    });
  }
  const single = main?.runs.find((run) => run.clients === 1);
  if (main && single) {
    const p50 = single.punch.result.p50;
    const pgbench = ceilings.postgres.get(1)?.result;
    out.push({
      name: `${main.label}, 1 client: p50`,
      figure: `${fmt(p50)} ms (${p50 < TARGET.perceptualMs ? 'under' : 'over'} the ${TARGET.perceptualMs} ms a person perceives as instant)`,
      ceiling: `no-op route p50 ${fmt(single.noop.result.p50)} ms; equivalent transaction ${pgbench ? fmt(pgbench.latencyMs) : '–'} ms on average`,
      target: `< ${TARGET.p50Ms} ms`,
      met: p50 < TARGET.p50Ms,
      bound: `one request at a time, so its latency is the service's work plus its database round trips, in turn; ${cpuSentence(single.punch.cpu, single.punch.result.rate)}`,
    });
  }
  for (const config of configs) {
    const largest = Math.max(...config.restMb);
    const postgres = config.key !== 'pglite';
    out.push({
      name: `${config.label}: resident memory at rest, largest process`,
      figure: `${fmt(largest, 0)} MB`,
      ceiling: `bare Node ${fmt(bareNodeMb, 0)} MB`,
      target: postgres ? `< ${TARGET.restMb} MB` : 'reported',
      met: postgres ? largest < TARGET.restMb : null,
      bound: 'Node, the bundled service and its npm packages as loaded at start-up',
    });
  }
  const pglite = configs.find((config) => config.key === 'pglite');
  for (const run of pglite?.runs ?? []) {
    const ceiling = ceilingFor(pglite as ConfigResult, ceilings, run.clients);
    out.push({
      name: `PGlite, ${run.clients} clients: punches/s`,
      figure: fmt(run.punch.result.rate, 0),
      ceiling: `${ceiling === null ? '–' : fmt(ceiling, 0)} equivalent transactions/s (one connection)`,
      ratio: ceiling === null ? '–' : `${fmt((100 * run.punch.result.rate) / ceiling, 0)} %`,
      target: 'reported',
      met: null,
    });
  }
  return out;
}
