/** The work types route group (contract 2.7). */
import type { App } from '../../context';
import { registerWorkTypeHandlers } from './workTypes.handlers';

export function registerWorkTypeRoutes(app: App) {
  registerWorkTypeHandlers(app);
}
