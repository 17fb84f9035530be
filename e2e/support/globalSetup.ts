/**
 * Playwright global setup: starts the one shared service for the run (demo data, loopback, fresh
 * temp DATA_DIR) from the already built dist/ (the test script builds first; this does not), and
 * hands its URL and demo.json path to the workers through process.env (read by fixtures.ts).
 * The returned function is the teardown: it stops that process by PID and removes the temp dir.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, startService } from './serviceProcess';

export const ENV_BASE_URL = 'E2E_BASE_URL';
export const ENV_DEMO_FILE = 'E2E_DEMO_FILE';

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const file of ['dist/index.html', 'dist/sw.js', 'dist/manifest.webmanifest']) {
    if (!existsSync(join(PROJECT_ROOT, file))) {
      throw new Error(`${file} is missing: build the app first (\`npm run build\`; \`npm test\` does it for you).`);
    }
  }
  const started = Date.now();
  const service = await startService({ demo: true, label: 'shared' });
  process.env[ENV_BASE_URL] = service.baseURL;
  process.env[ENV_DEMO_FILE] = join(service.dataDir, 'demo.json');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`e2e: service at ${service.baseURL} ready in ${seconds} s (pid ${service.pid}, data ${service.dataDir})\n`);
  return () => service.stop();
}
