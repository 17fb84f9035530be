/**
 * What both demo seeds (seedDemo.ts for the UK bakery, seedAuDemo.ts for the AU café) use to build
 * their business through the service's own API, as a manager would: one call helper and the staff's
 * PINs.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { pinProblemCode } from '../../domain/pinPolicy';
import type { Service } from '../app';

export const WithId = z.object({ id: z.number().int() });
export const Staff = z.object({ employeeId: z.number().int() });

/**
 * Distinct 4-digit PINs the PIN policy accepts (no 1111, 1212 or 1234), bounded: 10,000 draws at
 * most. (The policy also refuses a person's own employee number; a fresh demo's numbers are far
 * below 1000.)
 */
export function distinctPins(count: number): string[] {
  const pins = new Set<string>();
  for (let i = 0; pins.size < count && i < 10_000; i += 1) {
    const pin = String(randomInt(1000, 10000));
    if (pinProblemCode(pin) === null) pins.add(pin);
  }
  return [...pins];
}

/**
 * Calls the service in process (an internal request: its log line is at debug level); anything
 * but a 2xx stops the seed, naming `seed` and the call.
 */
export async function callApi(service: Service, seed: string, auth: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await service.fetch(
    new Request(`http://demo.invalid${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { internal: true },
  );
  const text = await response.text();
  if (!response.ok) throw new Error(`${seed}: ${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}
