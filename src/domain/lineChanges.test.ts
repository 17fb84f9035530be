import { describe, expect, it } from 'vitest';
import { breakMinutes, changedParts, snapshotsDiffer, type LineSnapshot, type ReadSnapshot } from './lineChanges';

const ZONE = 'Europe/London';
const read = (breaks: ReadSnapshot['breaks'], over: Partial<ReadSnapshot> = {}): ReadSnapshot => ({
  startUtc: '2026-06-09T08:00:00Z',
  endUtc: '2026-06-09T16:00:00Z',
  ianaTimeZone: ZONE,
  units: null,
  breaks,
  ...over,
});
const lunch = (end: string, isPaidBreak = false) => ({ startLocal: '2026-06-09T12:00:00', endLocal: `2026-06-09T${end}:00`, isPaidBreak });

describe('what a change to a line altered', () => {
  it('tells a change to the breaks alone from a change to the times', () => {
    expect(changedParts(read([lunch('12:30')]), read([lunch('12:45')]))).toEqual({ span: false, breaks: true });
    expect(changedParts(read([lunch('12:30')]), read([]))).toEqual({ span: false, breaks: true });
    expect(changedParts(read([lunch('12:30')]), read([lunch('12:30', true)]))).toEqual({ span: false, breaks: true });
    expect(changedParts(read([lunch('12:30')]), read([lunch('12:30')], { endUtc: '2026-06-09T15:30:00Z' }))).toEqual({ span: true, breaks: false });
    expect(changedParts(read([]), read([lunch('12:30')], { startUtc: '2026-06-09T07:00:00Z' }))).toEqual({ span: true, breaks: true });
    // The same instant written differently is no change.
    expect(changedParts(read([]), read([], { startUtc: '2026-06-09T08:00:00.000Z' }))).toEqual({ span: false, breaks: false });
    expect(changedParts(read([], { startUtc: null, endUtc: null, units: 7.5 }), read([], { startUtc: null, endUtc: null, units: 8 }))).toEqual({ span: true, breaks: false });
  });

  it('treats an added or deleted line as a change of its span, and of its breaks when it has any', () => {
    expect(changedParts(null, read([]))).toEqual({ span: true, breaks: false });
    expect(changedParts(read([lunch('12:30')]), null)).toEqual({ span: true, breaks: true });
  });

  it('agrees with the service that a change to the breaks alone is a change', () => {
    const stored = (end: string): LineSnapshot => ({ startUtc: '2026-06-09T08:00:00Z', endUtc: '2026-06-09T16:00:00Z', ianaTimeZone: ZONE, units: null, breaks: [{ startUtc: '2026-06-09T11:00:00Z', endUtc: end, isPaidBreak: false }] });
    expect(snapshotsDiffer(stored('2026-06-09T11:30:00Z'), stored('2026-06-09T11:45:00Z'))).toBe(true);
  });
});

describe('break minutes', () => {
  it('adds the finished breaks and leaves a running one out', () => {
    expect(breakMinutes(read([lunch('12:30'), { startLocal: '2026-06-09T15:00:00', endLocal: '2026-06-09T15:10:00', isPaidBreak: true }]))).toBe(40);
    expect(breakMinutes(read([{ startLocal: '2026-06-09T12:00:00', endLocal: null, isPaidBreak: false }]))).toBe(0);
    expect(breakMinutes(read([]))).toBe(0);
  });

  it('counts real minutes across a clock change (London springs forward at 01:00 GMT on 29 March 2026)', () => {
    const night = read([{ startLocal: '2026-03-29T00:45:00', endLocal: '2026-03-29T02:15:00', isPaidBreak: false }], { startUtc: '2026-03-28T22:00:00Z', endUtc: '2026-03-29T05:00:00Z' });
    expect(breakMinutes(night)).toBe(30);
  });
});
