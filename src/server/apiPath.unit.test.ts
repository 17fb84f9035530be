/**
 * API requests are handed to the API before the root app routes anything (server.ts, isApiPath):
 * the decision must be the one the root app's own routes for API_PATHS would make, for every
 * spelling of a path Hono reads (percent-encoding, a query, a trailing slash, case).
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_PATHS, isApiPath } from './server';

describe('isApiPath', () => {
  it('routes a path to the API exactly when the root app would', async () => {
    const root = new Hono();
    for (const path of API_PATHS) root.all(path, (c) => c.text('api'));
    root.all('*', (c) => c.text('app'));
    const paths = ['/api', '/api/', '/api/v2/business/1/kiosk/2/clockon', '/apix', '/apiv2/x', '/API/v2/business', '/Api/v2', '/oauth', '/oauth/token',
      '/oauthx', '/%61pi/v2/business', '/api%2Fv2', '/api?x=1', '/api/v2?q=%2F', '//api/x', '/', '/docs', '/livez', '/assets/app-12345678.js', '/kiosk/api/x'];
    const api: string[] = [];
    for (const path of paths) {
      const request = new Request(`http://localhost${path}`);
      const routed = await (await root.fetch(request)).text();
      expect(isApiPath(request), path).toBe(routed === 'api');
      if (routed === 'api') api.push(path);
    }
    // Both answers occur, so the comparison can fail either way.
    expect(api.length).toBeGreaterThan(3);
    expect(api.length).toBeLessThan(paths.length - 3);
  });
});
