/** The oauth route group: token issue and revocation for managers (contract 1.2, 2.3). */
import type { App } from '../../context';
import { registerOAuthTokenRoutes } from './oauth.handlers';

export function registerOAuthRoutes(app: App) {
  registerOAuthTokenRoutes(app);
}
