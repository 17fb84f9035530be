/** The business settings route group (contract 2.10). */
import type { App } from '../../context';
import { registerSettingsHandlers } from './settings.handlers';

export function registerSettingsRoutes(app: App) {
  registerSettingsHandlers(app);
}
