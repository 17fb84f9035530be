/**
 * Project-designed timesheet models (the vendor API has neither): the business's
 * rounding rules, whose fields are exactly domain/rounding.ts's flat `RoundingRules` (the schema is
 * checked against that interface, so the fact lives there), and the raw punches behind a kiosk
 * line, for the manager who sees the rounded line. Plain zod, shared with the client.
 */
import { z } from 'zod';
import { ROUNDING_DIRECTIONS, ROUNDING_INTERVALS, type RoundingRules } from '../../domain/rounding';
import * as t from '../wireTypes';

const direction = z.enum(ROUNDING_DIRECTIONS);
const interval = z
  .number({ error: 'must be a number' })
  .refine((n) => (ROUNDING_INTERVALS as readonly number[]).includes(n), `must be one of ${ROUNDING_INTERVALS.join(', ')}`)
  .meta({ enum: [...ROUNDING_INTERVALS] });
const window = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of minutes')
  .min(1, 'must be from 1 to 240 minutes')
  .max(240, 'must be from 1 to 240 minutes')
  .nullable();

/** One zod member per RoundingRules field; the mapped type refuses a missing or extra one. */
const roundingShape = {
  shiftStartRounding: direction,
  shiftStartRoundingMinutes: interval,
  shiftEndRounding: direction,
  shiftEndRoundingMinutes: interval,
  breakStartRounding: direction,
  breakStartRoundingMinutes: interval,
  breakEndRounding: direction,
  breakEndRoundingMinutes: interval,
  roundUpToRosterStartWithinMinutes: window,
  roundDownToRosterStartWithinMinutes: window,
  roundUpToRosterEndWithinMinutes: window,
  roundDownToRosterEndWithinMinutes: window,
} satisfies { [K in keyof RoundingRules]-?: z.ZodType<RoundingRules[K]> };

export const RoundingRulesModel = z.object(roundingShape).strict().meta({
  id: 'RoundingRulesModel',
  description:
    'Project-designed (the vendor API has no rounding model; named after the vendor\'s "Timesheet Rounding" help page): ' +
    'how kiosk lines are rounded. Shift start/end and break start/end each `DontRound`, `RoundUp`, `RoundDown` or ' +
    '`RoundToNearest` to a whole interval of minutes counted from local midnight (1, 5, 6, 10, 15, 30 or 60). The ' +
    '`roundUp/DownToRoster*WithinMinutes` rules (null = off) snap a start or end to the rostered time when it lies within ' +
    'that many minutes before (up) or after (down) it, and win over the general rule for that edge. Breaks stay inside ' +
    'the rounded shift. The raw punches are never changed.',
});
export type RoundingRulesModel = z.infer<typeof RoundingRulesModel>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time check: the wire model and the domain interface are one type. */
export const ROUNDING_MODEL_IS_DOMAIN: Same<RoundingRulesModel, RoundingRules> = true;

const rawBreak = z.object({
  startUtc: t.dateTime,
  endUtc: t.dateTime.nullable(),
  startLocal: t.dateTime,
  endLocal: t.dateTime.nullable(),
  isPaidBreak: t.bool,
});

export const TimesheetLinePunchesModel = z
  .object({
    timesheetLineId: t.int32,
    clockShiftId: t.int32.nullable().meta({ description: 'The clocked shift the line was written from; null for a line written by hand.' }),
    rosterShiftId: t.int32.nullable().meta({ description: 'The roster shift the clocked shift was matched to at clock-on, if any.' }),
    ianaTimeZone: t.string.meta({ description: 'The zone of the kiosk that recorded the shift (the `*Local` values are in it).' }),
    startUtc: t.dateTime.nullable(),
    endUtc: t.dateTime.nullable(),
    startLocal: t.dateTime.nullable(),
    endLocal: t.dateTime.nullable(),
    breaks: z.array(rawBreak),
  })
  .meta({
    id: 'TimesheetLinePunchesModel',
    description:
      'Project extension: the raw clocked times behind a timesheet line, as punched (before rounding). Every time field is null ' +
      'for a line that has no clocked shift.',
  });
export type TimesheetLinePunchesModel = z.infer<typeof TimesheetLinePunchesModel>;
