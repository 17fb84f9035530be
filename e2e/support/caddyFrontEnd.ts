/**
 * Caddy in front of the service processes, as docs/deployment.md sets it up for a LAN: the very
 * file deploy/Caddyfile.lan (`tls internal`, kiosk-proxy.caddy's load balancing), with only its
 * {$...} settings given through the environment: a name such as kiosk.test, high loopback ports,
 * the admin endpoint off, and Caddy's storage (its certificate authority) in a temp dir
 * (XDG_DATA_HOME). trustingHome() makes what a tablet has after its set-up: a home directory whose
 * NSS database (Chromium's trust store on Linux) trusts that authority's root.
 *
 * Missing tools fail with a message saying what to install (the CI script installs them).
 * stop() ends only the Caddy process started here, by its PID.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/server/testing/postgresCluster';
import { PROJECT_ROOT } from './serviceProcess';

export const LAN_CADDYFILE = join(PROJECT_ROOT, 'deploy/Caddyfile.lan');
const START_TIMEOUT_MS = 30_000;

export interface CaddyFrontEnd {
  /** e.g. https://kiosk.test:41234 */
  origin: string;
  /** The plain-HTTP listener that redirects to `origin`. */
  httpOrigin: string;
  httpsPort: number;
  /** Caddy's local certificate authority's root (what a tablet is told to trust). */
  rootCertificate: string;
  output(): string;
  stop(): Promise<void>;
}

/** The executable, or an error naming the Debian package that provides it. */
export function requireTool(command: string, debianPackage: string): string {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new Error(`${command} is not installed: the HTTPS browser test needs it (\`apt-get install -y ${debianPackage}\`; .ci/run installs it).`);
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** True once a TLS handshake for `servername` succeeds on the port (the certificate is issued). */
function handshakes(port: number, servername: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca: [readFileSync(ca, 'utf8')], timeout: 2_000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Starts Caddy with deploy/Caddyfile.lan for `site` (a name, no port) in front of `upstreams` (host:port). */
export async function startCaddy(options: { site: string; upstreams: readonly string[] }): Promise<CaddyFrontEnd> {
  const caddy = requireTool('caddy', 'caddy');
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-clock-caddy-'));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    KIOSK_SITE: options.site,
    KIOSK_UPSTREAMS: options.upstreams.join(' '),
    KIOSK_HTTPS_PORT: String(httpsPort),
    KIOSK_HTTP_PORT: String(httpPort),
    KIOSK_CADDY_ADMIN: 'off',
  };
  const child = spawn(caddy, ['run', '--config', LAN_CADDYFILE, '--adapter', 'caddyfile'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const record = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const killOnExit = () => {
    if (!hasExited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      await Promise.race([exited, delay(5_000)]);
      if (!hasExited) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    process.removeListener('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  // The Debian service keeps this under /var/lib/caddy/.local/share (docs/deployment.md).
  const rootCertificate = join(dir, 'data/caddy/pki/authorities/local/root.crt');
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(existsSync(rootCertificate) && (await handshakes(httpsPort, options.site, rootCertificate)))) {
    if (hasExited || Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not start serving https://${options.site}:${httpsPort} (${hasExited ? 'it exited' : 'timed out'}):\n${output}`);
    }
    await delay(200);
  }
  return {
    origin: `https://${options.site}:${httpsPort}`,
    httpOrigin: `http://${options.site}:${httpPort}`,
    httpsPort,
    rootCertificate,
    output: () => output,
    stop,
  };
}

/**
 * A fresh home directory whose NSS database trusts `rootCertificate` for web sites, as a tablet
 * does once its owner installed Caddy's root: Chromium on Linux reads $HOME/.pki/nssdb.
 */
export function trustingHome(rootCertificate: string): { home: string; remove(): void } {
  const certutil = requireTool('certutil', 'libnss3-tools');
  const home = mkdtempSync(join(tmpdir(), 'kiosk-clock-tablet-home-'));
  const nssdb = join(home, '.pki/nssdb');
  mkdirSync(nssdb, { recursive: true });
  const run = (args: string[]) => {
    const result = spawnSync(certutil, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`certutil ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  };
  run(['-d', `sql:${nssdb}`, '-N', '--empty-password']);
  run(['-d', `sql:${nssdb}`, '-A', '-t', 'C,,', '-n', 'caddy-local', '-i', rootCertificate]);
  return { home, remove: () => rmSync(home, { recursive: true, force: true }) };
}
