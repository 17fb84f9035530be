/**
 * Project extension: the forgotten clock-off. A person still clocked on after
 * the long-shift threshold says at the kiosk when they really finished; the kiosk clocks them off
 * (the raw punch, at the moment they said it) and sends this correction after it. A manager
 * accepts the stated finish (the timesheet line then ends there) or rejects it (the line keeps the
 * clock-off). Plain zod, shared with the client.
 */
import { z } from 'zod';
import { CORRECTION_STATUSES } from '../../domain/timesheets';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

export const FINISH_SUGGESTIONS = ['roster', 'typed'] as const;

export const ShiftCorrectionInputModel = z
  .object({
    employeeId: t.int32,
    punchKey: t
      .text(maxTextLength('keyId'))
      .min(1, 'punchKey is required')
      .meta({ description: 'The Idempotency-Key the clock-off was sent with (the kiosk sends the correction right after it).' }),
    clockOffRecordedTimeUtc: t.dateTimeInput.meta({ description: "The clock-off's recordedTimeUtc, exactly as sent." }),
    statedFinishUtc: t.dateTimeInput.meta({ description: 'When the person says they finished: after the clock-on, not after the clock-off.' }),
    suggestedBy: z
      .enum(FINISH_SUGGESTIONS)
      .default('typed')
      .meta({ description: '`roster` when the person took the rostered end the kiosk suggested; `typed` when they gave a time.' }),
  })
  .meta({ id: 'ShiftCorrectionInputModel', description: 'When a person who forgot to clock off says they finished.' });
export type ShiftCorrectionInputModel = z.input<typeof ShiftCorrectionInputModel>;

export const ShiftCorrectionModel = z
  .object({
    id: t.int32,
    employeeId: t.int32,
    employeeName: z.string(),
    kioskId: t.int32,
    shiftId: t.int32.nullable().meta({ description: 'The clocked shift; null when its clock-off never reached the service.' }),
    timesheetLineId: t.int32.nullable(),
    clockOnUtc: t.dateTime.nullable(),
    clockOffUtc: t.dateTime.meta({ description: 'When the clock-off was actually made (the raw punch).' }),
    statedFinishUtc: t.dateTime,
    statedFinishLocal: t.dateTime.meta({ description: "The stated finish on the kiosk's wall clock." }),
    suggestedBy: z.enum(FINISH_SUGGESTIONS),
    status: z.enum(CORRECTION_STATUSES),
    receivedUtc: t.dateTime,
    resolvedUtc: t.dateTime.nullable(),
    resolvedBy: z.string().nullable(),
  })
  .meta({ id: 'ShiftCorrectionModel', description: 'A forgotten clock-off and what became of it.' });
export type ShiftCorrectionModel = z.infer<typeof ShiftCorrectionModel>;
