/** The employees route group. */
import type { App } from '../../context';

export function registerEmployeeRoutes(_app: App) {
  // Routes are added here.
}
