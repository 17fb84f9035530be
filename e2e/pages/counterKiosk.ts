/**
 * The demo's counter kiosk as specs of location rules use it: its staff, its settings (the
 * location it stands at, its zone) and the business's API address with the demo's key, read in
 * one place.
 */
import type { APIRequestContext } from '@playwright/test';
import { apiKeyAuth } from '../support/serviceApi';
import type { DemoFile, ServiceInstance } from '../support/serviceProcess';

export interface CounterKiosk {
  counter: NonNullable<DemoFile['counterKiosk']>;
  headers: Record<string, string>;
  /** `<service>/api/v2/business/<id>`. */
  business: string;
  kioskModel: { locationId: number; ianaTimeZone: string };
}

export async function counterKioskOf(request: APIRequestContext, service: ServiceInstance<DemoFile>): Promise<CounterKiosk> {
  const demo = service.demo;
  const counter = demo.counterKiosk;
  if (!counter) throw new Error('demo.json has no counter kiosk');
  const headers = apiKeyAuth(demo.apiKey);
  const business = `${service.baseURL}/api/v2/business/${demo.businessId}`;
  const kioskModel = (await (await request.get(`${business}/kiosk/${counter.kioskId}`, { headers })).json()) as CounterKiosk['kioskModel'];
  return { counter, headers, business, kioskModel };
}
