/**
 * The kiosk's first screen stays lean: the built JavaScript a fresh tablet must
 * fetch before the staff grid runs is at most 150 kB gzip. A size, not a time: speed is measured
 * by `npm run bench`. Also checks the walk itself finds the app's code, so it cannot pass by
 * finding nothing.
 */
import { expect, test } from './support/fixtures';
import { FIRST_SCREEN_BUDGET_BYTES, firstScreenScripts } from './support/firstScreenScripts';

test('the JavaScript before the staff grid is within 150 kB gzip, and the API client is not part of it', () => {
  const { files, gzipBytes } = firstScreenScripts();
  const all = files.map((f) => f.path).join(', ');
  // React alone is over 40 kB gzip: a smaller total means the walk missed the app.
  expect(gzipBytes, all).toBeGreaterThan(40 * 1024);
  expect(gzipBytes, `${(gzipBytes / 1024).toFixed(1)} kB gzip in ${all}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
  expect(files.some((f) => /\/(ManagerEntry|SetupEntry|FlowSteps|kioskRuntime)-/.test(f.path)), all).toBe(false);
});
