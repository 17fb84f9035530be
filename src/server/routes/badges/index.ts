/** The badge route group (project extension). */
import type { App } from '../../context';
import { registerBadgeHandlers } from './badges.handlers';

export function registerBadgeRoutes(app: App) {
  registerBadgeHandlers(app);
}
