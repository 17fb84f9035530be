/**
 * The access route group: business user access (`B/access`, `B/access/user`) and the public
 * `/api/v2/account/activate` that completes an invitation.
 */
import type { App } from '../../context';
import { registerAccountHandlers, registerBusinessAccessHandlers } from './access.handlers';

export function registerAccessRoutes(app: App) {
  registerBusinessAccessHandlers(app);
  registerAccountHandlers(app);
}
