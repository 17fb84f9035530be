/**
 * `npm run icons`: rasterises public/icons/icon.svg into the PNG icons the web app manifest and
 * index.html name, using Playwright with the same Chromium as the browser tests. The PNGs are
 * committed; run this again only after changing the SVG.
 *
 *   icon-192.png, icon-512.png   purpose "any": the SVG as drawn (rounded square, transparent corners)
 *   maskable-512.png             purpose "maskable": full-bleed background, mark inside the safe zone
 *   apple-touch-icon-180.png     full-bleed and opaque (iOS rounds the corners itself)
 *
 * After drawing the maskable icon it checks that nothing but background lies outside the safe zone
 * (the centred circle of 80% diameter), so a change to the SVG cannot silently break it.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findFullChromium } from '../e2e/support/browser';

const ICONS = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BACKGROUND = '#0f3d3e';
const BACKGROUND_RGB = [0x0f, 0x3d, 0x3e] as const;
/** The mark's outer ring reaches 190/256 of the half-size; 0.9 puts it at ~84% of the safe radius. */
const FULL_BLEED_SCALE = 0.9;
const SAFE_ZONE_RADIUS = 0.4;

interface Target {
  file: string;
  size: number;
  fullBleed: boolean;
}

const TARGETS: Target[] = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon-180.png', size: 180, fullBleed: true },
];

function pageFor(svg: string, target: Target): string {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const mark = target.fullBleed ? Math.round(target.size * FULL_BLEED_SCALE) : target.size;
  const background = target.fullBleed ? BACKGROUND : 'transparent';
  return `<!doctype html><html><body style="margin:0;width:${target.size}px;height:${target.size}px;display:grid;place-items:center;background:${background}">
<img src="${src}" width="${mark}" height="${mark}" alt="" style="display:block"></body></html>`;
}

/**
 * Counts pixels outside the safe-zone circle that differ from the background colour. Runs in the
 * page (a canvas decodes the PNG), so it is passed as source text.
 */
const COUNT_OUTSIDE_SAFE_ZONE = `async ({ png, radius, rgb }) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const centre = image.width / 2;
  const limit = radius * image.width;
  let outside = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) <= limit) continue;
      const i = (y * image.width + x) * 4;
      const off = Math.abs(data[i] - rgb[0]) + Math.abs(data[i + 1] - rgb[1]) + Math.abs(data[i + 2] - rgb[2]);
      if (off > 12 || data[i + 3] !== 255) outside++;
    }
  }
  return outside;
}`;

async function pixelsOutsideSafeZone(page: Page, png: Buffer): Promise<number> {
  const args = { png: png.toString('base64'), radius: SAFE_ZONE_RADIUS, rgb: BACKGROUND_RGB };
  return page.evaluate<number>(`(${COUNT_OUTSIDE_SAFE_ZONE})(${JSON.stringify(args)})`);
}

async function main(): Promise<void> {
  const svg = readFileSync(join(ICONS, 'icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
  try {
    for (const target of TARGETS) {
      const page = await browser.newPage({ viewport: { width: target.size, height: target.size }, deviceScaleFactor: 1 });
      await page.setContent(pageFor(svg, target), { waitUntil: 'load' });
      const png = await page.screenshot({ omitBackground: !target.fullBleed, type: 'png' });
      if (target.fullBleed) {
        const stray = await pixelsOutsideSafeZone(page, png);
        if (stray > 0) throw new Error(`${target.file}: ${stray} pixels of the mark lie outside the maskable safe zone`);
      }
      writeFileSync(join(ICONS, target.file), png);
      await page.close();
      process.stdout.write(`${target.file.padEnd(26)} ${target.size}x${target.size}  ${statSync(join(ICONS, target.file)).size} bytes\n`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
