/**
 * Someone clocked on through employee self-service, as the kiosk shows them: the grid
 * and their own screen say "the self-service portal", not "another kiosk".
 *
 * One deviation from "the real service only": a browser test cannot get self-service credentials
 * (the invitation token goes by e-mail, and the shared e2e service sends none), so the person is
 * clocked on at this kiosk through the API and the tablet's shift search answer is changed on its
 * way in to say what the service answers for a self-service shift: kioskId 0 and no kiosk name.
 * That the service answers so to a device, and that the tablet records it, is tested against the
 * real service in src/server/routes/selfService/selfService.test.ts and
 * src/offline/openShiftsElsewhere.test.ts; this test covers the words on screen.
 */
import { KioskPage } from './pages/kiosk';
import { DemoApi } from './pages/manager';
import { expect, test } from './support/fixtures';

interface SearchedShift {
  id: number;
  kioskId: number;
  kioskName: string | null;
}

test('a person clocked on through self-service is shown as such on the grid and their screen', async ({ page, request, serviceURL, demo }) => {
  const api = new DemoApi(request, serviceURL, demo);
  const person = await api.addPerson('Phone');
  const shiftId = await api.clockOn(person.employeeId);
  await page.route('**/kiosk/shifts', async (route) => {
    const response = await route.fetch();
    const shifts = (await response.json()) as SearchedShift[];
    const json = shifts.map((shift) => (shift.id === shiftId ? { ...shift, kioskId: 0, kioskName: null } : shift));
    await route.fulfill({ response, json });
  });

  const kiosk = new KioskPage(page);
  await kiosk.enrol(serviceURL, demo);
  await expect(kiosk.card(person.name).getByTestId('elsewhere')).toHaveText('At the self-service portal');
  await kiosk.review('grid-self-service', kiosk.card(person.name));

  await kiosk.signIn(person.name, person.pin);
  await kiosk.expectActions(person.firstName);
  await expect(kiosk.actions().getByTestId('elsewhere')).toHaveText('Clocked on at the self-service portal');
  await kiosk.review('actions-self-service', kiosk.actions());
  await kiosk.switchLanguage('Español');
  await expect(kiosk.actions().getByTestId('elsewhere')).toHaveText('Entrada fichada en el portal del empleado');

  // Clocked off here, the person is no longer shown elsewhere.
  await kiosk.header.getByRole('button', { name: 'Idioma: English' }).click();
  await kiosk.choose('clockOff');
  await kiosk.expectReceipt('clockOff');
});
