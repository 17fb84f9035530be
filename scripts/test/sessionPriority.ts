/**
 * Lowers the CPU priority of a whole session, for `npm test`'s check phase (run.ts).
 *
 * Where the kernel groups processes by session (Linux's autogroup, on by default on many
 * distributions and on the test machines), a process's nice value orders it only against its own
 * session: each phase runs in a session of its own (spawned detached), so `nice` alone left the
 * check with half the CPU against Vitest (measured: 58 of 120 core-seconds a minute). The
 * session's group takes the nice value too; lowering one's own priority needs no privilege. Where
 * there is no autogroup (the file is missing), `nice` on the command already does the work.
 */
import { writeFileSync } from 'node:fs';

export function lowerSessionPriority(pid: number, niceness: number): void {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EACCES' && code !== 'EPERM' && code !== 'ESRCH') throw error;
  }
}

