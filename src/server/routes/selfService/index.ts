/**
 * The employee self-service group (contract 2.2, under /api/v2/ess/{employeeId}) and its two
 * admin extensions under the business (invite, revoke).
 */
import type { App } from '../../context';
import { registerSelfServiceInvitationRoutes } from './invitation.handlers';
import { registerSelfServiceTimeRoutes } from './selfService.handlers';

export function registerSelfServiceRoutes(app: App) {
  registerSelfServiceTimeRoutes(app);
  registerSelfServiceInvitationRoutes(app);
}
