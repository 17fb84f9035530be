/**
 * Web hooks as a new user tries them: a receiver on 127.0.0.1 in the test process, a
 * registration made through the API as the demo manager, a clock-on and a clock-off at the kiosk
 * screen, and the receiver gets ClockOn and ClockOff envelopes signed with `ms-signature`, which it
 * checks with docs/webhooks.md's recipe (HMAC-SHA256 of the raw body with the secret, node:crypto).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { WebhookEnvelope } from '../src/domain/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../src/server/testing/webhookReceiver';
import { KioskPage, fullName } from './pages/kiosk';
import { expect, test } from './support/fixtures';
import { apiKeyAuth } from './support/serviceApi';
import { staffFor } from './support/staff';

/** docs/webhooks.md's receiver check, as an integrator would write it. */
function isSignedBy(rawBody: string, secret: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test('a registered receiver gets signed ClockOn and ClockOff events from the kiosk', async ({ page, request, serviceURL, demo }) => {
  test.setTimeout(60_000);
  const person = staffFor(demo, 'webhooks');
  const secret = `whsec-${randomUUID()}`;
  const registrations = `${serviceURL}/api/v2/business/${demo.businessId}/webhookregistrations`;
  const registered = await request.post(registrations, {
    headers: apiKeyAuth(demo.apiKey),
    data: {
      webHookUri: `${receiver.origin}/kiosk-events`,
      secret,
      description: 'Payroll bridge (e2e)',
      filters: ['clockon', 'ClockOff'],
      headers: { 'X-Bridge-Token': 'bridge-123' },
      properties: { source: 'e2e' },
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { id } = (await registered.json()) as { id: string };

  try {
    const kiosk = new KioskPage(page);
    await kiosk.enrol(serviceURL, demo);
    const name = fullName(person);
    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOn');
    await kiosk.confirmClockOn();
    await kiosk.expectReceipt('clockOn');
    await kiosk.finishReceipt();
    await kiosk.signIn(name, person.pin);
    await kiosk.choose('clockOff');
    await kiosk.expectReceipt('clockOff');

    const mine = () =>
      receiver.received.filter((r) => (r.envelope.Notifications[0] as { employeeId?: number } | undefined)?.employeeId === person.employeeId);
    // The service's worker polls every second; the kiosk's outbox sends at once when online.
    await expect.poll(() => mine().map((r) => r.envelope.Notifications[0]?.Action), { timeout: 20_000 }).toEqual(['ClockOn', 'ClockOff']);
    for (const got of mine()) {
      expect(isSignedBy(got.body, secret, got.headers['ms-signature'] as string | undefined)).toBe(true);
      expect(isSignedBy(got.body, `${secret}x`, got.headers['ms-signature'] as string | undefined)).toBe(false);
      expect(got.headerNames).toContain('X-Bridge-Token');
      const envelope: WebhookEnvelope = got.envelope;
      expect(envelope).toMatchObject({ Attempt: 1, Properties: { source: 'e2e' } });
      expect(envelope.Notifications[0]).toMatchObject({ businessId: demo.businessId, kioskId: demo.kioskId, employeeId: person.employeeId });
    }
    expect(mine()[1]?.envelope.Notifications[0]).toMatchObject({ employee: { status: 'ClockedOff' } });
  } finally {
    // The shared service lives on for other specs: leave no registration behind.
    await request.delete(`${registrations}/${encodeURIComponent(id)}`, { headers: apiKeyAuth(demo.apiKey) });
  }
});
