/** Words for the set-up flow's failures (a service check that failed, a SetupFailure). */
import type { Formatters } from '../../i18n/formatters';
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

/** `now` is when the failure was received (lockouts are told as a time of day). */
export function setupFailureText(failure: SetupFailure, t: Translate, format: Formatters, now: number): string {
  switch (failure.kind) {
    case 'wrong-credentials':
      return t('setup.error.wrongCredentials');
    case 'login-locked':
      return failure.retryAfterSeconds === null
        ? t('setup.error.lockedLater')
        : t('setup.error.locked', { time: format.time(new Date(now + failure.retryAfterSeconds * 1000)) });
    case 'session-expired':
      return t('setup.error.sessionExpired');
    case 'forbidden':
      return t('setup.error.forbidden');
    case 'may-not-create-business':
      return t('setup.error.mayNotCreateBusiness');
    case 'not-found':
      return t('setup.error.notFound');
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
