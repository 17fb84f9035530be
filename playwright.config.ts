/**
 * Browser tests (e2e/**.spec.ts) against the REAL service serving the production build
 * (`build/server/main.js`; build first: `npm run build`). Two workers, one per core, each with a
 * service of its own started from the data the global setup prepared (e2e/support/fixtures.ts);
 * a spec file runs in one worker, its tests in order. Chromium is Debian's headless shell (or
 * $CHROMIUM_PATH), since Playwright cannot download browsers here; see e2e/support/browser.ts. To
 * watch a test run (--headed), set CHROMIUM_PATH=/usr/bin/chromium: the shell has no window.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/browser';
import { TABLET_CONTEXT, VIEWPORTS } from './e2e/support/screens';

const CI = Boolean(process.env.CI);
const FULL_TRACE = Boolean(process.env.E2E_FULL_TRACE);

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
    ...TABLET_CONTEXT,
    // A failed test keeps a trace of its actions with their timings, console and network, beside
    // the screenshot below; the filmstrip (screenshots) and the page's DOM at each action
    // (snapshots) only with E2E_FULL_TRACE=1: recording those for every test, passing ones too,
    // cost about a fifth of the browser tests' CPU time.
    trace: FULL_TRACE ? 'retain-on-failure' : { mode: 'retain-on-failure', screenshots: false, snapshots: false },
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
