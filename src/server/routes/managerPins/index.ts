/** The manager PIN route group (project extension). */
import type { App } from '../../context';
import { registerManagerPinHandlers } from './managerPins.handlers';

export function registerManagerPinRoutes(app: App) {
  registerManagerPinHandlers(app);
}
