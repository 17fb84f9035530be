/**
 * The `test` every spec imports: Playwright's, with baseURL pointing at the shared service the
 * global setup started, and `demo` (that service's demo.json: business, kiosk, manager, staff and
 * their PINs). Specs that need a service of their own use startService() from serviceProcess.ts.
 */
import { readFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import type { DemoFile } from './serviceProcess';
import { ENV_BASE_URL, ENV_DEMO_FILE } from './globalSetup';

function fromSetup(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts (its global setup starts the service).`);
  return value;
}

export const test = base.extend<object, { demo: DemoFile; serviceURL: string }>({
  serviceURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      await use(fromSetup(ENV_BASE_URL));
    },
    { scope: 'worker' },
  ],
  demo: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      await use(JSON.parse(readFileSync(fromSetup(ENV_DEMO_FILE), 'utf8')) as DemoFile);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ serviceURL }, use) => {
    await use(serviceURL);
  },
});

export { expect } from '@playwright/test';
