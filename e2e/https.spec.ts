/**
 * The production set-up of docs/deployment.md, end to end: a throw-away PostgreSQL, two compiled
 * service processes on it (separate instances on their own loopback ports, as the systemd
 * template unit runs them, so Caddy's own load balancing is what spreads the requests), and Caddy
 * running deploy/Caddyfile.lan (`tls internal`) for the name kiosk.test. Chromium reaches
 * https://kiosk.test:<port> through a host-resolver rule and trusts Caddy's root only because the
 * root was added to its NSS database, as a tablet's owner adds it (no ignoreHTTPSErrors; a browser
 * without that root is refused). It proves the page is served over HTTPS by that name, the service
 * worker controls it, a punch made offline arrives exactly once after the network is back, a
 * punch made while one process is stopped goes through the other with no error, and both
 * processes answered API requests (counted from each process's request log).
 */
import pg from 'pg';
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hasPostgres, startPostgres, type PostgresCluster } from '../src/server/testing/postgresCluster';
import { fullName, KioskPage, type StaffMember } from './pages/kiosk';
import { PunchAudit, punchThroughScreens } from './pages/offlineKiosk';
import { CHROMIUM_ARGS, findChromium } from './support/browser';
import { startCaddy, trustingHome, type CaddyFrontEnd } from './support/caddyFrontEnd';
import { storeEnrolment, type IssuedDevice } from './support/enrolDevice';
import { expect, test } from './support/fixtures';
import { KioskStore } from './support/kioskStore';
import { TABLET_CONTEXT } from './support/screens';
import { ServiceApi } from './support/serviceApi';
import { startService, type DemoFile, type ServiceInstance } from './support/serviceProcess';
import { waitForServiceWorkerControl } from './support/serviceWorker';

const SITE = 'kiosk.test';

/** Chromium as a tablet that trusts the LAN's root: the project's flags, kiosk.test mapped to loopback. */
function launchTablet(home: string): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${SITE} 127.0.0.1`],
    env: { ...process.env, HOME: home },
  });
}

/** API requests (the service logs one `request` line per API call) a process answered. */
function apiRequestsServed(service: ServiceInstance): number {
  return service
    .output()
    .split('\n')
    .filter((line) => line.includes('"message":"request"') && line.includes('"path":"/api/')).length;
}

/** What the plain-HTTP listener answers for `/` (status and Location), asked on loopback by name. */
function redirectFrom(httpOrigin: string): Promise<{ status: number; location: string | undefined }> {
  const url = new URL(httpOrigin);
  return new Promise((resolve, reject) => {
    const asked = get({ host: '127.0.0.1', port: url.port, path: '/', headers: { host: url.host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    asked.once('error', reject);
  });
}

/** Enrols the tablet through Caddy: the device credential is asked for from inside the page. */
async function enrolThroughFrontEnd(page: Page, origin: string, demo: DemoFile): Promise<IssuedDevice> {
  const issued = await page.evaluate(
    async ({ path, apiKey }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${apiKey}:`)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Tablet over HTTPS' }),
      });
      return { status: response.status, body: await response.text() };
    },
    { path: `/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}/devices`, apiKey: demo.apiKey },
  );
  expect(issued.status, issued.body).toBe(200);
  const device = JSON.parse(issued.body) as IssuedDevice;
  await storeEnrolment(page, origin, demo, device);
  return device;
}

test.describe('HTTPS through Caddy to two service processes on one PostgreSQL', () => {
  test('a tablet trusting the LAN root gets the kiosk by name, a punch made offline arrives once, and a punch made while one process is stopped goes through the other', async ({ request }) => {
    test.setTimeout(180_000);
    if (!hasPostgres()) throw new Error('PostgreSQL 15 is not installed (`apt-get install -y postgresql-15`; .ci/run installs it).');
    const cleanups: Array<() => Promise<void> | void> = [];
    /** What each process printed, attached when the test fails. */
    const logs: Array<[string, () => string]> = [];
    let finished = false;
    try {
      // PostgreSQL, empty: the first service process migrates it and seeds the demo.
      const cluster: PostgresCluster = await startPostgres();
      cleanups.push(() => cluster.stop());
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query('CREATE DATABASE kiosk');
      await admin.end();
      const databaseURL = cluster.url('kiosk');

      // Caddy first: the processes' PUBLIC_URL is its address.
      const ports = [await freePort(), await freePort()];
      const caddy: CaddyFrontEnd = await startCaddy({ site: SITE, upstreams: ports.map((port) => `127.0.0.1:${port}`) });
      cleanups.push(() => caddy.stop());
      logs.push(['caddy', () => caddy.output()]);

      const settings = (port: number) => ({
        DATABASE_URL: databaseURL,
        PUBLIC_URL: caddy.origin,
        TRUST_PROXY: '1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        METRICS: '1',
      });
      const [portA, portB] = ports as [number, number];
      const [first, second] = await Promise.all([
        startService({ demo: true, label: 'upstream-a', settings: settings(portA) }),
        startService({ label: 'upstream-b', settings: settings(portB) }),
      ]);
      cleanups.push(() => first.stop(), () => second.stop());
      logs.push(['service A', () => first.output()], ['service B', () => second.output()]);
      const demo = first.demo;
      expect(demo.baseUrl, 'demo.json names the public address').toBe(caddy.origin);

      // What the processes served so far is the demo's seeding (through A's own API); the tablet's come next.
      const seeding = { a: apiRequestsServed(first), b: apiRequestsServed(second) };

      // The tablet: Chromium whose trust store holds Caddy's root, as after docs/deployment.md's steps.
      const trust = trustingHome(caddy.rootCertificate);
      cleanups.push(() => trust.remove());
      const browser = await launchTablet(trust.home);
      cleanups.push(() => browser.close());
      const context = await browser.newContext({ ...TABLET_CONTEXT, baseURL: caddy.origin });
      // As every spec's context (fixtures.ts): the app must work under the service's CSP, here behind Caddy too.
      const cspViolations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      const page = await context.newPage();

      const shell = await page.goto('/');
      expect(shell?.status()).toBe(200);
      expect(page.url()).toBe(`${caddy.origin}/`);
      const tls = await shell?.securityDetails();
      // Caddy's leaf names the site only in its subjectAltName (an empty subject), which Chromium checked.
      expect(tls?.issuer, "issued by Caddy's local authority").toMatch(/Caddy Local Authority/);
      expect(tls?.protocol).toMatch(/^TLS 1\.[23]$/);
      expect(await page.evaluate(() => window.isSecureContext), 'a secure context').toBe(true);

      // Set up through the front end; the service worker takes control.
      const device = await enrolThroughFrontEnd(page, caddy.origin, demo);
      const kiosk = new KioskPage(page);
      const store = new KioskStore(page);
      await expect(kiosk.grid()).toBeVisible({ timeout: 15_000 });
      const worker = await waitForServiceWorkerControl(page);
      expect(worker.controllerURL).toBe(`${caddy.origin}/sw.js`);

      // One person signs in online, so the tablet can check their PIN offline.
      const member: StaffMember = demo.staff[0]!;
      await kiosk.signIn(fullName(member), member.pin);
      await kiosk.actions().getByRole('button', { name: 'Not you?' }).click();
      await expect(kiosk.grid()).toBeVisible();
      await expect.poll(async () => (await store.verifiers()).includes(member.employeeId), { message: 'PIN verifier learned' }).toBe(true);

      // Offline: the punch is kept on the tablet.
      const audit = new PunchAudit(request, first.baseURL, demo);
      await context.setOffline(true);
      await punchThroughScreens(kiosk, member, 'clockOn', { queued: true });
      const [entry, ...others] = (await store.outbox()).filter((queued) => queued.op === 'clockOn');
      expect(others).toEqual([]);
      if (!entry) throw new Error('the clock-on is not in the outbox');
      expect(await audit.byDevice(device.id)).toEqual([]);

      // Back online: it arrives, once.
      await context.setOffline(false);
      await expect.poll(async () => (await audit.byDevice(device.id)).length, { message: 'the punch arrived', timeout: 15_000 }).toBe(1);
      await kiosk.waitForSync();
      const punches = await audit.byDevice(device.id);
      expect(punches.map((p) => [p.kind, p.employeeId, p.recordedTimeUtc])).toEqual([['clockOn', member.employeeId, entry.body.recordedTimeUtc]]);
      expect(await new ServiceApi(request, second.baseURL, demo).shifts(member.employeeId), 'one shift (read through the other process)').toHaveLength(1);
      const db = new pg.Client({ connectionString: databaseURL });
      await db.connect();
      const stored = await db.query<{ count: string }>('select count(*) from idempotency_keys where key = $1', [entry.id]);
      await db.end();
      expect(stored.rows[0]?.count, 'one stored result for the punch’s Idempotency-Key').toBe('1');

      // One process stops, as `systemctl restart` stops it: the next punch goes through the other
      // with no error reaching the tablet (Caddy retries the connection the stopped one refuses).
      const upstreamErrors: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() >= 502) upstreamErrors.push(`${response.status()} ${response.url()}`);
      });
      await second.halt();
      await punchThroughScreens(kiosk, member, 'clockOff');
      await expect.poll(async () => (await audit.byDevice(device.id)).map((p) => p.kind), { message: 'the clock-off arrived', timeout: 10_000 }).toEqual(['clockOn', 'clockOff']);
      await kiosk.waitForSync();
      expect(upstreamErrors, 'answers from Caddy with no process behind them').toEqual([]);
      await second.restart();

      // Both processes served the tablet's API requests (Caddy's round robin).
      const served = { a: apiRequestsServed(first) - seeding.a, b: apiRequestsServed(second) - seeding.b };
      test.info().annotations.push({ type: 'API requests per process', description: JSON.stringify(served) });
      expect(served.a, 'process A answered API requests').toBeGreaterThan(0);
      expect(served.b, 'process B answered API requests').toBeGreaterThan(0);

      // The front end hides /metrics, and its plain-HTTP port sends the tablet to HTTPS.
      // (Asked with fetch: the service worker answers navigations with the app shell.) An empty 404
      // is Caddy's own answer; the service would answer problem+json.
      const metrics = await page.evaluate(async () => {
        const response = await fetch('/metrics', { cache: 'no-store' });
        return { status: response.status, body: await response.text() };
      });
      expect(metrics).toEqual({ status: 404, body: '' });
      // (Asked from here: after the HSTS header above, Chromium itself goes to https:// first.)
      expect(shell?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
      // Caddy 2.6 leaves a non-default HTTPS port out of the redirect; on 443, as deployed, this is the site.
      expect(await redirectFrom(caddy.httpOrigin)).toEqual({ status: 308, location: `https://${SITE}/` });

      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);

      // The trust is real: the same browser without the root refuses the site.
      const bareHome = mkdtempSync(join(tmpdir(), 'kiosk-clock-stranger-home-'));
      cleanups.push(() => rmSync(bareHome, { recursive: true, force: true }));
      const stranger = await launchTablet(bareHome);
      cleanups.push(() => stranger.close());
      const refused = await (await stranger.newPage()).goto(caddy.origin).then(
        () => 'loaded',
        (error: unknown) => String(error),
      );
      expect(refused).toMatch(/ERR_CERT_AUTHORITY_INVALID/);
      finished = true;
    } finally {
      if (!finished) {
        for (const [name, output] of logs) await test.info().attach(`${name} output`, { body: output(), contentType: 'text/plain' });
      }
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });
});
