/**
 * The employee route group. Literal paths (`employee/details`, `employee/unstructured`,
 * `employee/grantkioskaccess/...`) are registered before the `employee/{employeeId}/...` ones so
 * they are never read as employee ids (contract 1.7).
 */
import type { App } from '../../context';
import { registerEmployeeLiteralRoutes, registerEmployeePickListRoutes } from './employees.handlers';

export function registerEmployeeRoutes(app: App) {
  registerEmployeeLiteralRoutes(app);
  registerEmployeePickListRoutes(app);
}
