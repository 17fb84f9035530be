/**
 * main.ts's start-up failures, through real processes: a bad setting ends the process with one
 * readable message (no stack trace), and a node:cluster whose workers cannot start (the database
 * unreachable) stops with exit code 1 instead of starting replacements for ever.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-main-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A loopback port nobody listens on (taken from the OS, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Runs main.ts with these settings until it exits (killed after `limitMs`); its output and exit code. */
function run(settings: Record<string, string>, limitMs: number): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'WORKERS', 'DEMO', 'PORT'].includes(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const limit = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(limit);
      done({ code, output });
    }),
  );
}

describe('main.ts start-up failures', () => {
  it('ends with one readable message for a bad setting', { timeout: 30_000 }, async () => {
    const { code, output } = await run({ WORKERS: 'two' }, 20_000);
    expect(code).toBe(1);
    expect(output).toContain('Invalid settings');
    expect(output).toContain('WORKERS');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('refuses WORKERS above 1 on PGlite', { timeout: 30_000 }, async () => {
    const { code, output } = await run({ WORKERS: '2' }, 20_000);
    expect(code).toBe(1);
    expect(output).toContain('WORKERS above 1 needs DATABASE_URL');
  });

  it('stops a cluster whose first worker cannot reach the database, with exit code 1, starting no replacements', { timeout: 60_000 }, async () => {
    const port = await closedPort();
    const { code, output } = await run({ WORKERS: '2', DATABASE_URL: `postgres://kiosk@127.0.0.1:${port}/kiosk` }, 45_000);
    expect(code, output).toBe(1);
    expect(output.match(/failed to start; stopping/g) ?? []).toHaveLength(1);
    expect(output).not.toContain('starting another');
    expect(output).not.toContain('Kiosk Clock is running');
  });
});
