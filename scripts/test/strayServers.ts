/**
 * PostgreSQL servers a test run started and did not stop (an interrupted run, a crashed worker).
 * `pg_ctl start` detaches the server from the process group that started it, so stopping that
 * group does not reach it; its data directory, under the run's temporary folder, names its PID in
 * postmaster.pid. Only servers whose data directory is under the given folder are signalled.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_DEPTH = 5;

function postmasterPids(folder: string, depth = 0): number[] {
  if (depth > MAX_DEPTH || !existsSync(folder)) return [];
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isFile() && entry.name === 'postmaster.pid') {
      const pid = Number(readFileSync(path, 'utf8').split('\n')[0]);
      // The PID may have been reused since: only a postgres process serving this very folder counts.
      if (Number.isInteger(pid) && pid > 1 && servesFolder(pid, folder)) pids.push(pid);
    } else if (entry.isDirectory()) {
      pids.push(...postmasterPids(path, depth + 1));
    }
  }
  return pids;
}

function servesFolder(pid: number, dataDir: string): boolean {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return commandLine.some((part) => part.endsWith('postgres')) && commandLine.includes(dataDir);
  } catch {
    return false;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops every PostgreSQL server whose data directory is under `folder` (SIGQUIT: immediate
 * shutdown, the data is thrown away anyway; SIGKILL if it is still there after 10 s) and answers
 * their PIDs.
 */
export async function stopPostgresUnder(folder: string): Promise<number[]> {
  const pids = postmasterPids(folder).filter(isAlive);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // Gone meanwhile.
    }
  }
  const deadline = Date.now() + 10_000;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL');
  return pids;
}
