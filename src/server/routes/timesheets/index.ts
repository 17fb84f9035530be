/** The timesheets route group. */
import type { App } from '../../context';

export function registerTimesheetRoutes(_app: App) {
  // Routes are added here.
}
