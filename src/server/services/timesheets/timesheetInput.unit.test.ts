/**
 * Generated proof that every kiosk line can be approved, rejected and edited as the manager's
 * screen sends it: the line rounding writes (domain roundShift over every rule, punch times,
 * breaks and roster shifts), shown on the wire as wall-clock text in its zone and sent back whole
 * with a new status, passes the service's line checks (planLine) and keeps every instant, even in
 * the hour repeated when clocks go back; an edit that moves its end a minute later passes too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UkBusinessTimesheetSettingsModel } from '../../../contract/generated/models';
import { roundShift } from '../../../domain/rounding';
import { kioskShiftArb } from '../../../domain/testing/kioskLineArbitraries';
import { parseWireDateTime, toLocalDateTime } from '../../../domain/time';
import { planLine, type PlanContext } from './timesheetInput';

const SETTINGS = { requireWorkType: false, requireLocation: false } as UkBusinessTimesheetSettingsModel;
const NO_REFS = { locations: new Map(), workTypes: new Map() };

describe('a kiosk line sent back by the manager', () => {
  it('is accepted as it stands (approve, reject) and keeps its instants', () => {
    fc.assert(
      fc.property(kioskShiftArb, ({ zone, rules, shift, roster }) => {
        const line = roundShift(shift, rules, zone, roster);
        const wire = (d: Date) => toLocalDateTime(d, zone);
        const ctx: PlanContext = { refs: NO_REFS, settings: SETTINGS, zone, stored: line };
        const plan = planLine(
          { startTime: wire(line.startUtc), endTime: wire(line.endUtc), breaks: line.breaks.map((b) => ({ startTime: wire(b.startUtc), endTime: wire(b.endUtc), isPaidBreak: b.isPaidBreak })) },
          ctx,
        );
        expect(plan.startUtc).toEqual(line.startUtc);
        expect(plan.endUtc).toEqual(line.endUtc);
        expect(plan.breaks).toEqual(line.breaks.map((b) => ({ startUtc: b.startUtc.toISOString(), endUtc: b.endUtc.toISOString(), isPaidBreak: b.isPaidBreak })));
      }),
      { numRuns: 2_000 },
    );
  });

  it('is accepted with its end moved a minute later (an edit), wherever that time can be written', () => {
    fc.assert(
      fc.property(kioskShiftArb, ({ zone, rules, shift, roster }) => {
        const line = roundShift(shift, rules, zone, roster);
        const later = new Date(line.endUtc.getTime() + 60_000);
        // A typed wall-clock time in the hour repeated when clocks go back names its first occurrence.
        fc.pre(parseWireDateTime(toLocalDateTime(later, zone), { zone })?.getTime() === Math.floor(later.getTime() / 1000) * 1000);
        const plan = planLine(
          { startTime: toLocalDateTime(line.startUtc, zone), endTime: toLocalDateTime(later, zone), breaks: [] },
          { refs: NO_REFS, settings: SETTINGS, zone, stored: line },
        );
        expect(plan.endUtc.getTime()).toBeGreaterThan(plan.startUtc.getTime());
      }),
      { numRuns: 2_000 },
    );
  });
});
