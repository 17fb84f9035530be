/** The timesheet route group (contract 2.9, with rounding rules, the export and raw punches). */
import type { App } from '../../context';
import { registerTimesheetHandlers } from './timesheets.handlers';

export function registerTimesheetRoutes(app: App) {
  registerTimesheetHandlers(app);
}
