/** Each set-up step's heading, for the screens that name another step (resuming, signing in again). */
import type { MessageKey } from '../../i18n/catalogue';
import type { ProgressStep } from './setupProgress';

export const STEP_TITLE = {
  service: 'setup.service.title',
  signIn: 'setup.signIn.title',
  business: 'setup.business.title',
  kiosk: 'setup.kiosk.title',
  device: 'setup.device.title',
} as const satisfies Record<ProgressStep, MessageKey>;
