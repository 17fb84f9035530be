/** The devices route group: kiosk device enrolment (not in the SDK; see contract/routes/devices.ts). */
import type { App } from '../../context';
import { registerDeviceEnrolmentRoutes } from './devices.handlers';

export function registerDeviceRoutes(app: App) {
  registerDeviceEnrolmentRoutes(app);
}
