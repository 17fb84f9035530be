/**
 * How the kiosk lays out what it is given, on a portrait (800x1280) and a landscape (1280x800)
 * tablet, against the shared service:
 * - a name of 100 characters takes at most two lines on its card and pushes nothing sideways, and the
 *   whole name is on the next screen; no card's status is cut short;
 * - the top bar keeps the business's name and its buttons' words in portrait, not bare icons;
 * - the paid-break choice sits with "Start break", apart from "Clock off".
 * Each test adds the person it needs (ServiceApi.addStaff), so it shares no one with other specs.
 */
import type { Locator, Page } from '@playwright/test';
import { goodPin } from './support/pins';
import { KioskPage } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { reviewScreen, VIEWPORTS } from './support/screens';
import { ServiceApi } from './support/serviceApi';
import { uniqueWord } from './support/staff';


/** How many lines of text an element shows (its height over its line height). */
function linesShown(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round((el.getBoundingClientRect().height / lineHeight) * 10) / 10;
  });
}

/** Whether anything on the page is wider than the screen (a sideways scroll on a tablet). */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test('a 100-character name takes at most two lines on its card, moves nothing sideways, and is whole on the next screen', async ({ page, request, serviceURL, demo }) => {
  const api = new ServiceApi(request, serviceURL, demo);
  const firstName = `Maximiliana Konstantina ${uniqueWord()}`;
  const surname = `Featherstonehaugh-Cholmondeley-Marjoribanks `.padEnd(100 - firstName.length - 1, 'x');
  const name = `${firstName} ${surname}`;
  expect(name).toHaveLength(100);
  const pin = goodPin();
  await api.addStaff({ firstName, surname, email: null, mobileNumber: null, pin });
  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo);

  const card = kiosk.grid().getByRole('button', { name: new RegExp(firstName) });
  const shownName = card.getByText(name, { exact: true });
  await reviewScreen(page, 'grid-long-name', {
    ready: () => expect(shownName).toBeVisible(),
    afterScan: async (orientation) => {
      expect(await linesShown(shownName), `${orientation}: lines the name takes`).toBeLessThanOrEqual(2);
      expect(await overflowsSideways(page), `${orientation}: the page scrolls sideways`).toBe(false);
      // Every card's status ("On since yesterday", "Break since 10:15") is shown whole.
      const cut = await kiosk
        .grid()
        .locator('[class*="statusText"]')
        .evaluateAll((texts) => texts.filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight).map((el) => el.textContent));
      expect(cut, `${orientation}: statuses cut short`).toEqual([]);
    },
  });

  await card.click();
  await expect(kiosk.main.getByText(name, { exact: true })).toBeVisible();
});

test('in portrait the top bar keeps the business name and says what its buttons are', async ({ page, serviceURL, demo }) => {
  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo);
  const banner = page.getByRole('banner');
  await page.setViewportSize(VIEWPORTS.landscape);
  await expect(kiosk.grid()).toBeVisible();
  const words = banner.locator('[class*="kioskSub"]');
  const businessName = (await words.innerText()).trim();
  expect(businessName.length).toBeGreaterThan(0);

  await page.setViewportSize(VIEWPORTS.portrait);
  await expect(banner.getByText(businessName, { exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Manager' })).toContainText('Manager');
  await expect(banner.getByText('Online', { exact: true })).toBeVisible();
});

test('the paid-break choice sits with Start break, apart from Clock off', async ({ page, request, serviceURL, demo }) => {
  const api = new ServiceApi(request, serviceURL, demo);
  const person = { firstName: 'Bree', surname: `Breakgroup ${uniqueWord()}`, email: null, mobileNumber: null, pin: goodPin() };
  await api.addStaff(person);
  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo);
  const name = `${person.firstName} ${person.surname}`;
  await kiosk.signIn(name, person.pin);
  await kiosk.choose('clockOn');
  await expect(kiosk.options().or(kiosk.receipt)).toBeVisible();
  if (await kiosk.options().isVisible()) await kiosk.confirmClockOn();
  await kiosk.expectReceipt('clockOn');
  await kiosk.finishReceipt();

  await kiosk.signIn(name, person.pin);
  const group = kiosk.actions().getByTestId('break-group');
  await expect(group.getByRole('button', { name: 'Start break' })).toBeVisible();
  await expect(kiosk.paidBreakSwitch()).toBeVisible();
  const inGroup = (element: Locator) => element.evaluate((el) => el.closest('[data-testid="break-group"]') !== null);
  expect(await inGroup(kiosk.paidBreakSwitch()), 'the paid-break switch is in the break group').toBe(true);
  expect(await inGroup(kiosk.actions().getByRole('button', { name: 'Clock off' })), 'Clock off is outside the break group').toBe(false);
});
