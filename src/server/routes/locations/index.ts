/** The locations route group (contract 2.6). */
import type { App } from '../../context';
import { registerLocationHandlers } from './locations.handlers';

export function registerLocationRoutes(app: App) {
  registerLocationHandlers(app);
}
