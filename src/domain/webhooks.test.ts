import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildEnvelope,
  canonicalFilter,
  filtersMatch,
  nextAttemptAfter,
  normaliseFilters,
  RETRY_WINDOW_MS,
  signatureOf,
  verifySignature,
  WEBHOOK_EVENTS,
} from './webhooks';

describe('web hook filters', () => {
  it('reads names in any case and keeps the canonical spelling', () => {
    expect(canonicalFilter('clockon')).toBe('ClockOn');
    expect(canonicalFilter(' TIMESHEETAPPROVED ')).toBe('TimesheetApproved');
    expect(canonicalFilter('*')).toBe('*');
    expect(canonicalFilter('EmployeeCreated')).toBeNull();
  });

  it('treats no filter as every event, and the wildcard as swallowing the rest', () => {
    expect(normaliseFilters([])).toEqual({ filters: ['*'], unknown: [] });
    expect(normaliseFilters(['ClockOff', '*'])).toEqual({ filters: ['*'], unknown: [] });
  });

  it('lists unknown names and orders known ones as the catalogue does, without duplicates', () => {
    expect(normaliseFilters(['clockoff', 'ClockOn', 'CLOCKON', 'Nope'])).toEqual({ filters: ['ClockOn', 'ClockOff'], unknown: ['Nope'] });
  });

  it('matches an event only when named or wildcarded', () => {
    expect(filtersMatch(['*'], 'RosterShiftUpdated')).toBe(true);
    expect(filtersMatch(['ClockOn'], 'ClockOn')).toBe(true);
    expect(filtersMatch(['ClockOn'], 'ClockOff')).toBe(false);
    expect(new Set(WEBHOOK_EVENTS).size).toBe(WEBHOOK_EVENTS.length);
  });
});

describe('the envelope', () => {
  it('is the ASP.NET WebHooks work item, with Action winning over a data member of that name', () => {
    const envelope = buildEnvelope({
      deliveryId: 'abc',
      attempt: 2,
      properties: { Tenant: 'X' },
      notifications: [{ action: 'ClockOn', data: { employeeId: 7, Action: 'forged' } }],
    });
    expect(envelope).toEqual({ Id: 'abc', Attempt: 2, Properties: { Tenant: 'X' }, Notifications: [{ Action: 'ClockOn', employeeId: 7 }] });
    expect(Object.keys(envelope)).toEqual(['Id', 'Attempt', 'Properties', 'Notifications']);
  });
});

describe('ms-signature', () => {
  const body = JSON.stringify({ Id: 'x', Attempt: 1, Properties: {}, Notifications: [{ Action: 'ClockOn', note: 'café ☕' }] });
  const secret = 'a-secret-of-thirty-two-characters!';

  it('equals node:crypto HMAC-SHA256 over the UTF-8 body, as a receiver computes it', async () => {
    const expected = `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex')}`;
    expect(await signatureOf(body, secret)).toBe(expected);
  });

  it('verifies the right signature in any hex case and refuses a changed body, secret or header', async () => {
    const header = await signatureOf(body, secret);
    expect(await verifySignature(body, secret, header)).toBe(true);
    expect(await verifySignature(body, secret, header.toUpperCase().replace('SHA256=', 'sha256='))).toBe(true);
    expect(await verifySignature(`${body} `, secret, header)).toBe(false);
    expect(await verifySignature(body, `${secret}x`, header)).toBe(false);
    expect(await verifySignature(body, secret, header.slice(0, -1))).toBe(false);
    expect(await verifySignature(body, secret, null)).toBe(false);
  });
});

describe('retries', () => {
  const first = new Date('2026-11-25T10:00:00Z');

  it('wait 1 minute, then double, capped at an hour', () => {
    const minutes = (attempt: number) => ((nextAttemptAfter(attempt, first, first)?.getTime() ?? NaN) - first.getTime()) / 60_000;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(minutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('go on for at least 24 hours after the first attempt, then give up', () => {
    let at = first;
    let attempt = 1;
    for (; attempt < 200; attempt++) {
      const next = nextAttemptAfter(attempt, at, first);
      if (!next) break;
      at = next;
    }
    expect(at.getTime() - first.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    expect(at.getTime() - first.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(attempt).toBeLessThan(200);
  });
});
