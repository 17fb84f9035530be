/**
 * What a person sees on the terminal when the demo starts, through a real process: a line or two
 * before the banner (the demo seeded in one line, none of its own API calls), the banner last,
 * then one short human line per request and no raw JSON; a PIN reset at the demo kiosk shows its
 * code right there. LOG_FORMAT=pretty stands in for a terminal (the test reads a pipe). Database
 * agnostic: PGlite only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { basicAuthHeader } from './auth/basicAuth';
import { DemoFile } from './demo/seedDemo';
import { spawnService, type ServiceProcess } from './testing/serviceProcess';

// Made by the test, not when the file loads: on PostgreSQL the suite is skipped and no hook runs.
let dataDir: string | undefined;
let service: ServiceProcess | undefined;
afterAll(async () => {
  await service?.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 100 && !condition(); tries += 1) await new Promise((done) => setTimeout(done, 100));
  if (!condition()) throw new Error(`${what} did not show within 10 s:\n${service?.output() ?? ''}`);
}

describe.skipIf(inject('databaseKind') === 'postgres')('the demo on a terminal', () => {
  it('prints a few lines, the banner last, then short request lines and the demo mail', { timeout: 120_000 }, async () => {
    const ownDir = mkdtempSync(join(tmpdir(), 'kiosk-start-output-'));
    dataDir = ownDir;
    service = await spawnService({ DATA_DIR: ownDir, DEMO: '1', LOG_FORMAT: 'pretty', TEST_CLOCK: '2026-11-25T15:40:30Z' });
    const running = service;
    await waitFor(() => running.output().includes('Stop: Ctrl-C'), 'the banner');
    const [before = '', banner = ''] = running.output().split('Kiosk Clock is running at');
    const lines = before.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length, before).toBeLessThanOrEqual(3);
    expect(lines.some((line) => /^\d\d:\d\d:\d\d {2}demo seeded {2}/.test(line)), before).toBe(true);
    expect(before).not.toContain('{');
    expect(banner).toContain('Demo seeded, its day laid around 15:40 (Europe/London)');
    expect(banner).toContain(join(ownDir, 'demo.json'));
    expect(banner).toContain("Mail: the demo's e-mails and texts (PIN reset codes, invitations) are printed here");

    const demo = DemoFile.parse(JSON.parse(readFileSync(join(ownDir, 'demo.json'), 'utf8')));
    const oscar = demo.staff.find((person) => person.firstName === 'Oscar');
    await fetch(`${running.baseUrl}/api/v2/business`);
    const reset = await fetch(`${running.baseUrl}/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}/emailreset`, {
      method: 'POST',
      headers: { authorization: basicAuthHeader(demo.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ employeeId: oscar?.employeeId }),
    });
    expect(reset.status).toBe(200);
    await waitFor(() => /instead of your PIN: \d{8}/.test(running.output()), 'the reset code');

    const after = running.output().split('Stop: Ctrl-C')[1] ?? '';
    expect(after).toMatch(/\n\d\d:\d\d:\d\d {2}GET \/api\/v2\/business {2}401 {2}\d+ ms {2}anonymous\n/);
    expect(after).toContain('E-mail to oscar.bell@demo.kiosk-clock.dev (demo: shown here)');
    expect(after.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
  });
});
