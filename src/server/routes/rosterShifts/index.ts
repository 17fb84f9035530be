/** The roster shift route group (contract 2.8, and the kiosk's offline roster). */
import type { App } from '../../context';
import { registerRosterShiftHandlers } from './rosterShifts.handlers';

export function registerRosterShiftRoutes(app: App) {
  registerRosterShiftHandlers(app);
}
