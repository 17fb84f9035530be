/**
 * Project extensions for punch photos (not in the vendor SDK): how long a business keeps them and
 * who may look at them, the retention job's record, and one person's photos for export. Plain zod,
 * shared with the client.
 */
import { z } from 'zod';
import { PUNCH_KINDS } from '../../domain/attendance';
import { PHOTO_RETENTION_DAYS } from '../../domain/photoRetention';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

export const PHOTO_VIEWERS = ['unrestrictedUsers', 'kioskManagers'] as const;
export type PhotoViewers = (typeof PHOTO_VIEWERS)[number];

const { min, max } = PHOTO_RETENTION_DAYS;
const NOTICE_MAX = maxTextLength('notice', 'PhotoPolicyModel');

export const PhotoPolicyModel = z
  .object({
    retentionDays: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be ${min} to ${max} days`)
      .max(max, `must be ${min} to ${max} days`)
      .default(PHOTO_RETENTION_DAYS.default)
      .meta({
        description: `Punch photos are deleted this many days after the service stored them (by an hourly job). ${min} to ${max}; default ${PHOTO_RETENTION_DAYS.default}.`,
      }),
    viewers: z
      .enum(PHOTO_VIEWERS)
      .default('unrestrictedUsers')
      .meta({
        description:
          'Who may see punch photos: `unrestrictedUsers` (managers with unrestricted access to the business) or also `kioskManagers` ' +
          '(restricted users, at the kiosks they may operate). Devices never see a photo again. Default `unrestrictedUsers`.',
      }),
    notice: t
      .text(NOTICE_MAX)
      .trim()
      .min(1, 'must not be blank (null for the default notice)')
      .nullable()
      .default(null)
      .meta({
        description:
          `The business's own words, shown on a kiosk before the first photo of a person is taken (at most ${NOTICE_MAX} characters). ` +
          "null: the kiosk shows its default notice in the kiosk's language. Each person acknowledges it once.",
      }),
  })
  .meta({ id: 'PhotoPolicyModel', description: 'Project extension: how long punch photos are kept and who may see them. A field left out takes its default.' });
export type PhotoPolicyModel = z.output<typeof PhotoPolicyModel>;
export type PhotoPolicyInput = z.input<typeof PhotoPolicyModel>;

export const DEFAULT_PHOTO_POLICY: PhotoPolicyModel = PhotoPolicyModel.parse({});

export const PhotoRetentionRunModel = z
  .object({
    ranUtc: t.dateTime,
    cutoffUtc: t.dateTime.nullable().meta({ description: 'Photos stored before this instant were deleted; null when the business had none that old.' }),
    photosDeleted: t.int32.meta({ description: "How many of this business's photos the run deleted." }),
  })
  .meta({ id: 'PhotoRetentionRunModel', description: "A run of the photo retention job, as it touched this business (counts only)." });
export type PhotoRetentionRunModel = z.infer<typeof PhotoRetentionRunModel>;

export const EmployeePhotoModel = z
  .object({
    punchId: t.int32,
    punchKind: z.enum(PUNCH_KINDS),
    kioskId: t.int32.nullable(),
    timeOfRecordUtc: t.dateTime,
    storedUtc: t.dateTime.meta({ description: 'When the service stored the photo; retention counts from here.' }),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    image: z.string().meta({ description: 'The photo, base64.' }),
  })
  .meta({ id: 'EmployeePhotoModel', description: 'One punch photo of a person, with its image.' });
export type EmployeePhotoModel = z.infer<typeof EmployeePhotoModel>;

export const PhotosErasedModel = z
  .object({ photosDeleted: t.int32 })
  .meta({ id: 'PhotosErasedModel', description: "How many of the person's photos were erased." });
export type PhotosErasedModel = z.infer<typeof PhotosErasedModel>;

export const PhotoExemptionModel = z
  .object({
    exempt: t.bool.meta({ description: 'true: the person is exempt from punch photos (their punches are made without one, marked `photoExempt`); false: photos as the kiosk requires.' }),
  })
  .meta({ id: 'PhotoExemptionModel', description: "Whether a person is exempt from punch photos." });
export type PhotoExemptionModel = z.infer<typeof PhotoExemptionModel>;

export const PhotoExemptionAnswerModel = z
  .object({ employeeId: t.int32, exempt: t.bool })
  .meta({ id: 'PhotoExemptionAnswerModel', description: "A person's photo exemption, as stored." });
export type PhotoExemptionAnswerModel = z.infer<typeof PhotoExemptionAnswerModel>;

export const PhotoNoticeAcknowledgementInputModel = z
  .object({
    employeeId: t.int32,
    acknowledgedUtc: t.dateTimeInput.meta({ description: "When the person acknowledged the notice, by the tablet's corrected clock (it may have been offline)." }),
  })
  .meta({ id: 'PhotoNoticeAcknowledgementInputModel', description: "A person acknowledged the business's photo notice at this kiosk." });
export type PhotoNoticeAcknowledgementInputModel = z.input<typeof PhotoNoticeAcknowledgementInputModel>;

export const PhotoNoticeAcknowledgementModel = z
  .object({
    employeeId: t.int32,
    kioskId: t.int32.nullable().meta({ description: 'Where they acknowledged it; null when that kiosk was deleted since.' }),
    acknowledgedUtc: t.dateTime,
    receivedUtc: t.dateTime.meta({ description: 'When the service received it.' }),
  })
  .meta({ id: 'PhotoNoticeAcknowledgementModel', description: "A person's acknowledgement of the photo notice: the first that reached the service." });
export type PhotoNoticeAcknowledgementModel = z.infer<typeof PhotoNoticeAcknowledgementModel>;

export const SelfServicePhotoNoticeModel = z
  .object({
    photoRequired: z.boolean().meta({ description: "Whether this employee's self-service punches need a photo now: the portal settings' requirePhoto, unless they are exempt." }),
    exempt: z.boolean().meta({ description: 'Whether the employee is exempt from punch photos (their punches are made without one).' }),
    notice: z.string().nullable().meta({ description: "The business's own words (PhotoPolicyModel.notice); null: show your default notice, saying what the kiosk's does." }),
    retentionDays: t.int32.meta({ description: 'How many days a punch photo is kept before the retention job deletes it.' }),
    acknowledgedUtc: t.dateTime.nullable().meta({ description: 'When the employee acknowledged the notice (anywhere: a kiosk or self-service); null when never.' }),
  })
  .meta({
    id: 'SelfServicePhotoNoticeModel',
    description: 'Project extension: the photo notice as it applies to one employee in self-service, and whether they have acknowledged it.',
  });
export type SelfServicePhotoNoticeModel = z.infer<typeof SelfServicePhotoNoticeModel>;
