/** The workTypes route group. */
import type { App } from '../../context';

export function registerWorkTypeRoutes(_app: App) {
  // Routes are added here.
}
