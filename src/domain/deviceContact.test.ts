import { describe, expect, it } from 'vitest';
import { isDeviceSilent, lastHeardAt } from './deviceContact';

const at = (iso: string) => new Date(iso);
const enrolledAt = at('2025-03-01T08:00:00Z');

describe('device contact', () => {
  it('takes the latest of a request and a health report', () => {
    expect(lastHeardAt({ enrolledAt, lastSeenAt: null, healthReceivedAt: null })).toBeNull();
    expect(lastHeardAt({ enrolledAt, lastSeenAt: at('2025-03-01T09:00:00Z'), healthReceivedAt: at('2025-03-01T09:05:00Z') })).toEqual(at('2025-03-01T09:05:00Z'));
    expect(lastHeardAt({ enrolledAt, lastSeenAt: at('2025-03-01T09:10:00Z'), healthReceivedAt: at('2025-03-01T09:05:00Z') })).toEqual(at('2025-03-01T09:10:00Z'));
  });

  it('flags a device quiet for longer than the threshold, counted from enrolment if never heard', () => {
    const heard = { enrolledAt, lastSeenAt: at('2025-03-01T09:00:00Z'), healthReceivedAt: null };
    expect(isDeviceSilent(heard, at('2025-03-01T09:15:00Z'), 15)).toBe(false);
    expect(isDeviceSilent(heard, at('2025-03-01T09:15:00.001Z'), 15)).toBe(true);
    const never = { enrolledAt, lastSeenAt: null, healthReceivedAt: null };
    expect(isDeviceSilent(never, at('2025-03-01T08:10:00Z'), 15)).toBe(false);
    expect(isDeviceSilent(never, at('2025-03-01T08:16:00Z'), 15)).toBe(true);
    expect(isDeviceSilent(never, at('2025-03-01T08:00:31Z'), 0.5)).toBe(true);
  });
});
