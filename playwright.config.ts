/**
 * Browser tests (e2e/**.spec.ts) against the REAL service serving the production build: the global
 * setup starts the compiled service (`build/server/main.js`) with DEMO=1 on a free loopback port and a temp DATA_DIR (build
 * first: `npm run build`). One worker, one service: deterministic. Chromium is Debian's (or
 * $CHROMIUM_PATH), since Playwright cannot download browsers here; see e2e/support/browser.ts.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/browser';
import { VIEWPORTS } from './e2e/support/screens';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './e2e/support/globalSetup.ts',
  workers: 1,
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
