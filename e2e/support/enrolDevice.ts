/**
 * Enrols the browser as a kiosk without going through the set-up screens (for specs about other
 * flows): asks the service for a device credential with the demo manager's API key, writes the
 * enrolment where the app keeps it (IndexedDB `kiosk-clock`, store `meta`, key `device`) and
 * reloads. The set-up flow itself is covered by its own spec.
 */
import type { Page } from '@playwright/test';
import { KioskStore } from './kioskStore';
import type { DemoFile } from './serviceProcess';

export interface EnrolledDevice {
  deviceId: number;
  token: string;
}

export async function enrolDeviceThroughApi(page: Page, serviceURL: string, demo: DemoFile, name = 'E2E tablet', businessName?: string): Promise<EnrolledDevice> {
  const response = await page.request.post(`${serviceURL}/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}/devices`, {
    headers: { authorization: `Basic ${Buffer.from(`${demo.apiKey}:`).toString('base64')}` },
    data: { name },
  });
  if (!response.ok()) throw new Error(`device enrolment failed: ${response.status()} ${await response.text()}`);
  const device = (await response.json()) as IssuedDevice;
  await page.goto('/');
  return storeEnrolment(page, serviceURL, demo, device, businessName);
}

/** A device credential as the service issues it (POST kiosk/{id}/devices). */
export interface IssuedDevice {
  id: number;
  name: string;
  token: string;
}

/**
 * Writes an issued device credential where the app keeps its enrolment and reloads; the page must
 * be on the app already (it opened its database).
 */
export async function storeEnrolment(page: Page, serviceURL: string, demo: DemoFile, device: IssuedDevice, businessName = 'Harbour Street Bakery'): Promise<EnrolledDevice> {
  await new KioskStore(page).putMeta('device', {
    serviceUrl: serviceURL,
    businessId: demo.businessId,
    businessName,
    kioskId: demo.kioskId,
    kioskName: 'Front door kiosk',
    deviceId: device.id,
    deviceName: device.name,
    token: device.token,
    enrolledAt: new Date().toISOString(),
  });
  await page.reload();
  return { deviceId: device.id, token: device.token };
}
