/** The devices route group. */
import type { App } from '../../context';

export function registerDeviceRoutes(_app: App) {
  // Routes are added here.
}
