/** The Staff screen's project extension routes: PIN lockouts and kiosk access per kiosk. */
import type { App } from '../../context';
import { registerStaffAccessHandlers } from './staffAccess.handlers';

export function registerStaffAccessRoutes(app: App) {
  registerStaffAccessHandlers(app);
}
