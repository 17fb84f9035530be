/**
 * Which Chromium the browser tests (and the icon generator and the kiosk-feel bench) launch, and
 * with which flags. Playwright cannot download browsers here, so the search order is:
 * $CHROMIUM_PATH, then for the tests Debian's /usr/bin/chromium-headless-shell, then Debian's
 * /usr/bin/chromium, then Playwright's own download if one exists.
 *
 * The tests prefer the headless shell, which is what Playwright itself runs for headless Chromium:
 * the same Blink, V8, network stack and service workers built without the browser's window and
 * profile machinery, at about two thirds of the CPU per test (the browser tests are CPU-bound on
 * two cores). The bench keeps the full browser so its figures stay comparable with earlier runs,
 * and so does the one test of Background Sync, which the shell reports disabled (findFullChromium).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

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

export interface ChromiumChoice {
  /** Prefer Debian's headless shell when it is installed (the browser tests); false: the full browser. */
  headlessShell?: boolean;
}

/** The Chromium executable to launch; throws naming every place that was looked at. */
export function findChromium(env: Record<string, string | undefined> = process.env, { headlessShell = true }: ChromiumChoice = {}): string {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but there is no file there.`);
  }
  if (headlessShell && existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const bundled = playwrightsOwnChromium();
  if (bundled) return bundled;
  const looked = [
    '$CHROMIUM_PATH (not set)',
    ...(headlessShell ? [`${DEBIAN_HEADLESS_SHELL} (missing; install it with \`apt-get install -y chromium-headless-shell\`)`] : []),
    `${DEBIAN_CHROMIUM} (missing; install it with \`apt-get install -y chromium\`)`,
    "Playwright's own browser (not downloaded; `npx playwright install chromium` where downloads work)",
  ];
  throw new Error(`No Chromium found for the browser tests. Looked at:\n${looked.map((place, index) => `  ${index + 1}. ${place}`).join('\n')}`);
}

/**
 * The full browser (Debian's chromium), never the headless shell: for the icons and the bench, whose
 * figures stay comparable with earlier runs, and for Background Sync, which the shell has disabled.
 */
export function findFullChromium(env: Record<string, string | undefined> = process.env): string {
  return findChromium(env, { headlessShell: false });
}
