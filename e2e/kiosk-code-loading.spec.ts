/**
 * A wall tablet on bad Wi-Fi, with no service worker to keep the app's code (over plain HTTP, or
 * before the worker has kept it): code split out of the first screen can fail to arrive. The kiosk
 * fetches it again until it comes (the names still answer a tap), and when it never comes it shows
 * a restart notice that restarts the app on its own, but only once the app's page can be had
 * (reloading into the browser's error page would leave the tablet there). Real built service, the
 * fetches refused by Playwright's router; the retries' waits run on the page's clock.
 */
import { KioskPage } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { reviewScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });

const STEPS_CODE = /\/assets\/FlowSteps-[\w-]+\.js$/;
const RUNTIME_CODE = /\/assets\/kioskRuntime-[\w-]+\.js$/;
const MANAGER_CODE = /\/assets\/ManagerEntry-[\w-]+\.js$/;

test('code that fails to arrive is fetched again: a tapped name opens its PIN pad once it comes', async ({ page, serviceURL, demo }) => {
  test.setTimeout(90_000);
  const refused = { steps: 0, runtime: 0 };
  await page.route(STEPS_CODE, (route) => (refused.steps++ < 2 ? route.abort('internetdisconnected') : route.fallback()));
  await page.route(RUNTIME_CODE, (route) => (refused.runtime++ < 1 ? route.abort('internetdisconnected') : route.fallback()));
  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo, 'Code retry e2e tablet');
  const person = demo.staff[0]!;
  // The steps' code arrives on its third try; until then the tap shows the person and "One moment…".
  await kiosk.tapName(`${person.firstName} ${person.surname}`);
  // Both were refused and asked for again (2 refusals and a success; 1 and a success).
  expect(refused).toEqual({ steps: 3, runtime: 2 });
  await expect(page.getByRole('heading', { name: 'The kiosk needs to restart' })).toHaveCount(0);
});

test('code that never arrives ends on a restart notice, which restarts the app only once its page can be had', async ({ page, serviceURL, demo }) => {
  test.setTimeout(120_000);
  let managerCodeRefused = 0;
  await page.route(MANAGER_CODE, (route) => {
    managerCodeRefused += 1;
    return route.abort('internetdisconnected');
  });
  await page.clock.install();
  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo, 'Code never e2e tablet');

  await kiosk.header.getByRole('button', { name: 'Manager' }).click();
  const notice = page.getByRole('heading', { name: 'The kiosk needs to restart' });
  // Each refusal waits on the page's clock before the next try (1 + 2 + 4 + 8 + 16 s): move it on.
  for (let i = 0; i < 20 && !(await notice.isVisible()); i += 1) {
    await page.clock.fastForward(4_000);
    await page.waitForTimeout(100);
  }
  await expect(notice).toBeVisible();
  // Asked six times at least (the first and five more; Vite's preloading may ask once more).
  expect(managerCodeRefused).toBeGreaterThanOrEqual(6);
  await expect(page.getByText('Something went wrong on this tablet. Punches already recorded are kept and will be sent.')).toBeVisible();
  const countdown = page.getByTestId('crashed-countdown');
  await expect(countdown).toHaveText(/^Restarting in \d+ seconds…$/);
  await reviewScreen(page, 'app-restart-notice', { ready: () => expect(notice).toBeVisible() });

  // The network is gone when the countdown ends: no reload into the browser's error page, it counts down again.
  await page.context().setOffline(true);
  await page.clock.fastForward(11_000);
  await expect(countdown).toHaveText(/^Restarting in (9|10) seconds…$/);
  await expect(notice).toBeVisible();

  // Back, and the code can be had: the countdown's end restarts the app into working order.
  await page.context().setOffline(false);
  await page.unroute(MANAGER_CODE);
  const reloaded = page.waitForEvent('load');
  await page.clock.fastForward(11_000);
  await reloaded;
  await kiosk.header.getByRole('button', { name: 'Manager' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in as a manager' }).or(page.getByRole('button', { name: 'Use e-mail and password instead' }))).toBeVisible();
});
