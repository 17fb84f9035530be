/**
 * The check phase's lower priority reaches its session's group where the kernel has one: without
 * it, the type check and lint took half the CPU from Vitest (sessionPriority.ts says why).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lowerSessionPriority } from './sessionPriority';

const hasAutogroup = existsSync('/proc/self/autogroup');

describe('lowerSessionPriority', () => {
  it.skipIf(!hasAutogroup)('gives a detached process session the nice value', async () => {
    const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      const pid = child.pid!;
      expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(/nice 0\b/);
      lowerSessionPriority(pid, 10);
      expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(/nice 10\b/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('passes over a process that is gone', () => {
    expect(() => lowerSessionPriority(2 ** 22 + 1, 10)).not.toThrow();
  });
});
