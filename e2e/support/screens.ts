/**
 * Screenshots for review: reviewScreen(page, name) saves e2e/screenshots/<name>-<orientation>.png
 * in the kiosk's two tablet viewports (800x1280 portrait and 1280x800 landscape: a 10-inch tablet
 * either way round), restoring the viewport afterwards, and runs axe on each. The folder is
 * git-ignored; CI can publish it as an artefact.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type BrowserContextOptions, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, type A11yOptions } from './axe';

export type Orientation = 'portrait' | 'landscape';

export const VIEWPORTS: Readonly<Record<Orientation, { width: number; height: number }>> = {
  portrait: { width: 800, height: 1280 },
  landscape: { width: 1280, height: 800 },
};

/**
 * How every browser context of the kiosk tests opens, the config's and those a spec opens itself: a
 * landscape 10-inch tablet in the demo business's zone and language, with the service worker on.
 */
export const TABLET_CONTEXT = {
  serviceWorkers: 'allow',
  viewport: VIEWPORTS.landscape,
  locale: 'en-GB',
  timezoneId: 'Europe/London',
} as const satisfies BrowserContextOptions;

const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

function orientationOf(page: Page): Orientation {
  const size = page.viewportSize();
  if (!size) throw new Error('The page has no fixed viewport, so it has no orientation');
  return size.height > size.width ? 'portrait' : 'landscape';
}

/** Saves a screenshot of the viewport; returns its path. `name` is kebab-case, e.g. 'pin-pad'. */
export async function captureScreen(page: Page, name: string): Promise<string> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) throw new Error(`Screenshot name "${name}" must be kebab-case (a-z, 0-9, -)`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-${orientationOf(page)}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  return path;
}

/** Runs `fn` once per orientation (as a test step each), then restores the original viewport. */
async function forBothOrientations(page: Page, fn: (orientation: Orientation) => Promise<void>): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const orientation of ['portrait', 'landscape'] as const) {
      await test.step(orientation, async () => {
        await page.setViewportSize(VIEWPORTS[orientation]);
        await fn(orientation);
      });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

export interface ReviewOptions {
  /** What must hold before each screenshot (e.g. a heading is visible); runs in each orientation. */
  ready?: () => Promise<void>;
  /** Limits or tunes the axe scan. */
  a11y?: A11yOptions;
  /** Further checks in each orientation, after the screenshot and the axe scan. */
  afterScan?: (orientation: Orientation) => Promise<void>;
}

/**
 * A screen for review, in portrait and landscape: `ready()`, the screenshot
 * (e2e/screenshots/<name>-<orientation>.png) and an axe scan failing on serious violations.
 */
export async function reviewScreen(page: Page, name: string, options: ReviewOptions = {}): Promise<void> {
  await test.step(`review ${name}`, async () => {
    await forBothOrientations(page, async (orientation) => {
      await options.ready?.();
      await captureScreen(page, name);
      await expectNoSeriousA11yViolations(page, `${name}, ${orientation}`, options.a11y);
      await options.afterScan?.(orientation);
    });
  });
}
