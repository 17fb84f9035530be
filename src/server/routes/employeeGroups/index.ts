/** The employee groups route group (contract 2.12). */
import type { App } from '../../context';
import { registerEmployeeGroupHandlers } from './employeeGroups.handlers';

export function registerEmployeeGroupRoutes(app: App) {
  registerEmployeeGroupHandlers(app);
}
