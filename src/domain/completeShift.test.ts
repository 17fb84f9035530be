import { describe, expect, it } from 'vitest';
import { checkCompleteShift } from './completeShift';

const t = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00Z`);
const NOW = t('20:00');

describe('complete shift rules', () => {
  const shift = { start: t('08:00'), end: t('16:00'), breaks: [{ start: t('12:00'), end: t('12:30'), isPaidBreak: false }] };

  it('accepts a well-formed shift', () => {
    expect(checkCompleteShift(shift, [], NOW)).toBeNull();
  });

  it('names what is wrong', () => {
    const code = (plan: Parameters<typeof checkCompleteShift>[0], existing: Parameters<typeof checkCompleteShift>[1] = []) =>
      checkCompleteShift(plan, existing, NOW)?.code ?? null;
    expect(code({ ...shift, end: t('08:00') })).toBe('shift-ends-before-start');
    expect(code({ ...shift, end: t('20:03') })).toBe('punch-in-future');
    expect(code({ ...shift, breaks: [{ start: t('13:00'), end: t('12:00'), isPaidBreak: false }] })).toBe('break-ends-before-start');
    expect(code({ ...shift, breaks: [{ start: t('07:00'), end: t('08:30'), isPaidBreak: false }] })).toBe('break-outside-shift');
    expect(
      code({
        ...shift,
        breaks: [
          { start: t('12:00'), end: t('12:30'), isPaidBreak: false },
          { start: t('12:15'), end: t('12:45'), isPaidBreak: false },
        ],
      }),
    ).toBe('breaks-overlap');
    expect(code(shift, [{ start: t('15:00'), end: t('18:00') }])).toBe('shift-overlaps-existing');
    expect(code(shift, [{ start: t('16:00'), end: t('18:00') }])).toBeNull();
  });
});
