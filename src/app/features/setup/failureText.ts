/**
 * Words for the set-up flow's failures: a service check that failed, and a SetupFailure (those that
 * are the service's problems in the app's one problem-code wording, i18n/problemWords.ts).
 */
import type { ErrorCode } from '../../../contract/problem';
import type { Formatters } from '../../i18n/formatters';
import { problemWords } from '../../i18n/problemWords';
import type { Translate } from '../../i18n/translate';
import { SERVICE_CHECK_TIMEOUT_MS, type ServiceCheck } from './serviceCheck';
import type { SetupFailure } from './setupApi';

export function serviceCheckText(check: Exclude<ServiceCheck, { ok: true }>, t: Translate): string {
  switch (check.reason) {
    case 'empty':
      return t('setup.service.empty');
    case 'invalid':
      return t('setup.service.invalid');
    case 'insecure':
      return t('setup.service.insecure');
    case 'unreachable':
      return t('setup.service.unreachable', { url: check.url });
    case 'timeout':
      return t('setup.service.timeout', { url: check.url, seconds: SERVICE_CHECK_TIMEOUT_MS / 1000 });
    case 'not-kiosk-clock':
      return t('setup.service.notKioskClock', { url: check.url });
    case 'http-error':
      return t('setup.service.httpError', { url: check.url, status: check.status });
  }
}

/** The set-up failures that are the service's problems, told in the words of their problem code. */
const PROBLEM_OF = {
  'wrong-credentials': 'invalid-grant',
  'login-locked': 'login-locked',
  'session-expired': 'unauthenticated',
  forbidden: 'forbidden',
  'may-not-create-business': 'business-creation-forbidden',
  'not-found': 'not-found',
} as const satisfies Partial<Record<SetupFailure['kind'], ErrorCode>>;

/** `now` is when the failure was received (lockouts are told as a time of day). */
export function setupFailureText(failure: SetupFailure, t: Translate, format: Formatters, now: number): string {
  switch (failure.kind) {
    case 'wrong-credentials':
    case 'session-expired':
    case 'forbidden':
    case 'may-not-create-business':
    case 'not-found': {
      const words = problemWords(PROBLEM_OF[failure.kind], 'manager');
      return t(words.key, words.values);
    }
    case 'login-locked': {
      const time = failure.retryAfterSeconds === null ? undefined : format.time(new Date(now + failure.retryAfterSeconds * 1000));
      const words = problemWords(PROBLEM_OF[failure.kind], 'manager', time);
      return t(words.key, words.values);
    }
    case 'rejected':
      return t('setup.error.rejected', { detail: failure.detail });
    case 'network':
      return failure.timedOut ? t('setup.error.timeout') : t('common.networkError');
    case 'storage':
      return t('setup.error.storage', { message: failure.message });
    case 'unexpected':
      return t('common.unexpectedError', { message: failure.message });
  }
}
