/** The My hours route group (a project extension): a person's own record at the kiosk, disputes and managers' changes. */
import type { App } from '../../context';
import { registerMyHoursHandlers } from './myHours.handlers';

export function registerMyHoursRoutes(app: App) {
  registerMyHoursHandlers(app);
}
