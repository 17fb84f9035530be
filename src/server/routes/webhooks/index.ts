/** The web hook registrations route group (contract 2.11). */
import type { App } from '../../context';
import { registerWebhookRegistrationHandlers } from './registrations.handlers';

export function registerWebhookRoutes(app: App) {
  registerWebhookRegistrationHandlers(app);
}
