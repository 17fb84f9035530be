/**
 * What Linux says about the bench's processes, from /proc: resident memory (VmRSS, VmHWM), CPU
 * time (utime + stime, and for a parent the reaped children's cutime + cstime), the children of a
 * process, the PostgreSQL server listening on a port, and the whole machine's busy time. The CPU
 * figures let the table say what bounded a run (service, database or load generator) instead of
 * guessing.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second (USER_HZ); 100 on every Linux this runs on. */
const TICKS = 100;

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat after the command name (field 3 onwards), or null when gone. */
function statFields(pid: number): string[] | null {
  const text = read(`/proc/${pid}/stat`);
  if (text === null) return null;
  // The command name is in parentheses and may contain spaces.
  return text.slice(text.lastIndexOf(')') + 2).trim().split(' ');
}

/** Resident set of a process in MB (VmRSS), or VmHWM (its peak) with `field`. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+)`).exec(read(`/proc/${pid}/status`) ?? '');
  return Number(match?.[1] ?? 0) / 1024;
}

/** CPU seconds a process has used (own), and its reaped children's (cutime + cstime). */
export function cpuSeconds(pid: number): { own: number; children: number } {
  const fields = statFields(pid);
  if (!fields) return { own: 0, children: 0 };
  // stat fields 14-17 (utime, stime, cutime, cstime) are indices 11-14 after the name.
  const at = (index: number) => Number(fields[index] ?? 0);
  return { own: (at(11) + at(12)) / TICKS, children: (at(13) + at(14)) / TICKS };
}

function processIds(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The live children of `pid` (by their parent id). */
export function childrenOf(pid: number): number[] {
  return processIds().filter((candidate) => Number(statFields(candidate)?.[1] ?? -1) === pid);
}

/** The PostgreSQL server (postmaster) listening on `port`, found by its command line. */
export function postmasterOn(port: number): number | null {
  for (const pid of processIds()) {
    const argv = (read(`/proc/${pid}/cmdline`) ?? '').split('\0');
    if (!argv[0]?.endsWith('/postgres')) continue;
    const at = argv.indexOf('-p');
    if (at !== -1 && argv[at + 1] === String(port)) return pid;
  }
  return null;
}

/**
 * CPU seconds used so far by a process tree: the live processes' own time plus the root's reaped
 * children's (a PostgreSQL backend that exits adds its time to the postmaster's cutime), so the
 * difference of two readings counts every process that ran in between.
 */
export function treeCpuSeconds(root: number): number {
  const rootCpu = cpuSeconds(root);
  return rootCpu.own + rootCpu.children + childrenOf(root).reduce((sum, pid) => sum + cpuSeconds(pid).own, 0);
}

/** The machine's busy and total CPU seconds (all cores) since boot, from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const line = (read('/proc/stat') ?? '').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}
