/** The employeeGroups route group. */
import type { App } from '../../context';

export function registerEmployeeGroupRoutes(_app: App) {
  // Routes are added here.
}
