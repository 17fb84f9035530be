/**
 * The `test` every spec imports: Playwright's, with a service per worker. Each worker starts its
 * own copy of the compiled service from the run's prepared demo data (globalSetup.ts), so the two
 * workers never share data and a spec sees what the specs before it in the same worker left, as
 * on one site. Fixtures:
 * - `workerService`: that service (serviceProcess.ts's ServiceInstance); `serviceURL` and `baseURL`
 *   point at it and `demo` is its demo.json (business, kiosk, manager, staff and their PINs).
 * - `clocks`: the browser's and the service's clocks set together (clocks.ts).
 * Specs that need a service of their own (a fresh database, settings of their own, a restart) use
 * startService() from serviceProcess.ts, which starts from the same prepared data in seconds, or
 * testWithOwnService() (ownService.ts) for one service per spec file; never a worker-scoped fixture
 * of their own, which would keep the file out of the shared workers.
 * Every test also fails on any Content-Security-Policy violation its pages report, so the whole
 * browser suite proves the app works under the service's security headers; a spec that provokes
 * one on purpose names it in `cspAllowed`.
 */
import { expect, test as base } from '@playwright/test';
import { serviceClock, startService, type DemoFile, type ServiceInstance } from './serviceProcess';
import { bothClocks, type Clocks } from './clocks';

interface TestFixtures {
  cspAllowed: RegExp[];
  cspGuard: void;
  clocks: Clocks;
}

interface WorkerFixtures {
  workerService: ServiceInstance<DemoFile>;
  serviceURL: string;
  demo: DemoFile;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
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
  workerService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, workerInfo) => {
      const service = await startService({ demo: true, label: `worker-${workerInfo.workerIndex}` });
      await use(service);
      await service.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  serviceURL: [
    async ({ workerService }, use) => {
      await use(workerService.baseURL);
    },
    { scope: 'worker' },
  ],
  demo: [
    async ({ workerService }, use) => {
      await use(workerService.demo);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ serviceURL }, use) => {
    await use(serviceURL);
  },
  // The browser's and the worker's service's clocks, set together (clocks.ts); the service's goes
  // back to real time after the test.
  clocks: async ({ context, serviceURL }, use) => {
    const service = serviceClock(serviceURL);
    const clocks = bothClocks(context, service);
    await use(clocks);
    if (clocks.moved) await service.real();
  },
});

export { expect };
