/**
 * The typed API client (no React): import from here in the app, the service worker and scripts.
 */
export { createApiClient } from './apiClient';
export type * from './apiClient';
export type { BodyOf, Call, CallInput, OptionsOf, PathOf, QueryOf, ResultOf } from './call';
export { authorizationHeader, type Credentials } from './credentials';
export { createOnceCalls, type OnceCall, type OnceCallsOptions } from './onceCalls';
export { readAllPages, type PageQuery } from './readAllPages';
export {
  ApiClientError,
  isApiClientError,
  isRetryable,
  type ApiClientErrorDetail,
  type ApiClientErrorKind,
  type FieldError,
  type HttpApiClientError,
  type InvalidResponseApiClientError,
  type NetworkApiClientError,
  type ResponseIssue,
} from './errors';
export type * from './types';
