/** Supporting models of the devices routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';
import { BreakRulesModel } from './breakRules';
import { NO_BREAK_RULES } from '../../domain/breakRules';
import { PHOTO_RETENTION_DAYS } from '../../domain/photoRetention';
import { AttestationSettingsModel, AttestationWordingModel } from './attestations';
import { NO_ATTESTATIONS } from '../../domain/attestations';
import { LocationRulesModel } from './locationRules';

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
    requireWorkType: z
      .boolean()
      .default(false)
      .meta({ description: "The business's timesheet setting `requireWorkType` (UkBusinessTimesheetSettingsModel; off while the business has no work types): every clock-on needs a work type, whatever the kiosk's own `isWorkTypeRequired`." }),
    requireLocation: z
      .boolean()
      .default(false)
      .meta({ description: "The business's timesheet setting `requireLocation`: every clock-on needs a location, whatever the kiosk's own `isLocationRequired`." }),
    smsResets: z
      .boolean()
      .default(false)
      .meta({ description: "Whether a PIN reset code may be sent by text message (the business's `smsNotificationsEnabled`): the kiosk offers only the channels that work." }),
    photoExemptEmployeeIds: z
      .array(z.number().int())
      .default([])
      .meta({ description: 'Employees of the business exempt from punch photos (project extension): the kiosk does not open the camera for them, and the service keeps no photo of theirs.' }),
    photoRetentionDays: z
      .number()
      .int()
      .default(PHOTO_RETENTION_DAYS.default)
      .meta({ description: "How many days the business keeps punch photos (its photo policy's `retentionDays`): the kiosk's default photo notice says so." }),
    photoNotice: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: "The business's photo notice (its photo policy's `notice`); null: the kiosk shows its default notice in its language." }),
    photoNoticeAcknowledgedEmployeeIds: z
      .array(z.number().int())
      .default([])
      .meta({ description: 'Employees of the business who have acknowledged the photo notice (project extension): the kiosk does not show it to them again.' }),
    breakRules: BreakRulesModel.default(NO_BREAK_RULES).meta({
      description: "The business's break and rest rules (project-designed, `/roundingrules`' sibling `/breakrules`): the kiosk warns from them offline.",
    }),
    attestations: AttestationSettingsModel.default(NO_ATTESTATIONS).meta({
      description: 'The questions asked at clock-off (project extension, `/attestationsettings`): the kiosk decides offline what to ask.',
    }),
    attestationWording: z.array(AttestationWordingModel).default([]).meta({
      description:
        "The business's own wording of its questions at clock-off (project extension, `/attestationwording`): the current version of each " +
        'question it wrote, asked as written in every language; a question not listed is asked in its built-in wording. Absent from a policy kept before the setting existed.',
    }),
    locationRules: z.array(LocationRulesModel).default([]).meta({
      description:
        "Locations' overrides of `breakRules` and `attestations` (project extension, `/locationrules`): for a shift at one of them, or at a location under it without an override of its own, the kiosk warns and asks under its overrides.",
    }),
    locationParents: z
      .array(z.object({ locationId: t.int32, parentId: t.int32.nullable() }))
      .default([])
      .meta({
        description:
          'The location tree as the rules need it (project extension): each location of the business that has a parent (`UkLocationModel.parentId`), so the kiosk finds offline the override a location inherits from its nearest ancestor.',
      }),
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

/** Bounds of a health report: generous for a real kiosk, tight enough that nothing hostile is stored. */
export const HEALTH_LIMITS = {
  /** Entries waiting or needing attention: far beyond any real backlog. */
  maxCount: 1_000_000,
  /** A clock error beyond a year is reported as a year (the kiosk clamps before sending). */
  maxClockOffsetMs: 366 * 24 * 60 * 60 * 1000,
  maxVersionLength: 64,
} as const;

const reportedInstant = z
  .iso.datetime({ error: 'must be an ISO-8601 UTC date-time such as 2026-01-31T09:00:00.000Z' })
  .superRefine((value, ctx) => {
    const problem = t.dateTimeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ format: 'date-time', example: '2025-01-31T08:00:00.000Z' });

const count = (description: string) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(HEALTH_LIMITS.maxCount, `must be at most ${HEALTH_LIMITS.maxCount}`)
    .meta({ description });

/** Project extension: what a kiosk device says about itself (PUT /api/v2/device/health). */
export const DeviceHealthReportModel = z
  .object({
    queueDepth: count('Punches and changes waiting to be sent.'),
    oldestUnsentUtc: reportedInstant.nullable().meta({ description: 'When the oldest waiting entry was recorded; null when none waits.' }),
    lastSyncUtc: reportedInstant.nullable().meta({ description: 'When a sync last reached the service successfully; null if never.' }),
    clockOffsetMs: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(-HEALTH_LIMITS.maxClockOffsetMs, `must be within ${HEALTH_LIMITS.maxClockOffsetMs} ms of zero`)
      .max(HEALTH_LIMITS.maxClockOffsetMs, `must be within ${HEALTH_LIMITS.maxClockOffsetMs} ms of zero`)
      .meta({ description: "The measured offset of the service's clock from the device's (positive: the device is behind)." }),
    appVersion: z
      .string({ error: 'must be a string' })
      .min(1, 'appVersion is required')
      .max(HEALTH_LIMITS.maxVersionLength, `must be at most ${HEALTH_LIMITS.maxVersionLength} characters long`)
      .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters without spaces')
      .meta({ description: 'The app build the device runs.', example: '0.1.0+abc1234' }),
    storagePersisted: z
      .boolean({ error: 'must be true, false or null' })
      .nullable()
      .meta({ description: 'navigator.storage.persisted(): true when the browser keeps the data; null when it cannot say.' }),
    needsAttention: count('Entries the service refused, waiting for a manager.'),
    unknownBadgesOffline: count(
      'Badges this device could not place while the service was out of reach, since it was enrolled: each counts towards its offline badge lockout, and the service never saw them. Absent from apps older than the field.',
    ).optional(),
    lastUnknownBadgeOfflineUtc: reportedInstant
      .nullable()
      .optional()
      .meta({ description: 'When the latest of those badges was scanned; null when none was.' }),
    badgeLockedUntilUtc: reportedInstant
      .nullable()
      .optional()
      .meta({ description: "Until when this device refuses every badge after unknown ones in a row (its own offline count, or the service's lockout it was told of); null when not locked." }),
  })
  .strict()
  .meta({ id: 'DeviceHealthReportModel' });
export type DeviceHealthReportModel = z.infer<typeof DeviceHealthReportModel>;

/** A device's last health report as the service keeps it, with when the service received it. */
export const DeviceHealthModel = DeviceHealthReportModel.extend({
  receivedUtc: utc.meta({ description: "The service's time when the report arrived." }),
}).meta({ id: 'DeviceHealthModel' });
export type DeviceHealthModel = z.infer<typeof DeviceHealthModel>;

/** Project extension: a device of the business with its last health report, for a manager's fleet view. */
export const FleetDeviceModel = DeviceModel.extend({
  kioskName: z.string(),
  lastHeardUtc: utc.nullable().meta({ description: 'The latest contact of any kind (a request or a health report); null if never.' }),
  isSilent: z.boolean().meta({ description: 'True when the device has not been heard from for longer than DEVICE_SILENT_MINUTES (counted from enrolment if never).' }),
  health: DeviceHealthModel.nullable().meta({ description: 'The last health report; null if the device never sent one.' }),
}).meta({ id: 'FleetDeviceModel' });
export type FleetDeviceModel = z.infer<typeof FleetDeviceModel>;
