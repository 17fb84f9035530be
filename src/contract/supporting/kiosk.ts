/** Supporting models of the kiosk routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import { PUNCH_KINDS } from '../../domain/attendance';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

export const PinFailuresReportModel = z
  .object({
    employeeId: t.int32,
    failedAttemptsUtc: z
      .array(t.dateTimeInput)
      .min(1, 'report at least one attempt')
      .max(50, 'report at most 50 attempts at once')
      .meta({ description: 'When each wrong PIN was typed at the kiosk while it was offline (UTC).' }),
  })
  .meta({
    id: 'PinFailuresReportModel',
    description: 'Wrong PINs an offline kiosk saw, so the lockout the kiosk applied carries over to the service.',
  });
export type PinFailuresReportModel = z.infer<typeof PinFailuresReportModel>;

export const PinSealKeyModel = z
  .object({
    keyId: z.string(),
    algorithm: z.literal('RSA-OAEP-256'),
    publicKey: z.string().meta({ description: 'SPKI DER, base64.' }),
  })
  .meta({ id: 'PinSealKeyModel', description: 'The key an offline kiosk seals a PIN change with (RSA-OAEP, SHA-256).' });
export type PinSealKeyModel = z.infer<typeof PinSealKeyModel>;

export const SealedPinChangeModel = z
  .object({
    employeeId: t.int32,
    keyId: t.text(maxTextLength('keyId')).min(1),
    sealed: t.byteArrayInput.meta({ description: 'RSA-OAEP-256 encryption of the JSON `{"oldPin","newPin"}`, base64.' }),
  })
  .meta({ id: 'SealedPinChangeModel', description: 'A PIN change the kiosk queued while offline, readable only by the service.' });
export type SealedPinChangeModel = z.infer<typeof SealedPinChangeModel>;

export const PunchRecordModel = z
  .object({
    id: t.int32,
    employeeId: t.int32,
    kioskId: t.int32.nullable().meta({ description: 'The kiosk it was made at; null for a punch made through employee self-service.' }),
    shiftId: t.int32.nullable(),
    kind: z.enum(PUNCH_KINDS),
    timeOfRecordUtc: t.dateTime.meta({ description: 'When the punch happened: the recorded time, or when it arrived.' }),
    recordedTimeUtc: t.dateTime.nullable().meta({ description: 'The device-recorded time, when the punch carried one.' }),
    receivedUtc: t.dateTime.meta({ description: 'When the service received it.' }),
    utcOffset: t.timeSpan.nullable(),
    isAdminInitiated: t.bool,
    hasPhoto: t.bool.meta({ description: 'A photo of the punch is held (false once deleted by retention or erased).' }),
    photoExempt: t.bool.meta({ description: 'Made without a photo because the person is exempt from punch photos (project extension).' }),
    recordedBy: z.string().meta({ description: 'Who sent it: `device:<id>` or `user:<id>:<oauth|apiKey>`.' }),
  })
  .meta({ id: 'PunchRecordModel', description: 'One accepted punch, as the service received it (the audit trail).' });
export type PunchRecordModel = z.infer<typeof PunchRecordModel>;
