/** The locations route group. */
import type { App } from '../../context';

export function registerLocationRoutes(_app: App) {
  // Routes are added here.
}
