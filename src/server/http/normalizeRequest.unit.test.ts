import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createRequestNormalizer, lowerCasePath, normalizedJsonOf } from './normalizeRequest';

describe('the request normaliser leaves data alone', () => {
  it('lower-cases paths except the segment after a case-kept literal', () => {
    const kept = new Set(['webhookregistrations']);
    expect(lowerCasePath('/API/V2/Business/7/WebHookRegistrations/MyHook/Test', kept)).toBe('/api/v2/business/7/webhookregistrations/MyHook/test');
    expect(lowerCasePath('/API/V2/Business/7/Kiosk/Shifts', kept)).toBe('/api/v2/business/7/kiosk/shifts');
    expect(lowerCasePath('/API/X', new Set())).toBe('/api/x');
  });

  it('renames model keys but keeps the keys of map fields, and their values when not models', async () => {
    const normalize = createRequestNormalizer({
      maxBodyBytes: 10_000,
      queryNames: [],
      fieldNames: ['headers', 'properties', 'timesheets', 'startTime', 'webHookUri'],
      mapFields: new Map([
        ['headers', false],
        ['properties', false],
        ['timesheets', true],
      ]),
      caseKeptSegments: ['webhookregistrations'],
      logger: createLogger('silent', () => undefined),
    });
    const body = {
      WEBHOOKURI: 'https://x.example.com/',
      Headers: { 'X-Api-Key': 'k' },
      properties: { StartTime: 'kept', WebHookUri: { Nested: 1 } },
      TimeSheets: { '12': [{ STARTTIME: '2026-01-01T09:00:00' }] },
    };
    const request = new Request('http://127.0.0.1/API/v2/business/1/WebHookRegistrations/AbC', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const normalized = await normalize(request);
    if (normalized instanceof Response) throw new Error(`unexpected ${normalized.status}`);
    expect(new URL(normalized.url).pathname).toBe('/api/v2/business/1/webhookregistrations/AbC');
    expect(JSON.parse(normalizedJsonOf(normalized) ?? 'null')).toEqual({
      webHookUri: 'https://x.example.com/',
      headers: { 'X-Api-Key': 'k' },
      properties: { StartTime: 'kept', WebHookUri: { Nested: 1 } },
      timesheets: { '12': [{ startTime: '2026-01-01T09:00:00' }] },
    });
  });
});
