/** The settings route group. */
import type { App } from '../../context';

export function registerSettingsRoutes(_app: App) {
  // Routes are added here.
}
