/** The access route group. */
import type { App } from '../../context';

export function registerAccessRoutes(_app: App) {
  // Routes are added here.
}
