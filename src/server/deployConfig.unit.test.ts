/**
 * The Caddy configurations in deploy/ (docs/deployment.md), as Caddy itself reads them: each file
 * is adapted to Caddy's JSON with `caddy adapt --validate` and checked for what the deployment
 * relies on. The LAN file also runs for real in e2e/https.spec.ts; the public one cannot here (its
 * certificates come from Let's Encrypt), so this is where it is tested. Needs `caddy` (.ci/run
 * installs it) and fails, saying so, without it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const DEPLOY = fileURLToPath(new URL('../../deploy/', import.meta.url));
const SECOND_NS = 1_000_000_000;

/** Caddy's JSON for one Caddyfile, with `env` for its {$...} settings. */
function adapt(file: string, env: Record<string, string> = {}): unknown {
  const result = spawnSync('caddy', ['adapt', '--config', `${DEPLOY}${file}`, '--adapter', 'caddyfile', '--validate'], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  if (result.error) throw new Error(`caddy could not be run (\`apt-get install -y caddy\`; .ci/run installs it): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`caddy rejected ${file}:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Every object in the configuration with this `handler` (wherever routes nest it). */
function handlers(config: unknown, name: string): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.handler === name) found.push(record);
      Object.values(record).forEach(walk);
    }
  };
  walk(config);
  return found;
}

const Policy = z.object({ subjects: z.array(z.string()), issuers: z.array(z.object({ module: z.string(), email: z.string().optional() })).optional() });
const Config = z.object({
  admin: z.object({ disabled: z.boolean().optional(), listen: z.string().optional() }).optional(),
  apps: z.object({
    http: z.object({ http_port: z.number().optional(), https_port: z.number().optional() }).passthrough(),
    tls: z.object({ automation: z.object({ policies: z.array(Policy) }) }).optional(),
    pki: z.object({ certificate_authorities: z.object({ local: z.object({ install_trust: z.boolean() }) }) }).optional(),
  }),
});

const FILES = [
  { file: 'Caddyfile.lan', site: 'kiosk.lan' },
  { file: 'Caddyfile.public', site: 'clock.example.com' },
] as const;

describe('deploy/ Caddyfiles', () => {
  for (const { file, site } of FILES) {
    it(`${file}: ${site} proxies to both service processes with health checks and retries, and refuses /metrics`, () => {
      const config = adapt(file);
      const [proxy, ...more] = handlers(config, 'reverse_proxy');
      expect(more).toEqual([]);
      expect(proxy).toMatchObject({
        upstreams: [{ dial: '127.0.0.1:8787' }, { dial: '127.0.0.1:8788' }],
        health_checks: { active: { uri: '/readyz', interval: 2 * SECOND_NS, expect_status: 200 } },
        load_balancing: { selection_policy: { policy: 'round_robin' }, try_duration: 5 * SECOND_NS },
        buffer_requests: true,
        transport: { protocol: 'http', keep_alive: { enabled: false } },
      });
      expect(proxy?.health_checks).not.toHaveProperty('passive');
      const metricsRoute = JSON.stringify(config).match(/\{"handle":\[\{"handler":"static_response","status_code":404\}\],"match":\[\{"path":\["\/metrics","\/metrics\/\*"\]\}\]\}/);
      expect(metricsRoute, '/metrics answered 404 by Caddy').not.toBeNull();
      expect(handlers(config, 'headers').map((h) => JSON.stringify(h))).toEqual([expect.stringContaining('"Strict-Transport-Security":["max-age=31536000"]')]);
      const policies = Config.parse(config).apps.tls?.automation.policies ?? [];
      expect(policies.map((p) => p.subjects)).toEqual([[site]]);
    });
  }

  it('Caddyfile.lan: certificates from Caddy\'s own authority, no change to the server\'s trust store, admin on loopback', () => {
    const config = Config.parse(adapt('Caddyfile.lan'));
    expect(config.apps.tls?.automation.policies[0]?.issuers).toEqual([{ module: 'internal' }]);
    expect(config.apps.pki?.certificate_authorities.local.install_trust).toBe(false);
    expect(config.admin?.disabled ?? false).toBe(false);
    expect(config.admin?.listen ?? 'localhost:2019').toBe('localhost:2019');
  });

  it('Caddyfile.public: certificates from ACME authorities, with the operator\'s e-mail', () => {
    const config = Config.parse(adapt('Caddyfile.public', { KIOSK_SITE: 'clock.shop.example', KIOSK_ACME_EMAIL: 'ops@shop.example' }));
    const [policy] = config.apps.tls?.automation.policies ?? [];
    expect(policy?.subjects).toEqual(['clock.shop.example']);
    expect(policy?.issuers?.map((issuer) => issuer.module)).toEqual(expect.arrayContaining(['acme']));
    expect(policy?.issuers?.every((issuer) => issuer.module !== 'internal' && issuer.email === 'ops@shop.example')).toBe(true);
  });

  it('the settings the tests and a LAN may give through the environment reach Caddy', () => {
    const config = adapt('Caddyfile.lan', {
      KIOSK_SITE: 'kiosk.test',
      KIOSK_UPSTREAMS: '127.0.0.1:9001 127.0.0.1:9002 127.0.0.1:9003',
      KIOSK_HTTPS_PORT: '8443',
      KIOSK_HTTP_PORT: '8080',
      KIOSK_CADDY_ADMIN: 'off',
    });
    expect(handlers(config, 'reverse_proxy')[0]?.upstreams).toEqual([{ dial: '127.0.0.1:9001' }, { dial: '127.0.0.1:9002' }, { dial: '127.0.0.1:9003' }]);
    const parsed = Config.parse(config);
    expect([parsed.apps.http.https_port, parsed.apps.http.http_port, parsed.admin?.disabled]).toEqual([8443, 8080, true]);
    expect(parsed.apps.tls?.automation.policies[0]?.subjects).toEqual(['kiosk.test']);
  });
});
