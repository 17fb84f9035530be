/**
 * Browser tests (e2e/**.spec.ts) against the REAL service serving the production build
 * (`build/server/main.js`; build first: `npm run build`). Two workers, one per core, each with a
 * service of its own started from the data the global setup prepared (e2e/support/fixtures.ts);
 * a spec file runs in one worker, its tests in order. Chromium is Debian's (or $CHROMIUM_PATH),
 * since Playwright cannot download browsers here; see e2e/support/browser.ts.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/browser';
import { VIEWPORTS } from './e2e/support/screens';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Playwright empties its output folder at start: a folder of its own, beside npm test's logs.
  outputDir: 'test-results/playwright',
  globalSetup: './e2e/support/globalSetup.ts',
  workers: 2,
  fullyParallel: false,
  forbidOnly: CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    // baseURL comes from the shared service (fixtures.ts), known only once the global setup ran.
    serviceWorkers: 'allow',
    viewport: VIEWPORTS.landscape,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium', viewport: VIEWPORTS.landscape, deviceScaleFactor: 1 },
    },
  ],
});
