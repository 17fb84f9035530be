/** The oauth route group. */
import type { App } from '../../context';

export function registerOAuthRoutes(_app: App) {
  // Routes are added here.
}
