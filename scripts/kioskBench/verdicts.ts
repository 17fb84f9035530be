/**
 * The kiosk bench's targets, each judged against the run's own figures and set beside what it is
 * compared with: the service's CPU per punch (read per process from /proc, the figure that holds
 * on a shared machine) against 1.0 ms and against the floor's (the bare server running the same
 * SQL), the database's CPU per punch under the service against pgbench running that SQL, one
 * client's p50, and memory. Throughput and the 64-client p99 are reported beside pgbench's, not
 * judged: on two cores shared by the database, the service, the load and everyone else they
 * measure the machine's queue.
 */
import { cpuSentence, fmt, msPerAnswer, sum, type Ceilings, type ConfigResult, type Verdict } from './report';

export const TARGET = { serviceCpuMs: 1.0, floorRatio: 1.5, pgbenchRatio: 1.2, p50Ms: 2, perceptualMs: 100, restMb: 200 };

const ms = (value: number | null) => (value === null ? '–' : `${fmt(value, 2)} ms`);

export function verdicts(configs: readonly ConfigResult[], ceilings: Ceilings, clients: readonly number[], bareNodeMb: number): Verdict[] {
  const out: Verdict[] = [];
  const top = Math.max(...clients);
  for (const config of configs) {
    const failed = sum(config.runs.map((run) => run.punch.result.failed + run.noop.result.failed));
    if (failed > 0) {
      out.push({ name: `${config.label}: every request answered 200`, figure: `${failed} failed`, target: '0 failed', met: false, bound: 'the bench or the service is wrong; see the printed failure' });
    }
  }
  for (const [serviceKey, floorKey] of [['pg2', 'floor2'], ['pg1', 'floor1']] as const) {
    const service = configs.find((config) => config.key === serviceKey);
    if (!service) continue;
    const floor = configs.find((config) => config.key === floorKey);
    for (const run of service.runs) {
      const at = `${service.label}, ${run.clients} client${run.clients === 1 ? '' : 's'}`;
      const serviceMs = msPerAnswer(run.punch.cpu.service, run.punch.result.rate);
      const bare = floor?.runs.find((other) => other.clients === run.clients);
      const floorMs = bare ? msPerAnswer(bare.punch.cpu.service, bare.punch.result.rate) : null;
      const bound = cpuSentence(run.punch.cpu, run.punch.result.rate);
      out.push({ name: `${at}: service CPU per punch`, figure: ms(serviceMs), ceiling: `floor ${ms(floorMs)}`, target: `≤ ${fmt(TARGET.serviceCpuMs, 1)} ms`, met: serviceMs !== null && serviceMs <= TARGET.serviceCpuMs, bound });
      const ratio = serviceMs !== null && floorMs ? serviceMs / floorMs : null;
      out.push({ name: `${at}: service CPU per punch ÷ floor's`, figure: ms(serviceMs), ceiling: `floor ${ms(floorMs)}`, ratio: ratio === null ? '–' : `${fmt(ratio, 2)}×`, target: `≤ ${TARGET.floorRatio}×`, met: ratio !== null && ratio <= TARGET.floorRatio, bound });
      const database = msPerAnswer(run.punch.cpu.database, run.punch.result.rate);
      const pgbench = ceilings.postgres.get(run.clients);
      const pgbenchMs = pgbench ? msPerAnswer(pgbench.cpu.database, pgbench.result.rate) : null;
      const dbRatio = database !== null && pgbenchMs ? database / pgbenchMs : null;
      out.push({
        name: `${at}: database CPU per punch ÷ pgbench's (the service's SQL)`,
        figure: ms(database),
        ceiling: `pgbench ${ms(pgbenchMs)} (best round)`,
        ratio: dbRatio === null ? '–' : `${fmt(dbRatio, 2)}×`,
        target: `≤ ${TARGET.pgbenchRatio}×`,
        met: dbRatio !== null && dbRatio <= TARGET.pgbenchRatio,
        bound,
      });
      if (run.clients === 1) {
        const p50 = run.punch.result.p50;
        out.push({
          name: `${at}: p50`,
          figure: `${fmt(p50)} ms (${p50 < TARGET.perceptualMs ? 'under' : 'over'} the ${TARGET.perceptualMs} ms a person perceives as instant)`,
          ceiling: `floor ${bare ? fmt(bare.punch.result.p50) : '–'} ms; no-op route ${fmt(run.noop.result.p50)} ms; pgbench ${pgbench ? fmt(pgbench.result.latencyMs) : '–'} ms on average`,
          target: `< ${TARGET.p50Ms} ms`,
          met: p50 < TARGET.p50Ms,
          bound: `one request at a time: its latency is the service's work and two database round trips in turn, and waits for a core when the machine is busy; ${bound}`,
        });
      }
      if (run.clients === top) {
        const rate = pgbench?.result.rate;
        out.push({ name: `${at}: punches/s (reported)`, figure: fmt(run.punch.result.rate, 0), ceiling: `pgbench ${rate ? fmt(rate, 0) : '–'}; floor ${bare ? fmt(bare.punch.result.rate, 0) : '–'}`, ratio: rate ? `${fmt((100 * run.punch.result.rate) / rate, 0)} %` : '–', target: 'reported', met: null });
        out.push({ name: `${at}: p99 (reported)`, figure: `${fmt(run.punch.result.p99)} ms`, ceiling: `floor ${bare ? fmt(bare.punch.result.p99) : '–'} ms; no-op route ${fmt(run.noop.result.p99)} ms`, target: 'reported', met: null });
      }
    }
  }
  for (const config of configs) {
    const largest = Math.max(...config.restMb);
    const judged = config.key === 'pg2' || config.key === 'pg1';
    out.push({
      name: `${config.label}: resident memory at rest, largest process`,
      figure: `${fmt(largest, 0)} MB`,
      ceiling: `bare Node ${fmt(bareNodeMb, 0)} MB`,
      target: judged ? `< ${TARGET.restMb} MB` : 'reported',
      met: judged ? largest < TARGET.restMb : null,
      bound: 'Node, the bundled service and its npm packages as loaded at start-up',
    });
  }
  const pglite = configs.find((config) => config.key === 'pglite');
  const floor = ceilings.pglite;
  for (const run of pglite?.runs ?? []) {
    const serviceMs = msPerAnswer(run.punch.cpu.service, run.punch.result.rate);
    const floorMs = floor ? msPerAnswer(floor.cpu.load, floor.result) : null;
    out.push({
      name: `PGlite, ${run.clients} client${run.clients === 1 ? '' : 's'}: CPU per punch, its database included`,
      figure: ms(serviceMs),
      ceiling: `in-process floor ${ms(floorMs)}`,
      ratio: serviceMs !== null && floorMs ? `${fmt(serviceMs / floorMs, 2)}×` : '–',
      target: 'reported',
      met: null,
    });
  }
  return out;
}
