/**
 * Project extensions of the kiosk (not in the vendor SDK): a kiosk's device-behaviour preferences,
 * and the identity claims that follow unverified offline punches. Plain zod,
 * shared with the client.
 */
import { z } from 'zod';
import { CLAIM_OUTCOMES, CLAIM_REASONS, CLAIM_STATUSES, CLAIMABLE_PUNCH_KINDS } from '../../domain/identityClaims';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

export const UNVERIFIED_OFFLINE_PUNCHES = ['off', 'flagged'] as const;
export const KIOSK_THEMES = ['system', 'light', 'dark'] as const;
export const LOCALE_TAG_MAX = 35;
/** The idle screen's delay: 0 (never) or 10 s to an hour. */
export const IDLE_SCREEN_SECONDS = { default: 60, min: 10, max: 3600 } as const;
/**
 * How long a step of the employee flow waits for a touch before returning to the names (WCAG
 * 2.2.1: adjustable over at least ten times the default).
 */
export const STEP_TIMEOUT_SECONDS = { default: 30, min: 10, max: 600 } as const;
/** An RSA-2048 OAEP block is 344 characters of base64; room for a 4096-bit key. */
export const SEALED_PIN_MAX = 1024;

/** A BCP 47 language tag Intl accepts (`en-GB`, `es`), kept as given. */
const localeTag = z
  .string()
  .min(2, 'must be a BCP 47 language tag such as en-GB')
  .max(LOCALE_TAG_MAX, `must be at most ${LOCALE_TAG_MAX} characters long`)
  .refine((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  }, 'must be a BCP 47 language tag such as en-GB');

export const KioskPreferencesModel = z
  .object({
    unverifiedOfflinePunches: z
      .enum(UNVERIFIED_OFFLINE_PUNCHES)
      .default('flagged')
      .meta({
        description:
          'When the service cannot be reached and the tablet cannot check a PIN (nobody checked it online on this tablet): ' +
          '`flagged` lets the person punch, with their PIN sealed for the service to check on arrival and the shift ' +
          'flagged for a manager if it does not match; `off` turns them away. Default `flagged`.',
      }),
    sounds: z.boolean().default(true).meta({ description: 'A short sound and vibration confirm a punch. Default true.' }),
    locale: localeTag
      .nullable()
      .default(null)
      .meta({ description: "Times and dates in this BCP 47 locale; null: from the business's country and the kiosk's time zone." }),
    theme: z.enum(KIOSK_THEMES).default('system').meta({ description: '`system` follows the tablet; `light` or `dark` fixes it.' }),
    idleScreenSeconds: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      // The range is declared too (0 to the maximum), so the OpenAPI document bounds the field; the
      // refinement then refuses the gap between 0 (never) and the shortest delay.
      .min(0, `must be 0 (never) or ${IDLE_SCREEN_SECONDS.min} to ${IDLE_SCREEN_SECONDS.max}`)
      .max(IDLE_SCREEN_SECONDS.max, `must be 0 (never) or ${IDLE_SCREEN_SECONDS.min} to ${IDLE_SCREEN_SECONDS.max}`)
      .refine((n) => n === 0 || (n >= IDLE_SCREEN_SECONDS.min && n <= IDLE_SCREEN_SECONDS.max), `must be 0 (never) or ${IDLE_SCREEN_SECONDS.min} to ${IDLE_SCREEN_SECONDS.max}`)
      .default(IDLE_SCREEN_SECONDS.default)
      .meta({
        description:
          'After this many seconds without a touch on the staff grid the tablet shows its idle screen (a large clock, the business name, "Tap your name"), readable across the room; a touch brings the names back. 0: never. Default 60.',
      }),
    stepTimeoutSeconds: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(STEP_TIMEOUT_SECONDS.min, `must be ${STEP_TIMEOUT_SECONDS.min} to ${STEP_TIMEOUT_SECONDS.max}`)
      .max(STEP_TIMEOUT_SECONDS.max, `must be ${STEP_TIMEOUT_SECONDS.min} to ${STEP_TIMEOUT_SECONDS.max}`)
      .default(STEP_TIMEOUT_SECONDS.default)
      .meta({
        description:
          'How long a step after the staff grid (PIN, actions, a note...) waits for a touch before the kiosk goes back to the names and forgets what was typed; a warning shows for the last 5 seconds. 10 to 600; default 30.',
      }),
  })
  .meta({
    id: 'KioskPreferencesModel',
    description: "Project extension: how the kiosk's tablets behave (the vendor's kiosk model has no place for it). A field left out takes its default.",
  });
export type KioskPreferencesModel = z.output<typeof KioskPreferencesModel>;
export type KioskPreferencesInput = z.input<typeof KioskPreferencesModel>;

/** The preferences of a kiosk nobody has set yet. */
export const DEFAULT_KIOSK_PREFERENCES: KioskPreferencesModel = KioskPreferencesModel.parse({});

export const IdentityClaimInputModel = z
  .object({
    employeeId: t.int32,
    punchKey: t
      .text(maxTextLength('keyId'))
      .min(1, 'punchKey is required')
      .meta({ description: 'The Idempotency-Key the punch was sent with (the kiosk sends the claim right after it).' }),
    punchKind: z.enum(CLAIMABLE_PUNCH_KINDS),
    recordedTimeUtc: t.dateTimeInput.meta({ description: "The punch's recordedTimeUtc, exactly as sent." }),
    keyId: t.text(maxTextLength('keyId')).min(1).nullable().default(null),
    sealedPin: t.byteArrayInput
      .max(SEALED_PIN_MAX, `must be at most ${SEALED_PIN_MAX} characters long`)
      .nullable()
      .default(null)
      .meta({ description: 'RSA-OAEP-256 encryption of the JSON `{"pin"}` typed at the kiosk, base64; null when the kiosk had no sealing key.' }),
    badgeId: t.int32
      .nullable()
      .default(null)
      .meta({
        description:
          'For a punch made offline by a badge the tablet accepted from its kept verifiers (no PIN): the badge. The claim is verified when ' +
          "the badge was the person's and not revoked at the punch's time, else flagged `badge-revoked`. Ignored when a sealed PIN is sent.",
      }),
  })
  .meta({
    id: 'IdentityClaimInputModel',
    description: 'Who an offline punch says it was: the PIN typed, sealed so only the service can check it, or the badge the tablet accepted.',
  });
export type IdentityClaimInputModel = z.input<typeof IdentityClaimInputModel>;

export const IdentityClaimModel = z
  .object({
    id: t.int32,
    employeeId: t.int32,
    employeeName: z.string(),
    kioskId: t.int32,
    shiftId: t.int32.nullable(),
    punchKind: z.enum(CLAIMABLE_PUNCH_KINDS),
    timeOfRecordUtc: t.dateTime,
    receivedUtc: t.dateTime,
    outcome: z.enum(CLAIM_OUTCOMES),
    reason: z.enum(CLAIM_REASONS).nullable(),
    status: z.enum(CLAIM_STATUSES),
    photo: z.string().nullable().meta({ description: "The punch's photo (JPEG, base64), when the kiosk took one." }),
    resolvedUtc: t.dateTime.nullable(),
    resolvedBy: z.string().nullable(),
  })
  .meta({ id: 'IdentityClaimModel', description: 'An unverified offline punch and what became of it.' });
export type IdentityClaimModel = z.infer<typeof IdentityClaimModel>;
