/**
 * The `test` every spec imports: Playwright's, with baseURL pointing at the shared service the
 * global setup started, and `demo` (that service's demo.json: business, kiosk, manager, staff and
 * their PINs). Specs that need a service of their own use startService() from serviceProcess.ts.
 * `clocks` sets the browser's and the service's time together (clocks.ts).
 * Every test also fails on any Content-Security-Policy violation its pages report, so the whole
 * browser suite proves the app works under the service's security headers; a spec that provokes
 * one on purpose names it in `cspAllowed`.
 */
import { readFileSync } from 'node:fs';
import { expect, test as base } from '@playwright/test';
import { serviceClock, type DemoFile } from './serviceProcess';
import { bothClocks, type Clocks } from './clocks';
import { ENV_BASE_URL, ENV_DEMO_FILE } from './globalSetup';

function fromSetup(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts (its global setup starts the service).`);
  return value;
}

export const test = base.extend<{ cspAllowed: RegExp[]; cspGuard: void; clocks: Clocks }, { demo: DemoFile; serviceURL: string }>({
  cspAllowed: [[], { option: true }],
  cspGuard: [
    async ({ context, cspAllowed }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy/i.test(text) && !cspAllowed.some((allowed) => allowed.test(text))) violations.push(text);
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
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
  // The browser's and the shared service's clocks, set together (clocks.ts); the service's goes
  // back to real time after the test.
  clocks: async ({ context, serviceURL }, use) => {
    const service = serviceClock(serviceURL);
    const clocks = bothClocks(context, service);
    await use(clocks);
    if (clocks.moved) await service.real();
  },
});

export { expect };
