/**
 * Playwright global setup: prepares the data directories every service of the run starts from, so
 * a service is ready in about two seconds instead of ten (PGlite's initdb, the migrations and the
 * demo's seeding happen once, here): one with the demo seeded, one with an empty, migrated
 * database. Each is made by starting the compiled service on a fresh directory and stopping it
 * gracefully; serviceProcess.ts copies it into each new service's DATA_DIR. The built app must
 * exist (the test script builds first; this does not). The returned function removes both.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeScratchDir } from './scratch';
import { PROJECT_ROOT, startService, TEMPLATE_ENV } from './serviceProcess';

/** A template: the empty one from nothing, the demo's from a copy of the empty one (seeded on top). */
async function makeTemplate(from: string | null): Promise<string> {
  const label = from ? 'template-demo' : 'template-empty';
  const service = from ? await startService({ demo: true, label, template: from }) : await startService({ label, template: false });
  await service.halt();
  const template = makeScratchDir(`kiosk-clock-e2e-${label}-`);
  cpSync(service.dataDir, template, { recursive: true, filter: (source) => !source.endsWith('service.log') });
  await service.stop();
  return template;
}

export default async function globalSetup(): Promise<() => void> {
  for (const file of ['dist/index.html', 'dist/sw.js', 'dist/manifest.webmanifest', 'build/server/main.js']) {
    if (!existsSync(join(PROJECT_ROOT, file))) {
      throw new Error(`${file} is missing: build first (\`npm run build\`; \`npm test\` does it for you).`);
    }
  }
  const started = Date.now();
  // One after the other: initdb and the migrations run once, and the demo is seeded on a copy.
  const empty = await makeTemplate(null);
  const demo = await makeTemplate(empty);
  process.env[TEMPLATE_ENV.demo] = demo;
  process.env[TEMPLATE_ENV.empty] = empty;
  process.stdout.write(`e2e: data templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return () => {
    for (const dir of [demo, empty]) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}
