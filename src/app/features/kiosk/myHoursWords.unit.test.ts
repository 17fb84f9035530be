/** A manager's change as the person and the manager read it: a change to the breaks alone names the breaks. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LineChangeModel, LineSnapshotModel } from '../../../contract/supporting/myHours';
import { registerMessages } from '../../i18n/catalogue';
import { createFormatters } from '../../i18n/formatters';
import { myHours } from '../../i18n/messages/myHours';
import { createTranslator } from '../../i18n/translate';
import { changeSides, changeWords } from './myHoursWords';

const ZONE = 'Europe/London';
const line = (breaks: LineSnapshotModel['breaks'], end = '2026-11-24T17:00:00Z'): LineSnapshotModel => ({
  startUtc: '2026-11-24T09:00:00Z',
  endUtc: end,
  startLocal: '2026-11-24T09:00:00',
  endLocal: end.slice(0, 19),
  ianaTimeZone: ZONE,
  units: null,
  breaks,
});
const lunch = (end: string, isPaidBreak = false) => ({ startLocal: '2026-11-24T12:00:00', endLocal: `2026-11-24T${end}:00`, isPaidBreak });
const change = (before: LineSnapshotModel | null, after: LineSnapshotModel | null, action: LineChangeModel['action'] = 'Changed'): LineChangeModel => ({
  id: 1,
  employeeId: 1,
  timesheetLineId: 1,
  action,
  before,
  after,
  changedBy: 'A manager',
  changedUtc: '2026-11-25T09:00:00Z',
  acknowledgedUtc: null,
});

describe('the words of a change', () => {
  beforeAll(() => registerMessages(myHours));
  const t = createTranslator('en');
  const format = createFormatters('en-GB', ZONE, t);

  it('names the breaks on both sides when only the breaks changed', () => {
    expect(changeWords(t, format, change(line([lunch('12:30')]), line([lunch('12:45')])))).toBe(
      'Your manager changed Tuesday 24 November: 09:00–17:00, break 12:00–12:30 (30 min) → 09:00–17:00, break 12:00–12:45 (45 min)',
    );
    expect(changeSides(t, format, change(line([]), line([lunch('12:30'), { startLocal: '2026-11-24T15:00:00', endLocal: '2026-11-24T15:10:00', isPaidBreak: true }])))).toEqual({
      before: '09:00–17:00, no break',
      after: '09:00–17:00, breaks 12:00–12:30, 15:00–15:10 paid (40 min)',
    });
    // Paid or not is a change too.
    expect(changeSides(t, format, change(line([lunch('12:30')]), line([lunch('12:30', true)])))).toEqual({
      before: '09:00–17:00, break 12:00–12:30 (30 min)',
      after: '09:00–17:00, break 12:00–12:30 paid (30 min)',
    });
  });

  it('keeps to the times when the breaks did not change', () => {
    expect(changeWords(t, format, change(line([lunch('12:30')]), line([lunch('12:30')], '2026-11-24T16:30:00Z')))).toBe('Your manager changed Tuesday 24 November: 09:00–17:00 → 09:00–16:30');
    expect(changeWords(t, format, change(null, line([]), 'Added'))).toBe('Your manager added Tuesday 24 November: 09:00–17:00');
  });

  it('says it in Spanish too', () => {
    const es = createTranslator('es');
    const sides = changeSides(es, createFormatters('es-ES', ZONE, es), change(line([]), line([lunch('12:30')])));
    expect(sides).toEqual({ before: '09:00–17:00, sin descanso', after: '09:00–17:00, descanso 12:00–12:30 (30 min)' });
  });
});
