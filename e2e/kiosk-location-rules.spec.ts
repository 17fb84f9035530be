/**
 * A location's own questions at clock-off, at the kiosk: the business asks nothing, its front
 * counter asks "Are you leaving work free of any injury?" at every clock-off (a location override,
 * `POST B/location/{id}/rules`). A person clocked on at the counter's kiosk (so to the counter) is
 * asked at clock-off, offline: the tablet finds the shift's location in its own journal, and the
 * answer reaches the service once the network is back. The service is the test's own (the override
 * would change what other specs' counter kiosk asks).
 */
import { AttestationModel } from '../src/contract/supporting/attestations';
import { KioskPage, fullName } from './pages/kiosk';
import { expect } from './support/fixtures';
import { testWithOwnService } from './support/ownService';
import { apiKeyAuth } from './support/serviceApi';

const test = testWithOwnService({ label: 'location-rules' });

test("a location's questions are asked at clock-off of a shift there, offline", async ({ page, context, request, ownService: service }) => {
  test.setTimeout(240_000);
  const demo = service.demo;
  const counter = demo.counterKiosk;
  if (!counter) throw new Error('demo.json has no counter kiosk');
  const headers = apiKeyAuth(demo.apiKey);
  const business = `${service.baseURL}/api/v2/business/${demo.businessId}`;
  const kioskModel = (await (await request.get(`${business}/kiosk/${counter.kioskId}`, { headers })).json()) as { locationId: number | null };
  expect(kioskModel.locationId).not.toBeNull();
  expect((await (await request.get(`${business}/attestationsettings`, { headers })).json())).toEqual({ rules: [] });
  const saved = await request.post(`${business}/location/${kioskModel.locationId}/rules`, {
    headers,
    data: { breakRules: null, attestations: { rules: [{ question: 'Injury', askWhen: 'Always', hours: 0 }] } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const kiosk = new KioskPage(page);
  await kiosk.enrol(service.baseURL, { ...demo, kioskId: counter.kioskId }, 'Counter rules tablet');
  const person = counter.staff.find((s) => s.firstName === 'Priya') ?? counter.staff[0]!;
  await kiosk.signIn(fullName(person), person.pin);
  await kiosk.choose('clockOn');
  await kiosk.confirmClockOn();
  await kiosk.expectReceipt('clockOn');
  await kiosk.finishReceipt();
  await kiosk.waitForSync(30_000);

  await context.setOffline(true);
  await kiosk.signIn(fullName(person), person.pin);
  await kiosk.choose('clockOff');
  const question = page.getByTestId('attest-Injury');
  await expect(question.getByRole('group', { name: 'Are you leaving work free of any injury?' })).toBeVisible();
  await question.getByRole('radio', { name: 'Yes, no injury' }).check();
  await page.getByTestId('attest-clock-off').click();
  await kiosk.expectReceipt('clockOff');
  await kiosk.finishReceipt();
  await context.setOffline(false);
  await kiosk.waitForSync(60_000);

  const answers = async () =>
    AttestationModel.array()
      .parse(await (await request.get(`${business}/attestations`, { headers })).json())
      .filter((a) => a.employeeId === person.employeeId)
      .map((a) => a.answers);
  await expect.poll(answers, { timeout: 30_000 }).toEqual([[{ question: 'Injury', version: 1, answer: 'NoInjury' }]]);
});
