/**
 * Test support for the client's API tests (imported by *.test.ts only, never by app code): a
 * client wired to the in-process service through an injected fetch, so no socket is opened.
 */
import type { TestService } from '../server/testing/testService';
import { createApiClient, type ApiClient, type ApiClientConfig } from './apiClient';
import type { Credentials } from './credentials';

/** Any origin will do: requests never leave the process. */
export const TEST_BASE_URL = 'http://kiosk.test';

/** A fetch that hands each request to the in-process service (which stamps its own Date header). */
export function serviceFetch(t: TestService): typeof fetch {
  return (input, init) => t.service.fetch(new Request(input, init));
}

/** A client of the in-process service with fixed credentials (or none). */
export function clientFor(t: TestService, credentials: Credentials | null, config: Partial<ApiClientConfig> = {}): ApiClient {
  return createApiClient({ baseUrl: TEST_BASE_URL, credentials: () => credentials, fetch: serviceFetch(t), ...config });
}
