/**
 * One time for the browser and the service in a browser test. The kiosk checks the service's Date
 * header and reports how far the tablet's clock is off, and both sides decide "today", "late" and
 * "midnight" from their own clocks, so a test that sets the time sets both: Playwright's
 * `context.clock` for the pages and the service's TEST_CLOCK (serviceProcess.ts) for the service.
 * Both then run on at real speed from the same instant.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { ServiceClock } from './serviceProcess';

export interface Clocks {
  /** Both clocks at this instant. Call it before the first page loads (Playwright installs its clock then). */
  set(instant: Date | string): Promise<void>;
  /** Both clocks forward by `ms`; the pages' timers due in between fire once. */
  forward(ms: number): Promise<void>;
  /** The service's reading (the pages' is `Date.now()` in the page). */
  now(): Promise<Date>;
  /** Whether a test moved them (the fixture then puts the service back on real time). */
  readonly moved: boolean;
}

export function bothClocks(context: BrowserContext, service: ServiceClock): Clocks {
  let pageClock = false;
  let moved = false;
  return {
    async set(instant) {
      const at = new Date(instant);
      moved = true;
      if (pageClock) await context.clock.setSystemTime(at);
      else await context.clock.install({ time: at });
      pageClock = true;
      await service.set(at);
    },
    async forward(ms) {
      if (!pageClock) throw new Error('set() the clocks before moving them forward');
      // The service first: what the pages' timers send when they fire must arrive at the new time.
      await service.advance(ms);
      await context.clock.fastForward(ms);
    },
    now: () => service.now(),
    get moved() {
      return moved;
    },
  };
}

/**
 * Stops a page's clock (after `page.clock.install()`) `marginMs` ahead of its reading, so only the
 * test moves it from there. Playwright refuses to pause in the page's past, and on a busy machine
 * reading the page's time and pausing it have taken longer than the margin between them; then it
 * reads the (by then paused) clock again and pauses just ahead of that, up to five times.
 */
export async function holdPageClock(page: Page, marginMs = 100): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + marginMs);
      return;
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !error.message.includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
