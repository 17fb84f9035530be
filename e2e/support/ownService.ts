/**
 * A service of one spec file's own (a fresh copy of the demo, on settings or a clock of its own),
 * started by the file's first test that needs it and stopped after the file's last test, with
 * `baseURL` pointing at it. It is kept per file in this module rather than as a worker-scoped
 * fixture on purpose: a file whose worker fixtures differ from the others' cannot share their
 * workers, so Playwright gives it a worker of its own once the shared ones are free, and such files
 * became the run's slow tail.
 */
import { test as shared } from './fixtures';
import { startService, type CommonOptions, type DemoFile, type ServiceInstance } from './serviceProcess';

/** How long the file's service may take to start (PGlite on a busy machine is slow to begin). */
const START_TIMEOUT_MS = 120_000;

/** The spec's `test`: the shared one plus `ownService`, the file's service, which is also its `baseURL`. */
export function testWithOwnService(options: CommonOptions & { label: string }) {
  let service: ServiceInstance<DemoFile> | null = null;
  const test = shared.extend<{ ownService: ServiceInstance<DemoFile> }>({
    ownService: [
      // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
      async ({}, use) => {
        service ??= await startService({ ...options, demo: true });
        await use(service);
      },
      { timeout: START_TIMEOUT_MS },
    ],
    baseURL: async ({ ownService }, use) => {
      await use(ownService.baseURL);
    },
  });
  test.afterAll(async () => {
    await service?.stop();
    service = null;
  });
  return test;
}
