/**
 * The set-up flow's rules without a browser: service URL normalisation and the reachability check,
 * time zone search, error classification, install-platform detection, the persistent-storage
 * answer, the captured install prompt, and the device's set-up-complete flag in IndexedDB.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../../client';
import { KioskDb } from '../../../offline/db';
import {
  clearEnrolment,
  markSetupComplete,
  readDeviceSetup,
  saveEnrolment,
  saveEnrolmentDuringSetup,
  type DeviceEnrolment,
} from '../../../offline/device';
import { captureInstallPrompt, getInstallPromptState, promptInstall } from '../../runtime/installPrompt';
import { detectInstallPlatform, requestPersistentStorage, type BrowserTraits } from './installHelp';
import { checkService, normaliseServiceUrl } from './serviceCheck';
import { classifySetupError, EnrolmentNotSavedError } from './setupApi';
import { searchTimeZones, supportedTimeZones, zoneParts } from './timeZones';

describe('service URL', () => {
  it('normalises what the installer typed', () => {
    expect(normaliseServiceUrl('  https://clock.example.com/  ', 'https:')).toEqual({ ok: true, url: 'https://clock.example.com' });
    expect(normaliseServiceUrl('clock.example.com', 'https:')).toEqual({ ok: true, url: 'https://clock.example.com' });
    expect(normaliseServiceUrl('https://example.com/kiosk/api/v2/?x=1#top', 'https:')).toEqual({ ok: true, url: 'https://example.com/kiosk' });
    expect(normaliseServiceUrl('http://127.0.0.1:8080', 'https:')).toEqual({ ok: true, url: 'http://127.0.0.1:8080' });
    expect(normaliseServiceUrl('', 'http:')).toEqual({ ok: false, reason: 'empty' });
    expect(normaliseServiceUrl('ftp://example.com', 'http:')).toEqual({ ok: false, reason: 'invalid' });
    expect(normaliseServiceUrl('https://user:pw@example.com', 'http:')).toEqual({ ok: false, reason: 'invalid' });
    expect(normaliseServiceUrl('http://clock.example.com', 'https:')).toEqual({ ok: false, reason: 'insecure' });
  });

  const document = { openapi: '3.1.0', paths: { '/api/v2/business/{businessId}/kiosk/{kioskId}/devices': {} } };
  const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

  it('accepts a service whose OpenAPI document offers device enrolment', async () => {
    const fetch = vi.fn(answer(200, document));
    expect(await checkService('https://clock.example.com/', { pageProtocol: 'https:', fetch })).toEqual({ ok: true, url: 'https://clock.example.com' });
    expect(fetch).toHaveBeenCalledWith('https://clock.example.com/api/v2/openapi.json', expect.objectContaining({ credentials: 'omit' }));
  });

  it('tells the failures apart', async () => {
    const check = (fetch: typeof globalThis.fetch, timeoutMs?: number) =>
      checkService('https://clock.example.com', { pageProtocol: 'https:', fetch, ...(timeoutMs ? { timeoutMs } : {}) });
    expect(await check(answer(404, 'Not found'))).toMatchObject({ ok: false, reason: 'not-kiosk-clock' });
    expect(await check(answer(200, '<html></html>'))).toMatchObject({ ok: false, reason: 'not-kiosk-clock' });
    expect(await check(answer(200, { openapi: '3.1.0', paths: { '/api/v2/business': {} } }))).toMatchObject({ ok: false, reason: 'not-kiosk-clock' });
    expect(await check(answer(503, ''))).toMatchObject({ ok: false, reason: 'http-error', status: 503 });
    expect(await check(() => Promise.reject(new TypeError('Failed to fetch')))).toMatchObject({ ok: false, reason: 'unreachable', url: 'https://clock.example.com' });
    const hangs: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect(await check(hangs, 20)).toMatchObject({ ok: false, reason: 'timeout' });
    expect(await checkService('', { pageProtocol: 'https:', fetch: answer(200, document) })).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('time zones', () => {
  const zones = supportedTimeZones(['Europe/London']);

  it('lists the supported zones, UTC and the extras, once each', () => {
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('UTC');
    expect(new Set(zones).size).toBe(zones.length);
    expect(supportedTimeZones(['Not/AZone'])).not.toContain('Not/AZone');
  });

  it('finds zones by city, region or part of the name, best first', () => {
    // ICU lists Buenos Aires as America/Buenos_Aires or America/Argentina/Buenos_Aires, by version.
    expect(searchTimeZones(zones, 'buenos', 6).matches[0]).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    expect(searchTimeZones(zones, 'new york', 6).matches[0]).toBe('America/New_York');
    expect(searchTimeZones(zones, 'sao paulo', 6).matches[0]).toBe('America/Sao_Paulo');
    expect(searchTimeZones(zones, 'madrid', 6).matches).toEqual(['Europe/Madrid']);
    const europe = searchTimeZones(zones, 'europe/ma', 2);
    expect(europe.matches[0]).toBe('Europe/Madrid');
    expect(europe.matches.every((zone) => zone.startsWith('Europe/Ma'))).toBe(true);
    expect(europe.total).toBeGreaterThan(2);
    expect(searchTimeZones(zones, '  ', 6)).toEqual({ matches: [], total: 0 });
    expect(searchTimeZones(zones, 'atlantis', 6)).toEqual({ matches: [], total: 0 });
  });

  it('labels a zone by city and region', () => {
    expect(zoneParts('America/Argentina/Buenos_Aires')).toEqual({ city: 'Buenos Aires', region: 'America / Argentina' });
    expect(zoneParts('UTC')).toEqual({ city: 'UTC', region: '' });
  });
});

describe('setup failures', () => {
  const http = (status: number, code: string, retryAfterSeconds: number | null = null) =>
    new ApiClientError(
      {
        kind: 'http',
        status,
        code: code as 'invalid-grant',
        problem: { type: 'x', title: 'Problem title', status, code, detail: 'Problem detail' },
        retryAfterSeconds,
        fieldErrors: status === 400 && code === 'validation-failed' ? [{ field: 'name', message: 'name is required' }] : [],
      },
      { operation: 'test' },
    );

  it('classifies what the service and the network answered', () => {
    expect(classifySetupError(http(400, 'invalid-grant'))).toEqual({ kind: 'wrong-credentials' });
    expect(classifySetupError(http(429, 'login-locked', 840))).toEqual({ kind: 'login-locked', retryAfterSeconds: 840 });
    expect(classifySetupError(http(401, 'unauthenticated'))).toEqual({ kind: 'session-expired' });
    expect(classifySetupError(http(403, 'forbidden'))).toEqual({ kind: 'forbidden' });
    expect(classifySetupError(http(403, 'business-creation-forbidden'))).toEqual({ kind: 'may-not-create-business' });
    expect(classifySetupError(http(404, 'not-found'))).toEqual({ kind: 'not-found' });
    expect(classifySetupError(http(400, 'validation-failed'))).toEqual({ kind: 'rejected', detail: 'name is required' });
    expect(classifySetupError(http(409, 'conflict'))).toEqual({ kind: 'rejected', detail: 'Problem detail' });
    expect(classifySetupError(http(500, 'internal-error'))).toMatchObject({ kind: 'unexpected' });
    expect(classifySetupError(new ApiClientError({ kind: 'network', timedOut: true }, { operation: 'test' }))).toEqual({ kind: 'network', timedOut: true });
    expect(classifySetupError(new EnrolmentNotSavedError('QuotaExceededError'))).toEqual({ kind: 'storage', message: 'QuotaExceededError' });
    expect(classifySetupError(new Error('boom'))).toEqual({ kind: 'unexpected', message: 'boom' });
  });
});

describe('installation', () => {
  const traits = (userAgent: string, extra: Partial<BrowserTraits> = {}): BrowserTraits => ({
    userAgent,
    maxTouchPoints: 0,
    iosStandalone: false,
    displayMode: () => false,
    ...extra,
  });
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
  const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';

  it('picks the instructions for the browser', () => {
    expect(detectInstallPlatform(traits(CHROME))).toBe('chromium');
    expect(detectInstallPlatform(traits(IPAD, { maxTouchPoints: 5 }))).toBe('ios');
    expect(detectInstallPlatform(traits(IPAD))).toBe('other'); // a Mac: no touch screen
    expect(detectInstallPlatform(traits(FIREFOX))).toBe('other');
    expect(detectInstallPlatform(traits(CHROME, { displayMode: (mode) => mode === 'fullscreen' }))).toBe('standalone');
    expect(detectInstallPlatform(traits(IPAD, { maxTouchPoints: 5, iosStandalone: true }))).toBe('standalone');
  });

  it('reports what the browser answered about persistent storage', async () => {
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
    expect(await requestPersistentStorage({ persisted: () => Promise.resolve(true), persist: () => Promise.resolve(false) })).toBe('persistent');
    expect(await requestPersistentStorage({ persisted: () => Promise.resolve(false), persist: () => Promise.resolve(true) })).toBe('persistent');
    expect(await requestPersistentStorage({ persisted: () => Promise.resolve(false), persist: () => Promise.resolve(false) })).toBe('best-effort');
    expect(await requestPersistentStorage({ persist: () => Promise.reject(new Error('denied')) })).toBe('best-effort');
  });

  it('keeps the beforeinstallprompt event and uses it once', async () => {
    const target = new EventTarget();
    const stop = captureInstallPrompt(target as unknown as Window);
    try {
      expect(await promptInstall()).toBe('unavailable');
      const prompt = vi.fn(() => Promise.resolve());
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        platforms: ['web'],
        userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
        prompt,
      });
      target.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      expect(getInstallPromptState()).toEqual({ canPrompt: true, installed: false });
      expect(await promptInstall()).toBe('accepted');
      expect(prompt).toHaveBeenCalledTimes(1);
      expect(getInstallPromptState()).toEqual({ canPrompt: false, installed: true });
      expect(await promptInstall()).toBe('unavailable');
    } finally {
      stop();
    }
  });
});

describe('set-up complete flag', () => {
  let counter = 0;
  const freshDb = () => new KioskDb(`setup-unit-${(counter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const enrolment: DeviceEnrolment = {
    serviceUrl: 'https://clock.example.com',
    businessId: 1,
    businessName: 'Bakery',
    kioskId: 2,
    kioskName: 'Front door',
    deviceId: 3,
    deviceName: 'Kiosk tablet',
    token: 'device-token',
    enrolledAt: '2025-01-31T08:00:00.000Z',
  };

  it('is false only between the set-up flow’s enrolment and starting the kiosk', async () => {
    const db = freshDb();
    expect(await readDeviceSetup(db)).toEqual({ enrolment: null, setupComplete: true });
    await saveEnrolmentDuringSetup(db, enrolment);
    expect(await readDeviceSetup(db)).toEqual({ enrolment, setupComplete: false });
    await markSetupComplete(db);
    expect(await readDeviceSetup(db)).toEqual({ enrolment, setupComplete: true });
    await clearEnrolment(db);
    expect(await db.meta.get('setupComplete')).toBeUndefined();
  });

  it('treats an enrolment made another way (no flag) as complete', async () => {
    const db = freshDb();
    await saveEnrolment(db, enrolment);
    expect(await readDeviceSetup(db)).toEqual({ enrolment, setupComplete: true });
  });
});
