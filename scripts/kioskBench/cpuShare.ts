/**
 * Who used the CPU during one measured run: the service's processes, PostgreSQL's (the postmaster
 * and its backends), the load generator (this process, and pgbench as its child) and the whole
 * machine, each as a percentage of one core over the run. On a 2-core machine 200 % is everything.
 */
import { cpuSeconds, machineCpu, treeCpuSeconds } from './procStats';

export interface CpuShare {
  service: number | null;
  database: number | null;
  load: number;
  machine: number;
  cores: number;
}

export interface CpuProbes {
  service?: () => number;
  /** The postmaster's pid, when the database is PostgreSQL. */
  postmaster?: number | null;
}

function loadSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6 + cpuSeconds(process.pid).children;
}

/**
 * Runs `work` and answers its result with the CPU each party used meanwhile. `settleMs`: wait that
 * long after the work before reading (not counted in its duration), so the backends of a client
 * that just disconnected have exited and been reaped into the postmaster's children's time.
 */
export async function withCpu<T>(probes: CpuProbes, cores: number, work: () => Promise<T>, settleMs = 0): Promise<{ result: T; cpu: CpuShare }> {
  const postmaster = probes.postmaster ?? null;
  const before = { service: probes.service?.() ?? 0, database: postmaster ? treeCpuSeconds(postmaster) : 0, load: loadSeconds(), machine: machineCpu(), at: performance.now() };
  const result = await work();
  const seconds = (performance.now() - before.at) / 1000;
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  const machine = machineCpu();
  const pct = (used: number) => (100 * used) / seconds;
  return {
    result,
    cpu: {
      service: probes.service ? pct(probes.service() - before.service) : null,
      database: postmaster ? pct(treeCpuSeconds(postmaster) - before.database) : null,
      load: pct(loadSeconds() - before.load),
      machine: (100 * cores * (machine.busy - before.machine.busy)) / Math.max(0.01, machine.total - before.machine.total),
      cores,
    },
  };
}
