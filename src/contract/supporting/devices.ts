/** Supporting models of the devices routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

const DEVICE_NAME_MAX = maxTextLength('name');

const utc = z.string().meta({ format: 'date-time', example: '2025-01-31T08:00:00.000Z' });

export const EnrolDeviceModel = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(DEVICE_NAME_MAX, `must be at most ${DEVICE_NAME_MAX} characters long`)
      .regex(t.NO_NUL_PATTERN, 'must not contain the NUL character')
      .meta({ description: 'A label for managers, e.g. "Front door tablet".', example: 'Front door tablet' }),
  })
  .meta({ id: 'EnrolDeviceModel' });
export type EnrolDeviceModel = z.infer<typeof EnrolDeviceModel>;

export const DeviceModel = z
  .object({
    id: z.number().int(),
    name: z.string(),
    businessId: z.number().int(),
    kioskId: z.number().int(),
    createdUtc: utc,
    lastSeenUtc: utc.nullable().meta({ description: 'When the device last checked its enrolment; null if never.' }),
  })
  .meta({ id: 'DeviceModel' });
export type DeviceModel = z.infer<typeof DeviceModel>;

export const EnrolledDeviceModel = z
  .object({
    id: z.number().int(),
    name: z.string(),
    businessId: z.number().int(),
    kioskId: z.number().int(),
    token: z.string().meta({ description: 'The device credential, sent as `Bearer <token>`. Shown only here.' }),
    createdUtc: utc,
  })
  .meta({ id: 'EnrolledDeviceModel' });
export type EnrolledDeviceModel = z.infer<typeof EnrolledDeviceModel>;

/** The service's settings a kiosk applies itself, so it behaves the same offline. */
export const KioskPolicyModel = z
  .object({
    longShiftMinutes: z.number().int().meta({ description: 'An open shift longer than this is flagged long (LONG_SHIFT_MINUTES).' }),
    pinMaxAttempts: z.number().int().meta({ description: 'Wrong PINs in a row before the PIN locks (PIN_MAX_ATTEMPTS).' }),
    pinLockoutMinutes: z.number().int().meta({ description: 'How long a locked PIN stays locked (PIN_LOCKOUT_MINUTES).' }),
  })
  .meta({ id: 'KioskPolicyModel' });
export type KioskPolicyModel = z.infer<typeof KioskPolicyModel>;

export const DeviceIdentityModel = z
  .object({
    id: z.number().int(),
    name: z.string(),
    businessId: z.number().int(),
    kioskId: z.number().int(),
    kioskName: z.string(),
    policy: KioskPolicyModel,
  })
  .meta({ id: 'DeviceIdentityModel' });
export type DeviceIdentityModel = z.infer<typeof DeviceIdentityModel>;
