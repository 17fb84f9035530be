/** The business route group. */
import type { App } from '../../context';

export function registerBusinessRoutes(_app: App) {
  // Routes are added here.
}
