/**
 * Which Chromium the browser tests (and the icon generator) launch, and with which flags.
 * Playwright cannot download browsers here, so the search order is: $CHROMIUM_PATH, Debian's
 * /usr/bin/chromium, then Playwright's own download if one exists.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for a closed network and a container: no sandbox (root), no GPU, no background traffic
 * (otherwise Chromium floods the closed network with refused connections), plus a fake camera
 * and auto-accepted permission prompt for the photo-on-punch tests.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

function playwrightsOwnChromium(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The Chromium executable to launch; throws naming every place that was looked at. */
export function findChromium(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but there is no file there.`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const bundled = playwrightsOwnChromium();
  if (bundled) return bundled;
  throw new Error(
    'No Chromium found for the browser tests. Looked at:\n' +
      '  1. $CHROMIUM_PATH (not set)\n' +
      `  2. ${DEBIAN_CHROMIUM} (missing; install it with \`apt-get install -y chromium\`)\n` +
      "  3. Playwright's own browser (not downloaded; `npx playwright install chromium` where downloads work)",
  );
}
